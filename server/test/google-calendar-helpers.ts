import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { googleCalendarConnections, meetings } from '../src/db/schema';
import type { Agent } from './helpers';
import { sqlRows } from './helpers';
import type { FakeGoogle } from './fakes/google-calendar';

export const GCAL = '/integrations/google-calendar';

/** The whole connect flow as a browser does it: GET connect → Google's consent → Google's redirect to the callback. */
export async function connectCalendar(
  agent: Agent,
  fake: FakeGoogle,
  email: string,
  options: { deny?: boolean; from?: 'profile' | 'business' } = {},
) {
  fake.consent = { email, ...(options.deny ? { deny: true } : {}) };
  const start = await agent.get(`${GCAL}/connect${options.from ? `?from=${options.from}` : ''}`);
  if (start.statusCode !== 302) throw new Error(`connect: ${start.statusCode} ${start.body}`);
  const consent = new URL(String(start.headers.location));
  const atGoogle = await fetch(consent, { redirect: 'manual' });
  const callback = new URL(atGoogle.headers.get('location')!);
  const done = await agent.request({ method: 'GET', url: callback.pathname + callback.search });
  return { start, consent, callback, done };
}

/**
 * Waits until no Google Calendar job is queued or running. `retriesNow`: a job waiting for its retry delay runs at
 * once (the backoff itself is lib/jobs.ts's, tested there).
 */
export async function settle(db: Database, options: { retriesNow?: boolean; timeoutMs?: number } = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    if (options.retriesNow) {
      await db.execute(sql`UPDATE pgboss.job SET start_after = now()
        WHERE name LIKE 'google-calendar%' AND state = 'retry' AND start_after > now()`);
    }
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'google-calendar%' AND state < 'completed'`,
    );
    if (row!.n === 0) return;
    if (Date.now() > deadline) {
      const jobs = await sqlRows(
        db,
        sql`SELECT name, state::text, retry_count, output FROM pgboss.job
        WHERE name LIKE 'google-calendar%' AND state < 'completed'`,
      );
      throw new Error(`google calendar jobs still pending: ${JSON.stringify(jobs)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Jobs of a queue in a state (e.g. the pushes waiting for a retry). */
export async function jobsIn(db: Database, queue: string, states: string[]) {
  return sqlRows<{ id: string; state: string; data: Record<string, unknown>; retry_count: number }>(
    db,
    sql`SELECT id, state::text, data, retry_count FROM pgboss.job WHERE name = ${queue}
        AND state::text IN (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )})`,
  );
}

export async function meetingRows(db: Database, businessId: string) {
  return db.select().from(meetings).where(eq(meetings.businessId, businessId));
}

export async function connectionRow(db: Database, userId: string, businessId: string) {
  const rows = await db.select().from(googleCalendarConnections).where(eq(googleCalendarConnections.userId, userId));
  return rows.find((r) => r.businessId === businessId) ?? null;
}

/** Runs a sync through the API (POST sync) and waits for it. */
export async function syncNow(agent: Agent, db: Database) {
  const res = await agent.post(`${GCAL}/sync`);
  if (res.statusCode !== 202) throw new Error(`sync: ${res.statusCode} ${res.body}`);
  await settle(db);
}
