import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  ESIGN_DISCLOSURE,
  SIGNATURE_MESSAGES as M,
  signingSessionSchema,
  signingStepAnswerSchema,
  workflowListAnswerSchema,
  workflowSchema,
  workflowSendAnswerSchema,
  workflowVerifyAnswerSchema,
  type Workflow,
} from '@atrium/domain-documents/schemas';
import {
  documents,
  notifications,
  signatureAudit,
  signatureSigners,
  signatureWorkflows,
  workFiles,
} from '../../db/schema';
import { Agent, createTestApp, dataOf as ok, errorOf, signedInAgent, type TestApp } from '../../../test/helpers';
import { verifySealedPdf } from './pdf';
import { SignaturesRepository } from './signatures.repository';
import { SignaturesService, drawnPng } from './signatures.service';
import { verifyChain, type ChainedEntry } from './signatures.audit';
import { greyPng as png } from './pdf/sample';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;
const UA = 'Mozilla/5.0 (signer test)';
// Each workflow renders and seals a PDF on completion; the shared CI machine is slow.
jest.setTimeout(120_000);

describe('signature workflows', () => {
  let t: TestApp;
  let owner: Signed;
  let a: Agent;
  let stranger: Signed;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInAgent(t.app, { firstName: 'Olive', lastName: 'Owner' });
    a = owner.agent;
    stranger = await signedInAgent(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  let seq = 0;
  const email = (name: string) => `${name}.${++seq}@example.com`;
  const newContract = async (signers?: unknown[], agent = a, extra: Record<string, unknown> = {}) =>
    (
      ok(
        await agent.post('/documents', {
          type: 'contract',
          title: `Contract ${++seq}`,
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
  const create = async (body: Record<string, unknown>, agent = a): Promise<Workflow> =>
    workflowSchema.strict().parse(ok(await agent.post('/signatures/workflows', body), 201));
  const send = async (id: string) =>
    workflowSendAnswerSchema.parse(ok(await a.post(`/signatures/workflows/${id}/send`, {})));
  /** The signer's link from the last invitation mailed to `to`. */
  const linkOf = (to: string) => {
    const mail = [...t.mails].reverse().find((m) => m.to === to && /Sign here: /.test(m.text));
    if (!mail) throw new Error(`no invitation to ${to}`);
    const url = new URL(/Sign here: (\S+)/.exec(mail.text)![1]!);
    return { documentId: url.pathname.split('/').pop()!, token: url.searchParams.get('token')! };
  };
  const signer = async () => new Agent(t.app).init();
  const pub = (agent: Agent, link: { documentId: string; token: string }, step = '') =>
    `/api/v1/public/documents/${link.documentId}/signing${step}?token=${encodeURIComponent(link.token)}`;
  const open = (agent: Agent, link: { documentId: string; token: string }) =>
    agent.request({ method: 'GET', url: pub(agent, link), headers: { 'user-agent': UA } });
  const consent = (
    agent: Agent,
    link: { documentId: string; token: string },
    version: string = ESIGN_DISCLOSURE.version,
  ) =>
    agent.request({
      method: 'POST',
      url: pub(agent, link, '/consent'),
      payload: { disclosureVersion: version, accepted: true },
      headers: { 'user-agent': UA },
    });
  const sign = (agent: Agent, link: { documentId: string; token: string }, signature: unknown) =>
    agent.request({
      method: 'POST',
      url: pub(agent, link, '/sign'),
      payload: { signature },
      headers: { 'user-agent': UA },
    });
  const decline = (agent: Agent, link: { documentId: string; token: string }, reason: string) =>
    agent.request({ method: 'POST', url: pub(agent, link, '/decline'), payload: { reason } });
  const get = async (id: string, agent = a) => workflowSchema.parse(ok(await agent.get(`/signatures/workflows/${id}`)));
  const auditEvents = (w: Workflow) => w.audit.map((e) => e.event);

  test('sequential: the client signs through the link, the owner countersigns, the PDF is sealed and verifies', async () => {
    const documentId = await newContract();
    const draft = await create({ documentId, message: 'Please sign by Friday' });
    expect(draft.status).toBe('draft');
    expect(draft.signers.map((s) => [s.order, s.role, s.name, s.status])).toEqual([
      [1, 'client', 'Cleo Client', 'pending'],
      [2, 'owner', 'Olive Owner', 'pending'],
    ]);
    expect(auditEvents(draft)).toEqual(['created']);

    const sent = await send(draft._id);
    expect(sent.workflow.status).toBe('sent');
    expect(sent.invitations.map((i) => i.email)).toEqual(['sent', 'waiting']);
    const clientEmail = sent.workflow.signers[0]!.email;
    const link = linkOf(clientEmail);
    expect(link.documentId).toBe(documentId);
    expect(link.token.startsWith('sig_')).toBe(true);
    // Only the hash of the token is stored.
    const [row] = await db().select().from(signatureSigners).where(eq(signatureSigners.email, clientEmail));
    expect(row!.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);
    // The contract is sent (its content frozen) with the workflow.
    const [doc] = await db().select().from(documents).where(eq(documents.id, documentId));
    expect(doc!.status).toBe('sent');

    const client = await signer();
    const session = signingSessionSchema.parse(ok(await open(client, link)));
    expect(session.signer).toMatchObject({ name: 'Cleo Client', role: 'client', status: 'opened' });
    expect(session.yourTurn).toBe(true);
    expect(session.document.title).toBe(doc!.title);
    expect(session.disclosure.version).toBe(ESIGN_DISCLOSURE.version);
    expect(session.signers.map((s) => s.name)).toEqual(['Cleo Client', 'Olive Owner']);
    ok(await open(client, link)); // a second open records nothing more

    // Signing before consenting is refused; a consent to another version of the disclosure too.
    expect(errorOf(await sign(client, link, { kind: 'typed', name: 'Cleo' }))).toMatchObject({
      status: 409,
      error: M.consentRequired,
    });
    expect(errorOf(await consent(client, link, '1999-01-01'))).toMatchObject({
      status: 400,
      details: [{ field: 'disclosureVersion', message: M.disclosureChanged }],
    });
    const consented = signingStepAnswerSchema.parse(ok(await consent(client, link)));
    expect(consented.signerStatus).toBe('consented');
    const [afterConsent] = await db().select().from(signatureSigners).where(eq(signatureSigners.id, row!.id));
    expect(afterConsent).toMatchObject({ consentVersion: ESIGN_DISCLOSURE.version, consentUserAgent: UA });
    expect(afterConsent!.consentIp).toBeTruthy();
    expect(afterConsent!.consentedAt).toBeInstanceOf(Date);

    const drawing = png(300, 100);
    const signed = signingStepAnswerSchema.parse(
      ok(await sign(client, link, { kind: 'drawn', image: dataUrl(drawing) })),
    );
    expect(signed).toMatchObject({ signerStatus: 'signed', workflowStatus: 'in_progress' });
    const [afterSign] = await db().select().from(signatureSigners).where(eq(signatureSigners.id, row!.id));
    expect(afterSign!.signaturePng?.equals(drawing)).toBe(true);
    expect(afterSign!.signedUserAgent).toBe(UA);

    // The link is spent: every call answers SIGNATURE_LINK_USED.
    expect(errorOf(await open(client, link))).toMatchObject({ status: 409, code: 'SIGNATURE_LINK_USED' });
    expect(errorOf(await sign(client, link, { kind: 'typed', name: 'Again' }))).toMatchObject({
      code: 'SIGNATURE_LINK_USED',
    });

    // The owner's turn: told by e-mail (their signer has an address), signs through the session.
    const mid = await get(draft._id);
    expect(mid.status).toBe('in_progress');
    expect(mid.currentSignerId).toBe(mid.signers[1]!._id);
    expect(t.mails.some((m) => m.to === mid.signers[1]!.email && /business-owner-sign/.test(m.text))).toBe(true);
    ok(
      await a.post(`/signatures/workflows/${draft._id}/owner-consent`, {
        disclosureVersion: ESIGN_DISCLOSURE.version,
        accepted: true,
      }),
    );
    const done = workflowSchema.parse(
      ok(
        await a.post(`/signatures/workflows/${draft._id}/owner-sign`, {
          signature: { kind: 'typed', name: 'Olive Owner' },
        }),
      ),
    );
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    expect(done.signers[1]).toMatchObject({
      status: 'signed',
      signatureKind: 'typed',
      typedName: 'Olive Owner',
      userId: owner.body.user.id,
    });
    expect(auditEvents(done)).toEqual([
      'created',
      'sent',
      'sent',
      'opened',
      'consented',
      'signed',
      'sent',
      'consented',
      'signed',
      'completed',
      'sealed',
    ]);
    // The document is completed; the owners are told.
    const [finished] = await db().select().from(documents).where(eq(documents.id, documentId));
    expect(finished!.status).toBe('completed');
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.type, 'SIGNATURE_COMPLETED'), eq(notifications.businessId, owner.body.user.businessId)),
      );
    expect(told.map((n) => (n.data as { workflowId?: string }).workflowId)).toContain(draft._id);

    // The sealed PDF: stored in the file manager, downloadable, its hash recorded, the seal valid.
    expect(done.signedFileId).not.toBeNull();
    const pdf = Buffer.from(ok(await a.get(`/signatures/workflows/${draft._id}/signed-pdf`)) as string, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(done.signedSha256);
    const [file] = await db().select().from(workFiles).where(eq(workFiles.id, done.signedFileId!));
    expect(file).toMatchObject({ mime: 'application/pdf', businessId: owner.body.user.businessId, complete: true });
    const verified = workflowVerifyAnswerSchema.parse(ok(await a.get(`/signatures/workflows/${draft._id}/verify`)));
    expect(verified).toMatchObject({ valid: true, hashMatches: true, sealValid: true, auditChainValid: true });
    // A byte changed in the signed content: the seal no longer verifies.
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('/Type /Page');
    const i = at > 0 ? at + 1 : 100;
    tampered[i] = tampered[i]! ^ 0x01;
    expect(verifySealedPdf(tampered).valid).toBe(false);
    expect(verifySealedPdf(pdf).valid).toBe(true);

    // by-document answers the latest workflow; a document without one is a (quiet) 404.
    expect(workflowSchema.parse(ok(await a.get(`/signatures/workflows/by-document/${documentId}`)))._id).toBe(
      draft._id,
    );
    const other = await newContract();
    expect(errorOf(await a.get(`/signatures/workflows/by-document/${other}`))).toMatchObject({
      status: 404,
      error: M.noneForDocument,
    });
    // The list: status filter and search.
    const list = workflowListAnswerSchema.parse(
      (await a.get(`/signatures/workflows?status=completed&search=${encodeURIComponent('cleo')}`)).json(),
    );
    expect(list.data.map((w) => w._id)).toContain(draft._id);
    expect(list.data.every((w) => w.status === 'completed')).toBe(true);
    expect(list.data.find((w) => w._id === draft._id)).toMatchObject({ signerCount: 2, signedCount: 2 });
  });

  test('sequential order: the next signer is invited only when the previous one signed; the owner waits his turn', async () => {
    const documentId = await newContract([{ role: 'owner', name: 'Olive Owner' }]);
    const first = email('first');
    const second = email('second');
    const w = await create({
      documentId,
      signers: [
        { role: 'client', name: 'First', email: first },
        { role: 'client', name: 'Second', email: second },
        { role: 'owner', name: 'Olive Owner' },
      ],
    });
    await send(w._id);
    expect(() => linkOf(second)).toThrow();
    expect(
      errorOf(await a.post(`/signatures/workflows/${w._id}/owner-sign`, { signature: { kind: 'typed', name: 'O' } })),
    ).toMatchObject({
      status: 409,
      code: 'SIGNATURE_NOT_YOUR_TURN',
    });
    const one = await signer();
    ok(await consent(one, linkOf(first)));
    ok(await sign(one, linkOf(first), { kind: 'typed', name: 'First' }));
    const two = await signer();
    const session = signingSessionSchema.parse(ok(await open(two, linkOf(second))));
    expect(session.yourTurn).toBe(true);
    expect((await get(w._id)).signers.map((s) => s.status)).toEqual(['signed', 'opened', 'pending']);
  });

  test('any order: every client is invited at once and may sign first', async () => {
    const documentId = await newContract([]);
    const x = email('x');
    const y = email('y');
    const w = await create({
      documentId,
      signingOrder: 'any',
      signers: [
        { role: 'client', name: 'X', email: x },
        { role: 'client', name: 'Y', email: y },
      ],
    });
    const sent = await send(w._id);
    expect(sent.invitations.map((i) => i.email)).toEqual(['sent', 'sent']);
    const ya = await signer();
    ok(await consent(ya, linkOf(y)));
    ok(await sign(ya, linkOf(y), { kind: 'typed', name: 'Y' }));
    const xa = await signer();
    ok(await consent(xa, linkOf(x)));
    const last = signingStepAnswerSchema.parse(ok(await sign(xa, linkOf(x), { kind: 'typed', name: 'X' })));
    expect(last.workflowStatus).toBe('completed');
  });

  test('two last signatures at once complete the workflow once (one completed entry, one sealed file)', async () => {
    const documentId = await newContract([]);
    const x = email('rx');
    const y = email('ry');
    const w = await create({
      documentId,
      signingOrder: 'any',
      signers: [
        { role: 'client', name: 'RX', email: x },
        { role: 'client', name: 'RY', email: y },
      ],
    });
    await send(w._id);
    const xa = await signer();
    const ya = await signer();
    ok(await consent(xa, linkOf(x)));
    ok(await consent(ya, linkOf(y)));
    const answers = await Promise.all([
      sign(xa, linkOf(x), { kind: 'typed', name: 'RX' }),
      sign(ya, linkOf(y), { kind: 'typed', name: 'RY' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const done = await get(w._id);
    expect(done.status).toBe('completed');
    expect(auditEvents(done).filter((e) => e === 'completed')).toHaveLength(1);
    const files = await db()
      .select({ n: count() })
      .from(workFiles)
      .where(sql`${workFiles.name} LIKE ${`${done.documentTitle}%`}`);
    expect(files[0]!.n).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  test('links: forged, another document’s, expired, voided and declined each have their own answer', async () => {
    const documentId = await newContract();
    const w = await create({ documentId });
    await send(w._id);
    const link = linkOf(w.signers[0]!.email);
    const c = await signer();
    expect(errorOf(await open(c, { documentId, token: 'sig_forged' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      error: M.linkNotFound,
    });
    expect(errorOf(await open(c, { documentId, token: 'plain-document-token' }))).toMatchObject({ status: 404 });
    const other = await newContract();
    expect(errorOf(await open(c, { documentId: other, token: link.token }))).toMatchObject({ status: 404 });

    // Expired: the workflow's date passed (the sweep marks it expired; the link says GONE even before).
    await db()
      .update(signatureWorkflows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureWorkflows.id, w._id));
    expect(errorOf(await open(c, link))).toMatchObject({ status: 410, code: 'GONE', error: M.linkExpired });
    const service = sweeper();
    expect((await service.sweep()).expired).toBeGreaterThanOrEqual(1);
    const expired = await get(w._id);
    expect(expired.status).toBe('expired');
    expect(auditEvents(expired).at(-1)).toBe('expired');
    expect(errorOf(await open(c, link))).toMatchObject({ status: 410, code: 'GONE' });

    // Voided.
    const doc2 = await newContract();
    const w2 = await create({ documentId: doc2 });
    await send(w2._id);
    const link2 = linkOf(w2.signers[0]!.email);
    const voided = workflowSchema.parse(
      ok(await a.post(`/signatures/workflows/${w2._id}/void`, { reason: 'Wrong price' })),
    );
    expect(voided).toMatchObject({ status: 'voided', voidReason: 'Wrong price' });
    expect(errorOf(await open(c, link2))).toMatchObject({ status: 410, code: 'SIGNATURE_VOIDED' });
    expect(errorOf(await a.post(`/signatures/workflows/${w2._id}/void`, {}))).toMatchObject({ status: 409 });

    // Declined: the reason is kept, the workflow ends, another signer's link says so.
    const doc3 = await newContract([]);
    const d1 = email('d1');
    const d2 = email('d2');
    const w3 = await create({
      documentId: doc3,
      signingOrder: 'any',
      signers: [
        { role: 'client', name: 'D1', email: d1 },
        { role: 'client', name: 'D2', email: d2 },
      ],
    });
    await send(w3._id);
    expect(errorOf(await decline(c, linkOf(d1), '  '))).toMatchObject({ status: 400 });
    const declined = signingStepAnswerSchema.parse(ok(await decline(c, linkOf(d1), 'The price is wrong')));
    expect(declined).toMatchObject({ signerStatus: 'declined', workflowStatus: 'declined' });
    expect(errorOf(await open(c, linkOf(d1)))).toMatchObject({ status: 409, code: 'SIGNATURE_LINK_USED' });
    expect(errorOf(await open(c, linkOf(d2)))).toMatchObject({ status: 410, code: 'SIGNATURE_DECLINED' });
    const after = await get(w3._id);
    expect(after.signers[0]).toMatchObject({ status: 'declined', declineReason: 'The price is wrong' });
    expect(auditEvents(after).at(-1)).toBe('declined');
  });

  test('reminders: the sweep mails the same link again after the interval, once per interval', async () => {
    const documentId = await newContract();
    const w = await create({ documentId, reminderIntervalDays: 2 });
    await send(w._id);
    const to = w.signers[0]!.email;
    const link = linkOf(to);
    const before = t.mails.filter((m) => m.to === to).length;
    const service = sweeper();
    expect((await service.sweep(new Date(Date.now() + 86_400_000))).reminded).toBe(0);
    const due = new Date(Date.now() + 2 * 86_400_000 + 60_000);
    await service.sweep(due);
    const mails = t.mails.filter((m) => m.to === to);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toMatch(/^Reminder: /);
    expect(linkOf(to)).toEqual(link);
    await service.sweep(due);
    expect(t.mails.filter((m) => m.to === to).length).toBe(before + 1);
    // By hand too.
    const reminded = workflowSendAnswerSchema.parse(ok(await a.post(`/signatures/workflows/${w._id}/remind`, {})));
    expect(reminded.invitations[0]!.email).toBe('sent');
    expect(auditEvents(reminded.workflow).filter((e) => e === 'reminded')).toHaveLength(2);
  });

  test('the audit trail is chained by hash, verifies, breaks when an entry is altered, and the database refuses changes', async () => {
    const documentId = await newContract();
    const w = await create({ documentId });
    await send(w._id);
    const rows = await db().select().from(signatureAudit).where(eq(signatureAudit.workflowId, w._id));
    const chain = rows.sort((x, y) => x.sequence - y.sequence) as ChainedEntry[];
    expect(chain.length).toBe(3);
    expect(verifyChain(chain)).toEqual({ valid: true, brokenAt: null });
    const altered = chain.map((e, i) => (i === 1 ? { ...e, ip: '10.0.0.1' } : e));
    expect(verifyChain(altered)).toEqual({ valid: false, brokenAt: 2 });
    const dropped = chain.filter((e) => e.sequence !== 2);
    expect(verifyChain(dropped).valid).toBe(false);

    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'allowed',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(
      await refusal(db().update(signatureAudit).set({ ip: '10.0.0.1' }).where(eq(signatureAudit.workflowId, w._id))),
    ).toMatch(/append-only: an entry cannot be changed/);
    expect(await refusal(db().delete(signatureAudit).where(eq(signatureAudit.workflowId, w._id)))).toMatch(
      /append-only: an entry cannot be deleted/,
    );
    expect(
      workflowVerifyAnswerSchema.parse(ok(await a.get(`/signatures/workflows/${w._id}/verify`))).auditChainValid,
    ).toBe(true);

    // Altered behind the trigger's back: the verify call finds it.
    await db().execute(sql`ALTER TABLE signature_audit DISABLE TRIGGER signature_audit_append_only`);
    try {
      await db()
        .update(signatureAudit)
        .set({ actorName: 'Someone else' })
        .where(and(eq(signatureAudit.workflowId, w._id), eq(signatureAudit.sequence, 1)));
    } finally {
      await db().execute(sql`ALTER TABLE signature_audit ENABLE TRIGGER signature_audit_append_only`);
    }
    const check = workflowVerifyAnswerSchema.parse(ok(await a.get(`/signatures/workflows/${w._id}/verify`)));
    expect(check).toMatchObject({ auditChainValid: false, auditBrokenAt: 1, valid: false });

    // Deleting the document is refused: its workflow and trail stay (signatures-evidence.test.ts).
    expect(errorOf(await a.delete(`/documents/${documentId}`))).toMatchObject({ status: 409 });
    expect(
      (await db().select({ n: count() }).from(signatureAudit).where(eq(signatureAudit.workflowId, w._id)))[0]!.n,
    ).toBeGreaterThan(0);
  });

  test('bad input: clear errors and nothing stored', async () => {
    const countWorkflows = async () => (await db().select({ n: count() }).from(signatureWorkflows))[0]!.n;
    const before = await countWorkflows();
    // No signers on the contract and none given.
    const bare = await newContract([]);
    expect(errorOf(await a.post('/signatures/workflows', { documentId: bare }))).toMatchObject({
      status: 400,
      details: [{ field: 'signers', message: M.signersRequired }],
    });
    // A client without an email; two owners; an expiry in the past.
    expect(
      errorOf(
        await a.post('/signatures/workflows', {
          documentId: bare,
          signers: [
            { role: 'client', name: 'No mail' },
            { role: 'owner', name: 'A' },
            { role: 'owner', name: 'B' },
          ],
        }),
      ),
    ).toMatchObject({ status: 400, error: M.invalidData });
    expect(
      errorOf(
        await a.post('/signatures/workflows', {
          documentId: bare,
          signers: [{ role: 'client', name: 'C', email: email('c') }],
          expiresAt: '2020-01-01T00:00:00Z',
        }),
      ).details,
    ).toEqual([{ field: 'expiresAt', message: M.expiryPast }]);
    // Not a contract; a template; unknown.
    const invoice = (ok(await a.post('/documents', { type: 'invoice', title: 'Inv' }), 201) as { _id: string })._id;
    expect(errorOf(await a.post('/signatures/workflows', { documentId: invoice }))).toMatchObject({
      status: 409,
      error: M.notContract,
    });
    const template = await newContract(undefined, a, { isTemplate: true });
    expect(errorOf(await a.post('/signatures/workflows', { documentId: template }))).toMatchObject({
      status: 409,
      error: M.templateNotSignable,
    });
    expect(errorOf(await a.post('/signatures/workflows', { documentId: 'nope' }))).toMatchObject({ status: 404 });
    expect(await countWorkflows()).toBe(before);

    // One open workflow per contract.
    const documentId = await newContract();
    const w = await create({ documentId });
    expect(errorOf(await a.post('/signatures/workflows', { documentId }))).toMatchObject({
      status: 409,
      error: M.activeExists,
    });
    // Drawings: not a PNG, too large, too wide → 400, nothing signed.
    await send(w._id);
    const link = linkOf(w.signers[0]!.email);
    const c = await signer();
    ok(await consent(c, link));
    const bad = [
      { image: 'data:image/svg+xml;base64,PHN2Zy8+', message: M.drawingNotPng },
      { image: dataUrl(Buffer.from('GIF89a not a png at all, really not')), message: M.drawingNotPng },
      { image: dataUrl(png(10, 10, 210 * 1024)), message: M.drawingTooLarge },
      { image: dataUrl(png(2500, 10)), message: M.drawingTooWide },
      // A valid header and then nothing drawable: refused now, not by the seal after the last signature.
      { image: dataUrl(png(10, 10).subarray(0, 45)), message: M.drawingNotPng },
    ];
    for (const b of bad) {
      const res = errorOf(await sign(c, link, { kind: 'drawn', image: b.image }));
      expect(res.status).toBe(400);
      expect(res.details?.[0]?.message).toBe(b.message);
    }
    expect(errorOf(await sign(c, link, { kind: 'typed', name: '   ' }))).toMatchObject({ status: 400 });
    expect((await get(w._id)).signers[0]!.status).toBe('consented');
    expect(() => drawnPng(png(5, 5).toString('base64'))).not.toThrow();
  });

  test('another business sees nothing of a workflow and cannot use its document', async () => {
    const documentId = await newContract();
    const w = await create({ documentId });
    const s = stranger.agent;
    expect(errorOf(await s.get(`/signatures/workflows/${w._id}`))).toMatchObject({ status: 404 });
    expect(errorOf(await s.post(`/signatures/workflows/${w._id}/send`, {}))).toMatchObject({ status: 404 });
    expect(errorOf(await s.get(`/signatures/workflows/by-document/${documentId}`))).toMatchObject({ status: 404 });
    expect(errorOf(await s.post('/signatures/workflows', { documentId }))).toMatchObject({ status: 404 });
    const theirs = workflowListAnswerSchema.parse((await s.get('/signatures/workflows')).json());
    expect(theirs.data.map((x) => x._id)).not.toContain(w._id);
  });

  test('roles: a member reads but cannot manage; only an owner signs as the business owner', async () => {
    const service = sweeper();
    const as = (role: 'member' | 'admin') =>
      ({
        userId: owner.body.user.id,
        sessionId: 's',
        businessId: owner.body.user.businessId,
        role,
        user: { email: 'x@example.com', firstName: 'X', lastName: 'Y' },
      }) as unknown as Parameters<SignaturesService['create']>[0];
    const meta = { ip: null, userAgent: null };
    const documentId = await newContract();
    const w = await create({ documentId });
    const refused = async (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: { code?: string; message?: string }) => e,
      );
    expect(await refused(service.create(as('member'), { documentId } as never, meta))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refused(service.send(as('member'), w._id, meta))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refused(service.void(as('member'), w._id, '', meta))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refused(service.remind(as('member'), w._id, meta))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refused(service.ownerSign(as('admin'), w._id, { kind: 'typed', name: 'A' }, meta))).toMatchObject({
      code: 'FORBIDDEN',
      message: M.notOwner,
    });
    expect(
      await refused(
        service.ownerConsent(as('admin'), w._id, { disclosureVersion: ESIGN_DISCLOSURE.version, accepted: true }, meta),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    // Reading is anyone's of the business.
    expect((await service.get(as('member'), w._id))._id).toBe(w._id);
    expect((await get(w._id)).status).toBe('draft');
  });

  /** A second service on the test database for the sweep (the app's runs on its timer). */
  function sweeper() {
    return new SignaturesService(new SignaturesRepository(db()), {
      config: t.config,
      mailer: { kind: 'memory', send: async (m) => void t.mails.push(m), close: () => undefined },
      secret: t.secret,
      documents: {
        get: () => Promise.reject(new Error('unused')),
        preview: () => Promise.reject(new Error('unused')),
        freeze: () => Promise.reject(new Error('unused')),
        signingSnapshot: () => Promise.reject(new Error('unused')),
        pdf: () => Promise.reject(new Error('unused')),
        pdfModel: () => Promise.reject(new Error('no model in the sweep test')),
        completeAnswered: () => Promise.reject(new Error('unused')),
      },
      files: {
        storePdf: () => Promise.reject(new Error('unused')),
        readFile: () => Promise.reject(new Error('unused')),
        removeFile: () => Promise.reject(new Error('unused')),
      },
      notifications: { send: async () => undefined },
    });
  }
});
