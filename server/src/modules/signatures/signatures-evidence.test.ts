import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  DOCUMENT_MESSAGES,
  ESIGN_DISCLOSURE,
  FILE_MANAGER_MESSAGES,
  SIGNATURE_MESSAGES as M,
  signingSessionSchema,
  workflowDocumentAnswerSchema,
  workflowSchema,
  workflowVerifyAnswerSchema,
  type Workflow,
} from '@atrium/domain-documents/schemas';
import {
  businesses,
  businessMembers,
  documentLinks,
  documents,
  signatureAudit,
  signatureSigners,
  signatureWorkflows,
  workFiles,
} from '../../db/schema';
import { Agent, createTestApp, dataOf as ok, errorOf, signedInAgent, type TestApp } from '../../../test/helpers';
import { documentContentSha256, verifySealedPdf } from './pdf';
import { SignaturesRepository } from './signatures.repository';
import { snapshotFromJson } from './signatures.snapshot';
import { greyPng as png } from './pdf/sample';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;
type Link = { documentId: string; token: string };

const UA = 'Mozilla/5.0 (evidence test)';

/** The text of a PDF as a viewer reads it (the documents module's pdfjs reader). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sig-text-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    const reader = join(__dirname, '../documents/pdf/read-pdf.mjs');
    const out = execFileSync(process.execPath, [reader, join(dir, 'f.pdf')], { encoding: 'utf8' });
    return (JSON.parse(out) as { page: { text: string }[] }).page.map((p) => p.text).join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
jest.setTimeout(120_000);

/**
 * Evidence that holds up (review of issue #18, findings 2, 4, 8, 9, 12, 13): the contract is sealed as it was sent,
 * the owner's signature is one owner's, a contract with its evidence cannot be deleted, the seal is in the hash chain
 * and its file cannot be deleted, the owner's mail says what is true, and sending mints no public link.
 */
