import { SignJWT } from 'jose';
import { deriveKey } from './secret';
import { ACCESS_TOKEN_TTL_SECONDS, TokenService } from './tokens';

const SECRET = 'a-test-secret-of-enough-length-123';
const claims = { sub: 'user-1', sid: 'session-1', bid: 'business-1' };

describe('access tokens', () => {
  const tokens = new TokenService(SECRET);
  const key = new Uint8Array(deriveKey(SECRET, 'jwt'));
  const forge = (payload: Record<string, unknown>, alg = 'HS256') =>
    new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);

  it('accepts what it signed and gives the claims back', async () => {
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims });
  });

  it('reports an expired token as expired, with its (authentic) claims', async () => {
    const issued = Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000;
    const token = await tokens.signAccess(claims, issued);
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired', claims });
    expect((await tokens.verifyAccess(token, issued + 1000)).ok).toBe(true);
  });

  it('rejects a token signed with another secret, a changed payload, or a malformed one', async () => {
    const token = await tokens.signAccess(claims);
    expect(await new TokenService('another-secret-of-enough-length!!').verifyAccess(token)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const [h, , s] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ ...claims, bid: 'business-2', iss: 'atrium', aud: 'atrium-api' }));
    expect((await tokens.verifyAccess(`${h}.${changed.toString('base64url')}.${s}`)).ok).toBe(false);
    for (const bad of [undefined, '', 'a.b', 'a.b.c', `${token}.x`, token.slice(0, -2)]) {
      expect((await tokens.verifyAccess(bad)).ok).toBe(false);
    }
  });

  it('rejects tokens with the right key but the wrong issuer, audience, algorithm or claims', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const good = { ...claims, iss: 'atrium', aud: 'atrium-api', exp };
    expect((await tokens.verifyAccess(await forge(good))).ok).toBe(true);
    expect((await tokens.verifyAccess(await forge({ ...good, iss: 'other' }))).ok).toBe(false);
    expect((await tokens.verifyAccess(await forge({ ...good, aud: 'other' }))).ok).toBe(false);
    expect((await tokens.verifyAccess(await forge({ ...good, exp: undefined }))).ok).toBe(false);
    expect((await tokens.verifyAccess(await forge({ ...good, sid: 7 }))).ok).toBe(false);
    expect((await tokens.verifyAccess(await forge(good, 'HS512'))).ok).toBe(false);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(good)).toString('base64url')}.`;
    expect((await tokens.verifyAccess(none)).ok).toBe(false);
  });

  it('a token already verified is still judged by its expiry, and a changed copy of it is still refused', async () => {
    const issued = Date.now();
    const token = await tokens.signAccess(claims, issued);
    expect((await tokens.verifyAccess(token, issued)).ok).toBe(true); // verified and remembered
    expect(await tokens.verifyAccess(token, issued + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)).toEqual({
      ok: false,
      reason: 'expired',
      claims,
    });
    expect((await tokens.verifyAccess(`${token.slice(0, -3)}AAA`, issued)).ok).toBe(false);
    expect((await new TokenService('another-secret-of-enough-length!!').verifyAccess(token, issued)).ok).toBe(false);
  });
});
