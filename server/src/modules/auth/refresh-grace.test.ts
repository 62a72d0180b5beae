import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ACCESS_COOKIE, API_ROOT, REFRESH_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@atrium/contracts';
import { type Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';
import { REFRESH_REUSE_GRACE_MS } from './auth.service';

describe(`refresh-token replay within ${REFRESH_REUSE_GRACE_MS / 1000} s`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every rotation so far happened longer ago than the grace window (as if the time had passed). */
  const ageRotations = () =>
    t.database.db.execute(
      sql`UPDATE refresh_tokens SET used_at = used_at - interval '1 minute' WHERE used_at IS NOT NULL`,
    );

  /** POST /auth/refresh with exactly this refresh cookie (as a tab that still holds it would send it). */
  const refreshWith = (agent: Agent, refreshToken: string) => {
    const xsrf = agent.cookie(XSRF_COOKIE)!;
    return t.app.inject({
      method: 'POST',
      url: `${API_ROOT}/auth/refresh`,
      cookies: { [REFRESH_COOKIE]: refreshToken, [XSRF_COOKIE]: xsrf },
      headers: { [XSRF_HEADER]: xsrf },
    });
  };

  const setCookie = (res: LightMyRequestResponse, name: string) =>
    (res.cookies as { name: string; value: string }[]).find((c) => c.name === name)?.value;

  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: `${API_ROOT}/users/me`, headers: { authorization: `Bearer ${accessToken}` } });

  test('10 concurrent refreshes with one token all succeed with the same new token; the session lives on', async () => {
    const { agent } = await signedInAgent(t.app);
    const token = agent.cookie(REFRESH_COOKIE)!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => refreshWith(agent, token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const next = new Set(answers.map((r) => setCookie(r, REFRESH_COOKIE)));
    expect(next.size).toBe(1);
    const [newToken] = [...next] as [string];
    expect(newToken).not.toBe(token);
    for (const r of answers) expect((await me(setCookie(r, ACCESS_COOKIE)!)).statusCode).toBe(200);

    // The session is alive: the new token rotates as usual, and the revocation checks still see no reuse.
    const after = await refreshWith(agent, newToken);
    expect(after.statusCode).toBe(200);
    expect((await me(setCookie(after, ACCESS_COOKIE)!)).statusCode).toBe(200);
  });

  test('a replay of the rotated token (a lost answer) gets the token that replaced it, also a few rotations on', async () => {
    const { agent } = await signedInAgent(t.app);
    const first = agent.cookie(REFRESH_COOKIE)!;
    const rotated = await refreshWith(agent, first);
    const second = setCookie(rotated, REFRESH_COOKIE)!;
    const replay = await refreshWith(agent, first);
    expect(replay.statusCode).toBe(200);
    expect(setCookie(replay, REFRESH_COOKIE)).toBe(second);

    const third = setCookie(await refreshWith(agent, second), REFRESH_COOKIE)!;
    expect(third).not.toBe(second);
    const late = await refreshWith(agent, first);
    expect(late.statusCode).toBe(200);
    expect(setCookie(late, REFRESH_COOKIE)).toBe(third);
    expect((await refreshWith(agent, third)).statusCode).toBe(200);
  });

  test('a replay after the grace window is reuse: the whole session is revoked', async () => {
    const { agent } = await signedInAgent(t.app);
    const first = agent.cookie(REFRESH_COOKIE)!;
    const answers = await Promise.all([refreshWith(agent, first), refreshWith(agent, first)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const live = setCookie(answers[0]!, REFRESH_COOKIE)!;
    const access = setCookie(answers[0]!, ACCESS_COOKIE)!;

    await ageRotations();
    const replay = await refreshWith(agent, first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Not signed in' });
    expect((await refreshWith(agent, live)).statusCode).toBe(401);
    expect((await me(access)).statusCode).toBe(401);
  });

  test('a replay after sign-out gets nothing, even within the window', async () => {
    const { agent } = await signedInAgent(t.app);
    const first = agent.cookie(REFRESH_COOKIE)!;
    expect((await agent.post('/auth/refresh')).statusCode).toBe(200);
    expect((await agent.post('/auth/logout')).statusCode).toBe(200);
    // With a CSRF token minted for that session, as whoever holds the old cookie could get one.
    const renew = await t.app.inject({
      method: 'POST',
      url: `${API_ROOT}/auth/renew-csrf`,
      cookies: { [REFRESH_COOKIE]: first },
    });
    const xsrf = renew.json().csrfToken as string;
    const replay = await t.app.inject({
      method: 'POST',
      url: `${API_ROOT}/auth/refresh`,
      cookies: { [REFRESH_COOKIE]: first, [XSRF_COOKIE]: xsrf },
      headers: { [XSRF_HEADER]: xsrf },
    });
    expect(replay.statusCode).toBe(401);
  });
});