describe('signature evidence', () => {
  let t: TestApp;
  let owner: Signed;
  let a: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInAgent(t.app, { firstName: 'Olive', lastName: 'Owner', businessName: 'Olive Kitchens' });
    a = owner.agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  let seq = 0;
  const email = (name: string) => `${name}.${++seq}.ev@example.com`;
  const newContract = async (extra: Record<string, unknown> = {}, signers?: unknown[]) =>
    (
      ok(
        await a.post('/documents', {
          type: 'contract',
          title: `Kitchen contract ${++seq}`,
          blocks: [{ id: 'c1', type: 'clause', title: 'Scope', html: '<p>We build a kitchen.</p>' }],
          signers: signers ?? [
            { role: 'client', name: 'Cleo Client', email: email('cleo') },
            { role: 'owner', name: 'Olive Owner', email: email('olive') },
          ],
          ...extra,
        }),
        201,
      ) as { _id: string }
    )._id;
  const create = async (body: Record<string, unknown>): Promise<Workflow> =>
    workflowSchema.parse(ok(await a.post('/signatures/workflows', body), 201));
  const send = async (id: string) => ok(await a.post(`/signatures/workflows/${id}/send`, {}));
  const get = async (id: string) => workflowSchema.parse(ok(await a.get(`/signatures/workflows/${id}`)));
  const linkOf = (to: string): Link => {
    const mail = [...t.mails].reverse().find((m) => m.to === to && /Sign here: /.test(m.text));
    if (!mail) throw new Error(`no invitation to ${to}`);
    const url = new URL(/Sign here: (\S+)/.exec(mail.text)![1]!);
    return { documentId: url.pathname.split('/').pop()!, token: url.searchParams.get('token')! };
  };
  const pub = (link: Link, step = '') =>
    `/api/v1/public/documents/${link.documentId}/signing${step}?token=${encodeURIComponent(link.token)}`;
  const client = () => new Agent(t.app).init();
  const open = (agent: Agent, link: Link) =>
    agent.request({ method: 'GET', url: pub(link), headers: { 'user-agent': UA } });
  const clientSigns = async (link: Link) => {
    const agent = await client();
    ok(await open(agent, link));
    ok(
      await agent.request({
        method: 'POST',
        url: pub(link, '/consent'),
        payload: { disclosureVersion: ESIGN_DISCLOSURE.version, accepted: true },
        headers: { 'user-agent': UA },
      }),
    );
    ok(
      await agent.request({
        method: 'POST',
        url: pub(link, '/sign'),
        payload: { signature: { kind: 'drawn', image: `data:image/png;base64,${png(300, 100).toString('base64')}` } },
        headers: { 'user-agent': UA },
      }),
    );
  };
  const ownerConsent = (agent: Agent, id: string) =>
    agent.post(`/signatures/workflows/${id}/owner-consent`, {
      disclosureVersion: ESIGN_DISCLOSURE.version,
      accepted: true,
    });
  const ownerSign = (agent: Agent, id: string, name = 'Olive Owner') =>
    agent.post(`/signatures/workflows/${id}/owner-sign`, { signature: { kind: 'typed', name } });
  /** A complete, sealed workflow of a new contract. */
  const completed = async (): Promise<{ documentId: string; workflow: Workflow }> => {
    const documentId = await newContract();
    const w = await create({ documentId });
    await send(w._id);
    await clientSigns(linkOf(w.signers[0]!.email));
    ok(await ownerConsent(a, w._id));
    ok(await ownerSign(a, w._id));
    return { documentId, workflow: await get(w._id) };
  };

  test('the contract is sealed as it was sent: later edits of its title, expiry, contact and business change nothing', async () => {
    const contact = ok(
      await a.post('/contacts', { firstName: 'Cleo', lastName: 'Original', email: email('contact') }),
      201,
    ) as { _id: string; email: string };
    const title = `Kitchen as sent ${++seq}`;
    const expiresAt = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const documentId = await newContract(
      {
        title,
        contactId: contact._id,
        expiresAt,
        blocks: [
          { id: 'c1', type: 'clause', title: 'Scope', html: '<p>Dear {{contact.firstName}} {{contact.lastName}}.</p>' },
        ],
      },
      [
        { role: 'client', name: 'Cleo Original', email: contact.email },
        { role: 'owner', name: 'Olive Owner', email: email('olive') },
      ],
    );
    const w = await create({ documentId });
    await send(w._id);
    const [sent] = await db().select().from(signatureWorkflows).where(eq(signatureWorkflows.id, w._id));
    const snapshot = snapshotFromJson(sent!.documentSnapshot);
    expect(snapshot).not.toBeNull();
    // The hash recorded at send is the stored model's.
    expect(sent!.documentSha256).toBe(documentContentSha256(snapshot!.model));
    expect(snapshot!.model.header.title).toBe(title);
    expect(snapshot!.businessName).toBe('Olive Kitchens');

    // Everything the hash covers changes after the send.
    ok(
      await a.put(`/documents/${documentId}`, {
        title: 'Renamed afterwards',
        expiresAt: new Date(Date.now() + 40 * 86_400_000).toISOString(),
      }),
    );
    ok(await a.put(`/contacts/${contact._id}`, { firstName: 'Changed', lastName: 'Name', email: contact.email }));
    ok(await a.put(`/businesses/${owner.body.user.businessId}`, { name: 'Renamed Business Ltd' }));
    const [live] = await db().select().from(documents).where(eq(documents.id, documentId));
    expect(live!.title).toBe('Renamed afterwards');

    // The signer is shown the contract as sent.
    const link = linkOf(contact.email);
    const session = signingSessionSchema.parse(ok(await open(await client(), link)));
    expect(session.document.title).toBe(title);
    expect(session.business.name).toBe('Olive Kitchens');
    expect(JSON.stringify(session.document.blocks)).toContain('Dear Cleo Original.');
    expect(session.document.expiresAt).toBe(expiresAt);
    // The signer's PDF is drawn from the snapshot too.
    const signerPdf = Buffer.from(
      ok(await (await client()).request({ method: 'GET', url: pub(link, '/pdf') })) as string,
      'base64',
    );
    const shown = pdfText(signerPdf);
    expect(shown).toContain(title);
    expect(shown).toContain('Olive Kitchens');
    expect(shown).not.toContain('Renamed');

    // The owner reads the same contract as sent (their view-document page).
    const asSent = workflowDocumentAnswerSchema.parse(ok(await a.get(`/signatures/workflows/${w._id}/document`)));
    expect(asSent).toMatchObject({ asSent: true, business: { name: 'Olive Kitchens' } });
    expect(asSent.document.title).toBe(title);
    const ownerPdf = Buffer.from(ok(await a.get(`/signatures/workflows/${w._id}/document-pdf`)) as string, 'base64');
    expect(pdfText(ownerPdf)).toContain(title);

    await clientSigns(link);
    ok(await ownerConsent(a, w._id));
    const done = workflowSchema.parse(ok(await ownerSign(a, w._id)));
    expect(done.status).toBe('completed');
    expect(done.signedFileId).not.toBeNull();

    const pdf = Buffer.from(ok(await a.get(`/signatures/workflows/${w._id}/signed-pdf`)) as string, 'base64');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(done.signedSha256);
    // The sealed PDF names the contract as sent and carries the hash recorded at send.
    const info = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(info.getKeywords()).toContain(`document-sha256:${sent!.documentSha256}`);
    expect(info.getTitle()).toBe(`${title} (signed)`);
    const verified = workflowVerifyAnswerSchema.parse(ok(await a.get(`/signatures/workflows/${w._id}/verify`)));
    expect(verified).toMatchObject({ valid: true, hashMatches: true, sealValid: true, auditChainValid: true });
    expect(verifySealedPdf(pdf).valid).toBe(true);
    // poppler's pdfsig agrees: the signature covers the whole document and it was not changed.
    const dir = mkdtempSync(join(tmpdir(), 'sig-evidence-'));
    try {
      writeFileSync(join(dir, 'signed.pdf'), pdf);
      let out = '';
      try {
        out = execFileSync('pdfsig', [join(dir, 'signed.pdf')], { encoding: 'utf8' });
      } catch (err) {
        // pdfsig exits non-zero for an untrusted (self-signed) certificate; its report is still on stdout.
        out = String((err as { stdout?: string }).stdout ?? '');
      }
      expect(out).toMatch(/Signature Validation: Signature is Valid/);
      expect(out).toMatch(/Total document signed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a seal the input refuses answers 409 with a clear message, never a 500; the sweep retries oldest first', async () => {
    // A workflow sent before snapshots (none stored) whose contract then changed: the live document no longer hashes
    // to what was recorded.
    const stuck = async () => {
      const documentId = await newContract();
      const w = await create({ documentId });
      await send(w._id);
      await db().update(signatureWorkflows).set({ documentSnapshot: null }).where(eq(signatureWorkflows.id, w._id));
      ok(await a.put(`/documents/${documentId}`, { title: 'Changed before the seal' }));
      await clientSigns(linkOf(w.signers[0]!.email));
      ok(await ownerConsent(a, w._id));
      expect(workflowSchema.parse(ok(await ownerSign(a, w._id))).status).toBe('completed');
      return w._id;
    };
    const first = await stuck();
    const res = await a.get(`/signatures/workflows/${first}/signed-pdf`);
    expect(errorOf(res)).toMatchObject({ status: 409, error: M.documentChanged });
    // A signature the PDF cannot draw (stored before drawings were checked): 409 naming the problem.
    const second = await stuck();
    // The drawing is spoiled before the recorded hash goes: a seal job retrying in the background between the two
    // would otherwise find nothing wrong and seal it.
    await db()
      .update(signatureSigners)
      .set({ signatureKind: 'drawn', signaturePng: png(10, 10).subarray(0, 40) })
      .where(eq(signatureSigners.workflowId, second));
    await db().update(signatureWorkflows).set({ documentSha256: null }).where(eq(signatureWorkflows.id, second));
    expect(errorOf(await a.get(`/signatures/workflows/${second}/signed-pdf`))).toMatchObject({ status: 409 });
    expect(errorOf(await a.get(`/signatures/workflows/${second}/signed-pdf`)).error).toMatch(
      new RegExp(`^${M.sealRefused}: `),
    );
    // The sweep takes the oldest completion first, so a few that keep failing cannot hide the newer ones.
    await db()
      .update(signatureWorkflows)
      .set({ completedAt: new Date(Date.now() + 60_000) })
      .where(eq(signatureWorkflows.id, first));
    const order = (await new SignaturesRepository(db()).unsealed(1000)).map((w) => w.id);
    expect(order.indexOf(second)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(second)).toBeLessThan(order.indexOf(first));
  });

  test('the business owner’s signature is one owner’s: the first who consents; another owner is refused', async () => {
    const second = await signedInAgent(t.app, { firstName: 'Sam', lastName: 'Second' });
    await db()
      .insert(businessMembers)
      .values({ businessId: owner.body.user.businessId, userId: second.body.user.id, role: 'owner' });
    ok(await second.agent.post(`/businesses/${owner.body.user.businessId}/switch`, {}));

    const documentId = await newContract({}, [{ role: 'owner', name: 'Olive Owner', email: email('olive') }]);
    const w = await create({ documentId });
    await send(w._id);
    // Owner A consents: the signer row is A's.
    ok(await ownerConsent(a, w._id));
    const [row] = await db().select().from(signatureSigners).where(eq(signatureSigners.workflowId, w._id));
    expect(row!.userId).toBe(owner.body.user.id);
    // Owner B can neither consent nor sign on A's consent.
    expect(errorOf(await ownerConsent(second.agent, w._id))).toMatchObject({ status: 403, error: M.anotherOwnerSigns });
    expect(errorOf(await ownerSign(second.agent, w._id, 'Sam Second'))).toMatchObject({
      status: 403,
      error: M.anotherOwnerSigns,
    });
    const mid = await get(w._id);
    expect(mid.signers[0]).toMatchObject({ status: 'consented', userId: owner.body.user.id });
    expect(mid.audit.filter((e) => e.event === 'consented')).toHaveLength(1);
    // A signs.
    const done = workflowSchema.parse(ok(await ownerSign(a, w._id)));
    expect(done.status).toBe('completed');
    expect(done.signers[0]).toMatchObject({ status: 'signed', userId: owner.body.user.id });

    // A signer row consented without its owner bound (recorded before the binding): the signer's own consent is
    // needed; B consenting first binds it to B, and then A is refused.
    const other = await newContract({}, [{ role: 'owner', name: 'Olive Owner', email: email('olive') }]);
    const w2 = await create({ documentId: other });
    await send(w2._id);
    expect(errorOf(await ownerSign(a, w2._id))).toMatchObject({ status: 409, error: M.consentRequired });
    ok(await ownerConsent(second.agent, w2._id));
    expect(errorOf(await ownerSign(a, w2._id))).toMatchObject({ status: 403, error: M.anotherOwnerSigns });
    await db().update(signatureSigners).set({ userId: null }).where(eq(signatureSigners.workflowId, w2._id));
    expect(errorOf(await ownerSign(second.agent, w2._id, 'Sam Second'))).toMatchObject({
      status: 409,
      error: M.consentRequired,
    });
    // Consenting again records the consent anew, bound to the owner who gives it; then they sign.
    ok(await ownerConsent(second.agent, w2._id));
    const rebound = await get(w2._id);
    expect(rebound.signers[0]!.userId).toBe(second.body.user.id);
    expect(rebound.audit.filter((e) => e.event === 'consented')).toHaveLength(2);
    expect(workflowSchema.parse(ok(await ownerSign(second.agent, w2._id, 'Sam Second'))).status).toBe('completed');
  });

  test('a contract sent for signature cannot be deleted (409), its evidence stays; a draft workflow goes with it', async () => {
    const documentId = await newContract();
    const w = await create({ documentId });
    await send(w._id);
    expect(errorOf(await a.delete(`/documents/${documentId}`))).toMatchObject({
      status: 409,
      error: DOCUMENT_MESSAGES.signatureEvidenceKept,
    });
    ok(await a.post(`/signatures/workflows/${w._id}/void`, { reason: 'Wrong price' }));
    expect(errorOf(await a.delete(`/documents/${documentId}`))).toMatchObject({ status: 409 });
    const [trail] = await db().select({ n: count() }).from(signatureAudit).where(eq(signatureAudit.workflowId, w._id));
    expect(trail!.n).toBeGreaterThan(2);
    expect((await get(w._id)).status).toBe('voided');

    // The database refuses too, whatever the caller.
    await expect(db().delete(documents).where(eq(documents.id, documentId))).rejects.toThrow();

    // A deleted business still takes its contracts, workflows, trails and sealed PDFs in one statement.
    const gone = await signedInAgent(t.app, { firstName: 'Gone', lastName: 'Owner' });
    const goneDoc = (
      ok(
        await gone.agent.post('/documents', {
          type: 'contract',
          title: 'Gone contract',
          blocks: [{ id: 'c1', type: 'clause', title: 'Scope', html: '<p>x</p>' }],
          signers: [{ role: 'owner', name: 'Gone Owner', email: email('gone') }],
        }),
        201,
      ) as { _id: string }
    )._id;
    const gw = workflowSchema.parse(ok(await gone.agent.post('/signatures/workflows', { documentId: goneDoc }), 201));
    ok(await gone.agent.post(`/signatures/workflows/${gw._id}/send`, {}));
    ok(await ownerConsent(gone.agent, gw._id));
    const sealedGone = workflowSchema.parse(ok(await ownerSign(gone.agent, gw._id, 'Gone Owner')));
    expect(sealedGone.signedFileId).not.toBeNull();
    await db().delete(businesses).where(eq(businesses.id, gone.body.user.businessId));
    expect(await db().select().from(signatureWorkflows).where(eq(signatureWorkflows.id, gw._id))).toHaveLength(0);
    expect(await db().select().from(signatureAudit).where(eq(signatureAudit.workflowId, gw._id))).toHaveLength(0);

    // A draft workflow (nothing sent, no evidence) is deleted with its contract; until sent it shows the document now.
    const draftDoc = await newContract();
    const draft = await create({ documentId: draftDoc });
    const now = workflowDocumentAnswerSchema.parse(ok(await a.get(`/signatures/workflows/${draft._id}/document`)));
    expect(now).toMatchObject({ asSent: false, document: { _id: draftDoc, status: 'draft' } });
    ok(await a.delete(`/documents/${draftDoc}`));
    const left = await db().select().from(signatureWorkflows).where(eq(signatureWorkflows.id, draft._id));
    expect(left).toHaveLength(0);
  });

  test('the seal is in the hash chain (SHA-256 and file) and its PDF cannot be deleted from the file manager', async () => {
    const { workflow } = await completed();
    const sealed = workflow.audit.at(-1)!;
    expect(workflow.audit.map((e) => e.event).slice(-2)).toEqual(['completed', 'sealed']);
    expect(sealed.data).toMatchObject({ sha256: workflow.signedSha256, fileId: workflow.signedFileId });
    expect(sealed.prevHash).toBe(workflow.audit.at(-2)!.hash);

    expect(errorOf(await a.delete(`/files/${workflow.signedFileId}`))).toMatchObject({
      status: 409,
      error: FILE_MANAGER_MESSAGES.sealedPdfKept,
    });
    const [file] = await db().select().from(workFiles).where(eq(workFiles.id, workflow.signedFileId!));
    expect(file).toBeDefined();
    const verified = workflowVerifyAnswerSchema.parse(ok(await a.get(`/signatures/workflows/${workflow._id}/verify`)));
    expect(verified.valid).toBe(true);

    // A workflow whose seal was recorded is never sealed again (a lost file is not silently replaced).
    await db().execute(sql`UPDATE signature_workflows SET signed_file_id = NULL WHERE id = ${workflow._id}`);
    expect(errorOf(await a.get(`/signatures/workflows/${workflow._id}/signed-pdf`))).toMatchObject({
      status: 409,
      error: M.sealedOnce,
    });
    const after = await get(workflow._id);
    expect(after.signedSha256).toBe(workflow.signedSha256);
    expect(after.audit.filter((e) => e.event === 'sealed')).toHaveLength(1);
  });

  test('the owner’s mail says what is true, and sending mints no public link to the contract', async () => {
    const ownerEmail = email('olive');
    const documentId = await newContract({}, [
      { role: 'client', name: 'Cleo Client', email: email('cleo') },
      { role: 'owner', name: 'Olive Owner', email: ownerEmail },
    ]);
    const w = await create({ documentId, signingOrder: 'any' });
    const links = async () =>
      (await db().select({ n: count() }).from(documentLinks).where(eq(documentLinks.documentId, documentId)))[0]!.n;
    expect(await links()).toBe(0);
    await send(w._id);
    expect(await links()).toBe(0);
    const [doc] = await db().select().from(documents).where(eq(documents.id, documentId));
    expect(doc!.status).toBe('sent');
    const mail = [...t.mails].reverse().find((m) => m.to === ownerEmail)!;
    expect(mail.text).toContain('was sent for signature. You can sign it now as the business owner.');
    expect(mail.text).not.toContain('Every other signer has signed');

    // Sequential, owner last: the owner is told to countersign once everyone else has.
    const lastEmail = email('olive');
    const seqDoc = await newContract({}, [
      { role: 'client', name: 'Cleo Client', email: email('cleo') },
      { role: 'owner', name: 'Olive Owner', email: lastEmail },
    ]);
    const s = await create({ documentId: seqDoc });
    await send(s._id);
    expect(t.mails.some((m) => m.to === lastEmail)).toBe(false);
    await clientSigns(linkOf(s.signers[0]!.email));
    const turn = [...t.mails].reverse().find((m) => m.to === lastEmail)!;
    expect(turn.text).toContain('Every other signer has signed');
  });
});
