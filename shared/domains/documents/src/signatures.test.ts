import {
  consentInputSchema,
  declineInputSchema,
  ESIGN_DISCLOSURE,
  isSignerToken,
  SIGNATURE_ERROR_PAGES,
  SIGNATURE_MESSAGES as M,
  signatureInputSchema,
  workflowCreateSchema,
  workflowListParamsSchema,
} from './signatures';
import { signatureKeys } from './keys';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('signature workflow schemas', () => {
  it('a workflow: defaults, signers in order, a client needs an email, one owner, an email once', () => {
    const ok = workflowCreateSchema.parse({ documentId: 'd1' });
    expect(ok).toMatchObject({ signingOrder: 'sequential', reminderIntervalDays: 3, message: '' });
    expect(ok.signers).toBeUndefined();
    expect(
      messages(
        workflowCreateSchema.safeParse({
          documentId: 'd1',
          signers: [
            { role: 'client', name: 'Ada' },
            { role: 'owner', name: 'O' },
            { role: 'owner', name: 'P' },
            { role: 'client', name: 'B', email: 'b@example.com' },
            { role: 'client', name: 'C', email: 'B@example.com' },
          ],
        }),
      ),
    ).toEqual([
      ['signers', M.oneOwner],
      ['signers.0.email', M.clientNeedsEmail],
      ['signers.4.email', M.emailTwice],
    ]);
    expect(messages(workflowCreateSchema.safeParse({ documentId: 'd1', reminderIntervalDays: 31 }))).toEqual([
      ['reminderIntervalDays', M.reminderRange],
    ]);
    expect(messages(workflowCreateSchema.safeParse({ documentId: 'd1', signingOrder: 'random' }))[0]?.[0]).toBe(
      'signingOrder',
    );
  });

  it('signatures: drawn with an image or typed with a name; consent must be accepted; a decline needs a reason', () => {
    expect(signatureInputSchema.safeParse({ kind: 'typed', name: '  Ada ' })).toMatchObject({
      success: true,
      data: { kind: 'typed', name: 'Ada' },
    });
    expect(messages(signatureInputSchema.safeParse({ kind: 'typed', name: ' ' }))).toEqual([['name', M.typedRequired]]);
    expect(messages(signatureInputSchema.safeParse({ kind: 'drawn', image: '' }))).toEqual([
      ['image', M.drawingRequired],
    ]);
    expect(signatureInputSchema.safeParse({ kind: 'stamp' }).success).toBe(false);
    expect(consentInputSchema.safeParse({ disclosureVersion: ESIGN_DISCLOSURE.version, accepted: true }).success).toBe(
      true,
    );
    expect(messages(consentInputSchema.safeParse({ disclosureVersion: 'v', accepted: false }))).toEqual([
      ['accepted', M.consentMustAccept],
    ]);
    expect(messages(declineInputSchema.safeParse({ reason: '  ' }))).toEqual([['reason', M.reasonRequired]]);
  });

  it('the list params, the signer token, the error pages and the keys', () => {
    expect(workflowListParamsSchema.parse({ page: '2', status: 'completed' })).toMatchObject({
      page: 2,
      status: 'completed',
    });
    expect(workflowListParamsSchema.safeParse({ status: 'done' }).success).toBe(false);
    expect(isSignerToken('sig_abc')).toBe(true);
    expect(isSignerToken('abc')).toBe(false);
    expect(isSignerToken(undefined)).toBe(false);
    expect(SIGNATURE_ERROR_PAGES).toEqual({
      NOT_FOUND: '/document-not-found',
      GONE: '/document-expired',
      SIGNATURE_LINK_USED: '/document-expired',
      SIGNATURE_VOIDED: '/document-error',
      SIGNATURE_DECLINED: '/document-error',
    });
    for (const key of [
      signatureKeys.list({ status: 'sent' }),
      signatureKeys.one('w1'),
      signatureKeys.byDocument('d1'),
      signatureKeys.verify('w1'),
      signatureKeys.signing('d1', 'sig_x'),
    ]) {
      expect(key.slice(0, 1)).toEqual(signatureKeys.all);
    }
  });
});
