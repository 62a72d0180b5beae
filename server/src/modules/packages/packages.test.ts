import { eq } from 'drizzle-orm';
import {
  PACKAGE_MESSAGES as M,
  packageListAnswerSchema,
  packageSchema,
  packageSendAnswerSchema,
  publicDocumentSchema,
  publicPackageSchema,
  type Package,
  type PackageSendAnswer,
  type PublicPackage,
} from '@atrium/domain-documents/schemas';
import { packageLinks } from '../../db/schema';
import { signedInAgent, type Agent, createTestApp, type TestApp, dataOf as ok, errorOf } from '../../../test/helpers';
import { stepToken } from './packages.service';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

describe('packages', () => {
  let t: TestApp;
  let a: Agent;
  let stranger: Signed;

  beforeAll(async () => {
    t = await createTestApp();
    a = (await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' })).agent;
    stranger = await signedInAgent(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const newContact = async (agent = a, email = `c.${Math.random().toString(36).slice(2)}@example.com`) =>
    (ok(await agent.post('/contacts', { firstName: 'Grace', lastName: 'Hopper', email }), 201) as { _id: string })._id;
  const newDocument = async (type: string, contactId: string | null, title = `A ${type}`, agent = a) =>
    (ok(await agent.post('/documents', { type, title, contactId }), 201) as { _id: string })._id;
  const create = async (body: Record<string, unknown>, agent = a): Promise<Package> =>
    packageSchema.strict().parse(ok(await agent.post('/packages', body), 201));
  const send = async (id: string): Promise<PackageSendAnswer> =>
    packageSendAnswerSchema.parse(ok(await a.post(`/packages/${id}/send`, {})));
  const publicGet = (id: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/public/packages/${id}?token=${encodeURIComponent(token)}` });

  test('a package keeps its documents in the order given, and a PUT reorders them', async () => {
    const contact = await newContact();
    const proposal = await newDocument('contract', contact, 'Proposal');
    const contract = await newDocument('contract', contact, 'Contract');
    const invoice = await newDocument('invoice', contact, 'Invoice');
    const pkg = await create({ name: 'Kitchen', contactId: contact, documentIds: [proposal, contract, invoice] });
    expect(pkg.status).toBe('draft');
    expect(pkg.contact?.name).toBe('Grace Hopper');
    expect(pkg.steps.map((s) => [s.title, s.type, s.status, s.done])).toEqual([
      ['Proposal', 'contract', 'draft', false],
      ['Contract', 'contract', 'draft', false],
      ['Invoice', 'invoice', 'draft', false],
    ]);
    expect(pkg.currentStep).toBe(0);
    const moved = packageSchema.parse(
      ok(await a.put(`/packages/${pkg._id}`, { documentIds: [invoice, proposal, contract], name: 'Kitchen 2' })),
    );
    expect(moved.name).toBe('Kitchen 2');
    expect(moved.steps.map((s) => s.title)).toEqual(['Invoice', 'Proposal', 'Contract']);
    const list = packageListAnswerSchema.parse((await a.get('/packages?search=kitchen 2')).json());
    expect(list.data.map((p) => [p.name, p.itemCount, p.status])).toEqual([['Kitchen 2', 3, 'draft']]);
  });

  test('bad input: field messages, another business’s document or contact is 404, one package per document', async () => {
    const contact = await newContact();
    const other = await newContact();
    const mine = await newDocument('invoice', contact);
    const empty = errorOf(await a.post('/packages', { name: ' ', contactId: contact, documentIds: [] }));
    expect(empty).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', error: M.invalidData });
    expect(empty.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: M.nameRequired },
        { field: 'documentIds', message: M.documentsRequired },
      ]),
    );
    const twice = errorOf(await a.post('/packages', { name: 'P', contactId: contact, documentIds: [mine, mine] }));
    expect(twice.details).toEqual([{ field: 'documentIds.1', message: M.documentTwice }]);

    const foreignContact = await newContact(stranger.agent);
    const foreignDoc = await newDocument('invoice', foreignContact, 'Theirs', stranger.agent);
    expect(
      errorOf(await a.post('/packages', { name: 'P', contactId: contact, documentIds: [foreignDoc] })),
    ).toMatchObject({ status: 404, error: M.documentNotFound });
    expect(
      errorOf(await a.post('/packages', { name: 'P', contactId: foreignContact, documentIds: [mine] })),
    ).toMatchObject({ status: 404, error: M.contactNotFound });

    const otherClients = await newDocument('invoice', other);
    const template = (
      ok(await a.post('/documents', { type: 'invoice', title: 'T', isTemplate: true }), 201) as { _id: string }
    )._id;
    const wrong = errorOf(
      await a.post('/packages', { name: 'P', contactId: contact, documentIds: [mine, otherClients, template] }),
    );
    expect(wrong.details).toEqual([
      { field: 'documentIds.1', message: M.otherClient },
      { field: 'documentIds.2', message: M.templateNotAllowed },
    ]);

    await create({ name: 'First', contactId: contact, documentIds: [mine] });
    const taken = errorOf(await a.post('/packages', { name: 'Second', contactId: contact, documentIds: [mine] }));
    expect(taken.details).toEqual([{ field: 'documentIds.0', message: M.inOtherPackage('First') }]);
  });

  test('scoped to the caller’s business: another business reads, changes, sends and deletes nothing', async () => {
    const contact = await newContact();
    const pkg = await create({
      name: 'Mine',
      contactId: contact,
      documentIds: [await newDocument('invoice', contact)],
    });
    const s = stranger.agent;
    expect((await s.get(`/packages/${pkg._id}`)).statusCode).toBe(404);
    expect((await s.put(`/packages/${pkg._id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await s.post(`/packages/${pkg._id}/send`, {})).statusCode).toBe(404);
    expect((await s.delete(`/packages/${pkg._id}`)).statusCode).toBe(404);
    const theirs = packageListAnswerSchema.parse((await s.get('/packages')).json());
    expect(theirs.data.map((p) => p._id)).not.toContain(pkg._id);
    expect((await a.get(`/packages/${pkg._id}`)).statusCode).toBe(200);
  });

  test('send: every document sent with its own link, one email, the public flow moves step by step', async () => {
    const email = `client.${Math.random().toString(36).slice(2)}@example.com`;
    const contact = await newContact(a, email);
    const contract = await newDocument('contract', contact, 'Service agreement');
    const questionnaire = await newDocument('questionnaire', contact, 'Brief');
    const invoice = await newDocument('invoice', contact, 'Deposit');
    const pkg = await create({
      name: 'Onboarding',
      contactId: contact,
      documentIds: [contract, questionnaire, invoice],
    });
    const mailsBefore = t.mails.filter((m) => m.to === email).length;

    const sent = await send(pkg._id);
    expect(sent.email).toBe('sent');
    expect(sent.package.status).toBe('sent');
    expect(sent.package.steps.map((s) => s.status)).toEqual(['sent', 'sent', 'sent']);
    expect(sent.link.url).toBe(`${t.config.appUrl}/packages/view/${pkg._id}?token=${sent.link.token}`);
    const mails = t.mails.filter((m) => m.to === email);
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails.at(-1)!.text).toContain(sent.link.url);
    expect(mails.at(-1)!.text).toContain('1. Service agreement');
    // Only the hash is stored.
    const [stored] = await t.database.db.select().from(packageLinks).where(eq(packageLinks.packageId, pkg._id));
    expect(stored!.tokenHash).not.toContain(sent.link.token);

    // A sent package keeps its client and documents.
    expect(errorOf(await a.put(`/packages/${pkg._id}`, { documentIds: [invoice] }))).toMatchObject({
      status: 409,
      error: M.frozen,
    });
    expect(ok(await a.put(`/packages/${pkg._id}`, { name: 'Onboarding (2026)' }))).toMatchObject({
      name: 'Onboarding (2026)',
    });

    const view = async () =>
      publicPackageSchema.parse(ok(await publicGet(pkg._id, sent.link.token)) as PublicPackage) as PublicPackage;
    let flow = await view();
    expect(flow.business.name).toBeTruthy();
    expect(flow.steps.map((s) => [s.title, s.type, s.done])).toEqual([
      ['Service agreement', 'contract', false],
      ['Brief', 'questionnaire', false],
      ['Deposit', 'invoice', false],
    ]);
    expect(flow.currentStep).toBe(0);
    expect(flow.steps[0]!.token).toBe(stepToken(sent.link.token, contract));

    // Each step's own link opens its document; viewing the contract completes step 1 (until signatures exist).
    const step1 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/documents/${contract}?token=${encodeURIComponent(flow.steps[0]!.token)}`,
    });
    expect(publicDocumentSchema.parse(ok(step1)).document.title).toBe('Service agreement');
    flow = await view();
    expect(flow.currentStep).toBe(1);
    expect(flow.package.status).toBe('in_progress');

    // Viewing the questionnaire is not enough: it is done once answered (completed).
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/documents/${questionnaire}?token=${flow.steps[1]!.token}`,
    });
    expect((await view()).currentStep).toBe(1);
    ok(await a.put(`/documents/${questionnaire}`, { status: 'completed' }));
    ok(await a.put(`/documents/${invoice}`, { status: 'paid' }));
    flow = await view();
    expect(flow.currentStep).toBeNull();
    expect(flow.package.status).toBe('completed');
    expect((ok(await a.get(`/packages/${pkg._id}`)) as Package).status).toBe('completed');

    // Sending again: a completed questionnaire cannot go out again (409, naming the first such document).
    expect(errorOf(await a.post(`/packages/${pkg._id}/send`, {}))).toMatchObject({
      status: 409,
      error: M.notSendable('Brief', 'completed'),
    });
  });

  test('public link: forged → 404, another package’s id → 404, a draft → 404, expired → 410', async () => {
    const contact = await newContact();
    const pkg = await create({ name: 'P', contactId: contact, documentIds: [await newDocument('invoice', contact)] });
    const other = await create({ name: 'Q', contactId: contact, documentIds: [await newDocument('invoice', contact)] });
    const { link } = await send(pkg._id);
    expect(errorOf(await publicGet(pkg._id, 'forged-token'))).toMatchObject({ status: 404, error: M.linkNotFound });
    expect(errorOf(await publicGet(other._id, link.token))).toMatchObject({ status: 404, error: M.linkNotFound });
    expect((await publicGet(pkg._id, link.token)).statusCode).toBe(200);
    await t.database.db
      .update(packageLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(packageLinks.packageId, pkg._id));
    expect(errorOf(await publicGet(pkg._id, link.token))).toMatchObject({ status: 410, error: M.linkExpired });
  });

  test('deleting a package leaves its documents, which may then go in another', async () => {
    const contact = await newContact();
    const doc = await newDocument('invoice', contact);
    const pkg = await create({ name: 'Old', contactId: contact, documentIds: [doc] });
    ok(await a.delete(`/packages/${pkg._id}`));
    expect((await a.get(`/packages/${pkg._id}`)).statusCode).toBe(404);
    expect((await a.get(`/documents/${doc}`)).statusCode).toBe(200);
    await create({ name: 'New', contactId: contact, documentIds: [doc] });
  });
});
