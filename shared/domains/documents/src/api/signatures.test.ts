import type { ApiClient } from '@atrium/api-client';
import { publicSignaturesApi, signaturesApi } from './signatures';

/** A client that records every call and answers `{ data }` (or throws `fail` on GET). */
function recording(data: unknown = { ok: true }, fail?: unknown) {
  const calls: { method: string; path: string; arg?: unknown; options?: unknown }[] = [];
  const answer = (method: string) => async (path: string, arg?: unknown, options?: unknown) => {
    calls.push({ method, path, arg, options });
    if (fail && method === 'GET') throw fail;
    return { data, success: true };
  };
  const client = { get: answer('GET'), post: answer('POST') } as unknown as ApiClient;
  return { client, calls };
}

describe('signatures calls', () => {
  it('owner calls: paths, list params without blanks, answers unwrapped', async () => {
    const { client, calls } = recording({ _id: 'w1' });
    const api = signaturesApi(client);
    await api.list({ page: 2, search: '', status: 'completed' });
    expect(await api.get('w 1')).toEqual({ _id: 'w1' });
    await api.create({ documentId: 'd1' });
    await api.send('w1');
    await api.remind('w1');
    await api.void('w1', { reason: 'x' });
    await api.ownerConsent('w1', { disclosureVersion: 'v', accepted: true });
    await api.ownerSign('w1', { signature: { kind: 'typed', name: 'O' } });
    await api.verify('w1');
    expect(await api.byDocument('d1')).toEqual({ _id: 'w1' });
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', 'signatures/workflows'],
      ['GET', 'signatures/workflows/w%201'],
      ['POST', 'signatures/workflows'],
      ['POST', 'signatures/workflows/w1/send'],
      ['POST', 'signatures/workflows/w1/remind'],
      ['POST', 'signatures/workflows/w1/void'],
      ['POST', 'signatures/workflows/w1/owner-consent'],
      ['POST', 'signatures/workflows/w1/owner-sign'],
      ['GET', 'signatures/workflows/w1/verify'],
      ['GET', 'signatures/workflows/by-document/d1'],
    ]);
    expect(calls[0]?.arg).toEqual({ page: '2', status: 'completed' });
  });

  it('by-document answers null on a 404 and rethrows anything else', async () => {
    expect(await signaturesApi(recording(null, { status: 404 }).client).byDocument('d1')).toBeNull();
    await expect(signaturesApi(recording(null, { status: 500 }).client).byDocument('d1')).rejects.toEqual({
      status: 500,
    });
  });

  it('signer calls carry the token in the query', async () => {
    const { client, calls } = recording({ signerStatus: 'signed' });
    const api = publicSignaturesApi(client);
    await api.session('d/1', 'sig_t+k');
    await api.consent('d1', 'sig_t', { disclosureVersion: 'v', accepted: true });
    await api.sign('d1', 'sig_t', { signature: { kind: 'drawn', image: 'data:image/png;base64,AA==' } });
    await api.decline('d1', 'sig_t', { reason: 'No' });
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', 'public/documents/d%2F1/signing'],
      ['POST', 'public/documents/d1/signing/consent'],
      ['POST', 'public/documents/d1/signing/sign'],
      ['POST', 'public/documents/d1/signing/decline'],
    ]);
    expect(calls[0]?.arg).toEqual({ token: 'sig_t+k' });
    expect(calls[1]?.options).toEqual({ searchParams: { token: 'sig_t' } });
  });
});
