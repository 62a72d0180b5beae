import { eq } from 'drizzle-orm';
import {
  DOCUMENT_MESSAGES as M,
  documentListAnswerSchema,
  documentSchema,
  documentSendAnswerSchema,
  parsePdfAnswer,
  publicDocumentSchema,
  type Document,
  type DocumentSendAnswer,
  type TaxRate,
} from '@atrium/domain-documents/schemas';
import { documentLinks, documents as documentsTable } from '../../db/schema';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import {
  signedInAgent,
  type Agent,
  createTestApp,
  testMailer,
  type TestApp,
  dataOf as ok,
  errorOf,
} from '../../../test/helpers';
import { multipart, TINY_PNG } from '../../../test/security-helpers';
import type { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';

/** The PDF's text as a viewer reads it (pdfjs-dist through the renderer's read-pdf.mjs, in a child process). */
function pdfText(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'doc-pdf-')), 'd.pdf');
  writeFileSync(file, bytes);
  const out = execFileSync(process.execPath, [path.join(__dirname, 'pdf', 'read-pdf.mjs'), file], { encoding: 'utf8' });
  return (JSON.parse(out) as { page: { text: string }[] }).page.map((p) => p.text).join('\n');
}

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

describe('documents', () => {
  let t: TestApp;
  let owner: Signed;
  let a: Agent;
  let stranger: Signed;
  let vat: TaxRate;
  let reduced: TaxRate;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    a = owner.agent;
    stranger = await signedInAgent(t.app);
    vat = ok(await a.post('/tax-rates', { name: 'VAT', rate: 2000 }), 201) as TaxRate;
    reduced = ok(await a.post('/tax-rates', { name: 'Reduced', rate: 725 }), 201) as TaxRate;
  });
  afterAll(async () => {
    await t.close();
  });

  const newDocument = async (body: Record<string, unknown>, agent = a): Promise<Document> =>
    documentSchema.strict().parse(ok(await agent.post('/documents', body), 201)) as Document;
  const invoice = (body: Record<string, unknown> = {}, agent = a) =>
    newDocument({ type: 'invoice', title: 'Kitchen', ...body }, agent);
  const newContact = async (body: Record<string, unknown> = {}, agent = a) =>
    (
      ok(
        await agent.post('/contacts', {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: `grace.${Math.random().toString(36).slice(2)}@example.com`,
          ...body,
        }),
        201,
      ) as { _id: string; email: string }
    )._id;
  const newProject = async (title = 'Kitchen remodel', agent = a) =>
    (ok(await agent.post('/projects', { title, type: 'Remodel' }), 201) as { _id: string })._id;
  const send = async (id: string, agent = a) =>
    documentSendAnswerSchema.parse(ok(await agent.post(`/documents/${id}/send`, {}))) as DocumentSendAnswer;
  const publicGet = (id: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/public/documents/${id}?token=${encodeURIComponent(token)}` });

  describe('invoices: numbers, totals, money rules', () => {
    test('totals are computed on the server in minor units, whatever the client sends', async () => {
      const doc = await invoice({
        currency: 'eur',
        lineItems: [
          {
            description: 'Design',
            quantity: '3',
            unitPrice: 1999,
            discount: { kind: 'percent', value: 1000 },
            taxRateId: vat._id,
          },
          { description: 'Tiles', quantity: 2.5, unitPrice: 1001, taxRateId: reduced._id },
        ],
        paymentSchedule: { kind: 'deposit_percent', value: 5000 },
        totals: { total: 1 },
      });
      expect(doc.currency).toBe('EUR');
      expect(doc.lineItems.map((l) => [l.quantity, l.amount])).toEqual([
        ['3', 6476],
        ['2.5', 2684],
      ]);
      expect(doc.totals).toEqual({
        subtotal: 5997 + 2503,
        discount: 600,
        taxes: [
          { taxRateId: vat._id, name: 'VAT', rate: 2000, taxable: 5397, amount: 1079 },
          { taxRateId: reduced._id, name: 'Reduced', rate: 725, taxable: 2503, amount: 181 },
        ],
        tax: 1260,
        total: 9160,
        deposit: 4580,
        balance: 4580,
      });
      expect(doc.total).toBe(9160);
      expect(doc.lineItems[0]?.id).toEqual(expect.any(String));
    });

    test('negative quantity or price, unknown tax rate, currency mismatch → 400 with field messages', async () => {
      const bad = async (body: Record<string, unknown>) =>
        errorOf(await a.post('/documents', { type: 'invoice', title: 'x', ...body }));
      const line = { description: 'A', quantity: '1', unitPrice: 100 };
      expect(
        await bad({
          lineItems: [
            { ...line, quantity: '-2' },
            { ...line, unitPrice: -1 },
          ],
        }),
      ).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        error: M.invalidData,
        details: [
          { field: 'lineItems.0.quantity', message: M.quantityNegative },
          { field: 'lineItems.1.unitPrice', message: M.priceNegative },
        ],
      });
      expect(await bad({ lineItems: [line, { ...line, taxRateId: 'no-such-rate' }] })).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        error: M.invalidData,
        details: [{ field: 'lineItems.1.taxRateId', message: M.unknownTaxRate }],
      });
      expect((await bad({ currency: 'USD', lineItems: [{ ...line, currency: 'GBP' }] })).details).toEqual([
        { field: 'lineItems.0.currency', message: M.currencyMismatch('USD') },
      ]);
      // Another business's tax rate is unknown here.
      const theirs = ok(await stranger.agent.post('/tax-rates', { name: 'GST', rate: 500 }), 201) as TaxRate;
      expect((await bad({ lineItems: [{ ...line, taxRateId: theirs._id }] })).details).toEqual([
        { field: 'lineItems.0.taxRateId', message: M.unknownTaxRate },
      ]);
      // The currency of an update is checked against the stored one.
      const doc = await invoice({ currency: 'USD' });
      expect(
        errorOf(await a.put(`/documents/${doc._id}`, { lineItems: [{ ...line, currency: 'EUR' }] })),
      ).toMatchObject({
        status: 400,
        error: M.invalidUpdate,
        details: [{ field: 'lineItems.0.currency', message: M.currencyMismatch('USD') }],
      });
    });

    test('numbers run per business, are never reused, and skip templates and other types', async () => {
      const first = await invoice();
      const second = await invoice();
      const n = (d: Document) => Number(d.number!.slice(4));
      expect(first.number).toMatch(/^INV-\d{4}$/);
      expect(n(second)).toBe(n(first) + 1);
      ok(await a.delete(`/documents/${second._id}`));
      const third = await invoice();
      expect(n(third)).toBe(n(second) + 1);
      expect((await invoice({ isTemplate: true })).number).toBeNull();
      expect((await newDocument({ type: 'contract', title: 'C' })).number).toBeNull();
      // Another business starts at 1.
      expect((await invoice({}, stranger.agent)).number).toBe('INV-0001');
    });

    test('concurrent creates never share a number', async () => {
      const created = await Promise.all(Array.from({ length: 12 }, () => invoice()));
      const numbers = created.map((d) => d.number);
      expect(new Set(numbers).size).toBe(12);
    });
  });

  describe('content rules', () => {
    test('HTML is sanitised on the server (scripts, handlers, javascript: links)', async () => {
      const doc = await newDocument({
        type: 'contract',
        title: 'Terms',
        blocks: [
          {
            id: 'b1',
            type: 'richText',
            html: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
          },
          {
            id: 'b2',
            type: 'clause',
            title: 'Payment',
            html: '<p>Net 30<img src=x onerror=alert(1)></p><iframe src="//evil"></iframe>',
          },
        ],
      });
      expect(doc.blocks).toEqual([
        { id: 'b1', type: 'richText', html: '<p>Hi x</p>' },
        { id: 'b2', type: 'clause', title: 'Payment', html: '<p>Net 30</p>' },
      ]);
      const updated = ok(
        await a.put(`/documents/${doc._id}`, {
          blocks: [{ id: 'b3', type: 'richText', html: '<p><strong>ok</strong><style>p{}</style></p>' }],
        }),
      ) as Document;
      expect(updated.blocks).toEqual([{ id: 'b3', type: 'richText', html: '<p><strong>ok</strong></p>' }]);
    });

    test('blocks by type: questions only in questionnaires, line items only in invoices', async () => {
      const q = await newDocument({
        type: 'questionnaire',
        title: 'Intake',
        blocks: [
          {
            id: 'q1',
            type: 'question',
            kind: 'singleChoice',
            label: 'Style?',
            options: ['Modern', 'Classic'],
            required: true,
          },
        ],
      });
      expect(q.blocks[0]).toMatchObject({ kind: 'singleChoice', required: true, help: null });
      expect(
        errorOf(await a.put(`/documents/${q._id}`, { lineItems: [{ description: 'x', quantity: '1', unitPrice: 1 }] })),
      ).toMatchObject({
        status: 400,
        details: [{ field: 'lineItems', message: M.lineItemsOnlyInvoices }],
      });
      expect(
        errorOf(
          await a.post('/documents', {
            type: 'invoice',
            title: 'x',
            blocks: [{ id: 'c', type: 'clause', title: 't', html: '' }],
          }),
        ).details,
      ).toEqual([{ field: 'blocks.0.type', message: M.clausesOnlyContracts }]);
    });

    test('a sent document keeps its content; statuses move by the rules', async () => {
      const doc = await invoice({ lineItems: [{ description: 'A', quantity: '1', unitPrice: 100 }] });
      await send(doc._id);
      expect(errorOf(await a.put(`/documents/${doc._id}`, { lineItems: [] }))).toMatchObject({
        status: 409,
        error: M.onlyDrafts,
      });
      const renamed = ok(await a.put(`/documents/${doc._id}`, { title: 'Renamed', dueDate: '2027-01-31' })) as Document;
      expect(renamed).toMatchObject({ title: 'Renamed', status: 'sent', dueDate: '2027-01-31T00:00:00.000Z' });
      expect(errorOf(await a.put(`/documents/${doc._id}`, { status: 'completed' }))).toMatchObject({
        status: 409,
        error: M.statusMove('sent', 'completed'),
      });
      expect(errorOf(await a.put(`/documents/${doc._id}`, { status: 'draft' })).status).toBe(409);
      const paid = ok(await a.put(`/documents/${doc._id}`, { status: 'paid' })) as Document;
      expect(paid.status).toBe('paid');
      expect(paid.completedAt).not.toBeNull();
      // A draft cannot be marked paid by hand.
      const draft = await invoice();
      expect(errorOf(await a.put(`/documents/${draft._id}`, { status: 'paid' })).status).toBe(409);
    });

    test('contact and project must be the caller’s (404 otherwise)', async () => {
      const theirContact = await newContact({}, stranger.agent);
      const theirProject = await newProject('Theirs', stranger.agent);
      expect(
        errorOf(await a.post('/documents', { type: 'invoice', title: 'x', contactId: theirContact })),
      ).toMatchObject({
        status: 404,
        error: 'Contact not found',
      });
      expect(errorOf(await a.post('/documents', { type: 'invoice', title: 'x', projectId: theirProject })).status).toBe(
        404,
      );
    });
  });

  describe('list', () => {
    test('pagination shape, filters, search by title, number and contact; another business sees none', async () => {
      const contact = await newContact({ firstName: 'Zelda', lastName: 'Quixote' });
      const project = await newProject('Attic');
      const doc = await invoice({ title: 'Unique walnut shelves', contactId: contact, projectId: project });
      const list = async (q: string, agent = a) =>
        documentListAnswerSchema.strict().parse((await agent.get(`/documents?${q}`)).json());
      const byTitle = await list('search=walnut');
      expect(byTitle.data.map((d) => d._id)).toEqual([doc._id]);
      expect(byTitle.pagination).toEqual({ total: 1, page: 1, limit: 20, totalPages: 1 });
      expect(byTitle.data[0]).toMatchObject({
        contact: { _id: contact, name: 'Zelda Quixote' },
        project: { _id: project, name: 'Attic' },
        total: 0,
      });
      expect((await list('search=quixote')).data.map((d) => d._id)).toEqual([doc._id]);
      expect((await list(`search=${doc.number}`)).data.map((d) => d._id)).toEqual([doc._id]);
      expect((await list(`contactId=${contact}`)).data).toHaveLength(1);
      expect((await list(`projectId=${project}&type=invoice&status=draft`)).data).toHaveLength(1);
      expect((await list(`projectId=${project}&type=contract`)).data).toHaveLength(0);
      expect((await list('search=walnut', stranger.agent)).data).toHaveLength(0);
      const page = await list('type=invoice&limit=2&page=2');
      expect(page.data).toHaveLength(2);
      expect(page.pagination.page).toBe(2);
      // Templates are listed apart.
      const templates = await list('isTemplate=true');
      expect(templates.data.every((d) => d.isTemplate)).toBe(true);
      expect((await list('')).data.every((d) => !d.isTemplate)).toBe(true);
      // The project tab.
      expect((ok(await a.get(`/documents/project/${project}`)) as Document[]).map((d) => d._id)).toEqual([doc._id]);
      expect((await stranger.agent.get(`/documents/project/${project}`)).statusCode).toBe(404);
      expect(errorOf(await a.get('/documents?status=lost')).status).toBe(400);
    });
  });

  test('list totals from the counters match the rows, with expiry, templates, updates and deletes', async () => {
    const fresh = await signedInAgent(t.app);
    const f = fresh.agent;
    const made = [];
    for (const body of [
      { type: 'invoice', title: 'A' },
      { type: 'invoice', title: 'B' },
      { type: 'invoice', title: 'C' },
      { type: 'contract', title: 'D' },
      { type: 'questionnaire', title: 'E' },
      { type: 'invoice', title: 'T', isTemplate: true },
    ]) {
      made.push(await newDocument(body, f));
    }
    await send(made[0]!._id, f);
    await send(made[1]!._id, f);
    await send(made[3]!._id, f);
    ok(await f.put(`/documents/${made[1]!._id}`, { status: 'paid' }));
    await t.database.db
      .update(documentsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentsTable.id, made[3]!._id));
    ok(await f.delete(`/documents/${made[2]!._id}`));
    for (const [query, expected] of [
      ['', 4],
      ['isTemplate=true', 1],
      ['type=invoice', 2],
      ['status=sent', 1],
      ['status=expired', 1],
      ['type=contract&status=sent', 0],
      ['type=contract&status=expired', 1],
      ['status=paid', 1],
      ['status=draft', 1],
      ['type=questionnaire&status=draft', 1],
    ] as const) {
      const answer = documentListAnswerSchema.parse((await f.get(`/documents?limit=100&${query}`)).json());
      expect([query, answer.pagination.total, answer.data.length]).toEqual([query, expected, expected]);
    }
    // A search's total (document_search) follows renames, templates and deletes.
    ok(await f.put(`/documents/${made[4]!._id}`, { title: 'Zanzibar intake' }));
    ok(await f.post(`/documents/${made[4]!._id}/save-as-template`, {}), 201);
    for (const [query, expected] of [
      ['search=zanzibar', 1],
      ['search=zanzibar&isTemplate=true', 1],
      ['search=zanzibar&type=questionnaire', 1],
      ['search=zanzibar&type=invoice', 0],
    ] as const) {
      const answer = documentListAnswerSchema.parse((await f.get(`/documents?limit=100&${query}`)).json());
      expect([query, answer.pagination.total, answer.data.length]).toEqual([query, expected, expected]);
    }
    ok(await f.delete(`/documents/${made[4]!._id}`));
    const gone = documentListAnswerSchema.parse((await f.get('/documents?search=zanzibar')).json());
    expect(gone.pagination.total).toBe(0);
  });

  test("a search's pages in the default order follow each save's updated_at; its total is document_search's", async () => {
    const fresh = await signedInAgent(t.app);
    const f = fresh.agent;
    const made = [];
    for (const title of ['Okapi one', 'Okapi two', 'Okapi three', 'Other'])
      made.push(await newDocument({ type: 'invoice', title }, f));
    const ids = async (q: string) => {
      const answer = documentListAnswerSchema.parse((await f.get(`/documents?search=okapi&${q}`)).json());
      return { ids: answer.data.map((d) => d._id), total: answer.pagination.total };
    };
    const [one, two, three] = made.map((d) => d._id);
    expect(await ids('limit=2')).toEqual({ ids: [three, two], total: 3 });
    expect(await ids('limit=2&page=2')).toEqual({ ids: [one], total: 3 });
    expect(await ids('limit=2&sortOrder=asc')).toEqual({ ids: [one, two], total: 3 });
    // A save of the oldest (its notes: not the search text) moves it to the top.
    ok(await f.put(`/documents/${one}`, { notes: 'moved up' }));
    expect(await ids('limit=2')).toEqual({ ids: [one, three], total: 3 });
    // Another business's search sees none of them.
    expect((await stranger.agent.get('/documents?search=okapi')).json()).toMatchObject({
      data: [],
      pagination: { total: 0 },
    });
  });

  describe('business scoping', () => {
    test('another business gets 404 on every call that names a document', async () => {
      const doc = await invoice();
      const s = stranger.agent;
      for (const res of [
        await s.get(`/documents/${doc._id}`),
        await s.put(`/documents/${doc._id}`, { title: 'x' }),
        await s.post(`/documents/${doc._id}/duplicate`, {}),
        await s.post(`/documents/${doc._id}/save-as-template`, {}),
        await s.post(`/documents/${doc._id}/send`, {}),
        await s.post(`/documents/${doc._id}/share`, {}),
        await s.get(`/documents/${doc._id}/preview`),
        await s.get(`/documents/${doc._id}/pdf`),
        await s.delete(`/documents/${doc._id}`),
        await s.put(`/tax-rates/${vat._id}`, { rate: 1 }),
        await s.delete(`/tax-rates/${vat._id}`),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      expect((ok(await a.get(`/documents/${doc._id}`)) as Document).title).toBe('Kitchen');
    });
  });

  describe('templates, duplicates', () => {
    test('save as template, start from it, duplicate', async () => {
      const contact = await newContact();
      const doc = await invoice({
        title: 'Standard',
        contactId: contact,
        lineItems: [{ description: 'Consult', quantity: '1', unitPrice: 5000, taxRateId: vat._id }],
      });
      const template = ok(await a.post(`/documents/${doc._id}/save-as-template`, {}), 201) as Document;
      expect(template).toMatchObject({ isTemplate: true, number: null, contactId: null, title: 'Standard' });
      expect(template.totals?.total).toBe(6000);
      expect(errorOf(await a.post(`/documents/${template._id}/save-as-template`, {})).status).toBe(409);
      expect(errorOf(await a.post(`/documents/${template._id}/send`, {}))).toMatchObject({
        status: 409,
        error: M.templateNotSendable,
      });
      const fromTemplate = ok(
        await a.post(`/documents/from-template/${template._id}`, { contactId: contact, title: 'For Grace' }),
        201,
      ) as Document;
      expect(fromTemplate).toMatchObject({
        isTemplate: false,
        templateId: template._id,
        title: 'For Grace',
        status: 'draft',
      });
      expect(fromTemplate.number).toMatch(/^INV-/);
      expect(fromTemplate.lineItems).toHaveLength(1);
      expect(errorOf(await a.post(`/documents/from-template/${doc._id}`, {})).status).toBe(404);
      const copy = ok(await a.post(`/documents/${fromTemplate._id}/duplicate`, {}), 201) as Document;
      expect(copy).toMatchObject({ title: 'For Grace (copy)', status: 'draft', contactId: contact });
      expect(copy.number).not.toBe(fromTemplate.number);
    });
  });

  describe('send and the public link', () => {
    test('send: status sent, a link, the email to the contact; the public view marks viewed once', async () => {
      const contact = await newContact({ firstName: 'Grace' });
      const doc = await newDocument({
        type: 'contract',
        title: 'Agreement for {{contact.firstName}}',
        contactId: contact,
        blocks: [
          {
            id: 'b',
            type: 'richText',
            html: '<p>Dear {{contact.firstName}}, from {{business.name}} {{project.name}}</p>',
          },
        ],
      });
      const preview = ok(await a.get(`/documents/${doc._id}/preview`)) as { unresolvedTags: string[] };
      expect(preview.unresolvedTags).toEqual(['project.name']);
      const mailsBefore = t.mails.length;
      const sent = await send(doc._id);
      expect(sent.document.status).toBe('sent');
      expect(sent.email).toBe('sent');
      expect(sent.unresolvedTags).toEqual(['project.name']);
      expect(sent.link.url).toBe(`${t.config.appUrl}/documents/view/${doc._id}?token=${sent.link.token}`);
      const mail = t.mails[mailsBefore]!;
      expect(mail.text).toContain(sent.link.url);
      expect(mail.subject).toContain('Agreement for');
      // Only a hash of the token is stored.
      const links = await t.database.db.select().from(documentLinks).where(eq(documentLinks.documentId, doc._id));
      expect(links).toHaveLength(1);
      expect(links[0]!.tokenHash).not.toContain(sent.link.token);

      const view = await publicGet(doc._id, sent.link.token);
      expect(view.statusCode).toBe(200);
      const data = publicDocumentSchema.strict().parse((view.json() as { data: unknown }).data);
      expect(data.document.title).toBe('Agreement for Grace');
      expect(data.document.blocks[0]).toMatchObject({ html: expect.stringMatching(/^<p>Dear Grace, from .+ <\/p>$/) });
      expect(data.document.status).toBe('viewed');
      const viewedAt = data.document.viewedAt;
      await publicGet(doc._id, sent.link.token);
      expect((ok(await a.get(`/documents/${doc._id}`)) as Document).viewedAt).toBe(viewedAt);
    });

    test('a contact without email: sent without mail; a mail failure does not undo the send', async () => {
      const doc = await invoice();
      const sent = await send(doc._id);
      expect(sent).toMatchObject({ email: 'no_email', document: { status: 'sent' } });

      const contact = await newContact();
      const other = await invoice({ contactId: contact });
      const original = t.mails.push;
      t.mails.push = () => {
        throw new Error('SMTP down');
      };
      try {
        const failed = await send(other._id);
        expect(failed).toMatchObject({ email: 'failed', document: { status: 'sent' } });
      } finally {
        t.mails.push = original;
      }
      expect((ok(await a.get(`/documents/${other._id}`)) as Document).status).toBe('sent');
    });

    test('forged, unknown, mismatched or another document’s token → 404; expired → 410 GONE', async () => {
      const doc = await invoice();
      const { link } = await send(doc._id);
      const other = await invoice();
      const otherLink = (await send(other._id)).link;
      expect((await publicGet(doc._id, 'forged-token')).statusCode).toBe(404);
      expect((await publicGet(doc._id, otherLink.token)).statusCode).toBe(404);
      expect((await publicGet('no-such-id', link.token)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/public/documents/${doc._id}` })).statusCode).toBe(400);
      // The link expires.
      await t.database.db
        .update(documentLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(documentLinks.documentId, doc._id));
      const expired = await publicGet(doc._id, link.token);
      expect(errorOf(expired)).toMatchObject({ status: 410, code: 'GONE', error: M.linkExpired });
      // The document expires: it reads as expired in the list, and its link answers 410.
      await t.database.db
        .update(documentsTable)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(documentsTable.id, other._id));
      expect(errorOf(await publicGet(other._id, otherLink.token)).status).toBe(410);
      expect((ok(await a.get(`/documents/${other._id}`)) as Document).status).toBe('expired');
      const expiredList = documentListAnswerSchema.parse((await a.get('/documents?status=expired')).json());
      expect(expiredList.data.map((d) => d._id)).toContain(other._id);
      // Moving the expiry later brings it back.
      const back = ok(await a.put(`/documents/${other._id}`, { expiresAt: '2099-01-01' })) as Document;
      expect(back.status).toBe('sent');
      expect((await publicGet(other._id, otherLink.token)).statusCode).toBe(200);
    });

    test('share needs a sent document; a new link works alongside the first', async () => {
      const doc = await invoice();
      expect(errorOf(await a.post(`/documents/${doc._id}/share`, {}))).toMatchObject({
        status: 409,
        error: M.notSentYet,
      });
      const first = (await send(doc._id)).link;
      const second = ok(await a.post(`/documents/${doc._id}/share`, {}), 201) as { token: string };
      expect(second.token).not.toBe(first.token);
      expect((await publicGet(doc._id, first.token)).statusCode).toBe(200);
      expect((await publicGet(doc._id, second.token)).statusCode).toBe(200);
    });
  });

  describe('tax rates', () => {
    test('CRUD, unique names, basis points', async () => {
      const rate = ok(await a.post('/tax-rates', { name: 'City', rate: 150 }), 201) as TaxRate;
      expect(errorOf(await a.post('/tax-rates', { name: 'city', rate: 1 }))).toMatchObject({
        status: 409,
        error: M.taxRateNameTaken,
      });
      expect(errorOf(await a.post('/tax-rates', { name: 'Bad', rate: 10.5 })).status).toBe(400);
      expect((ok(await a.put(`/tax-rates/${rate._id}`, { rate: 175 })) as TaxRate).rate).toBe(175);
      expect((ok(await a.get('/tax-rates')) as TaxRate[]).map((r) => r.name)).toContain('City');
      ok(await a.delete(`/tax-rates/${rate._id}`));
      expect((ok(await a.get('/tax-rates')) as TaxRate[]).map((r) => r.name)).not.toContain('City');
    });
  });

  test('the PDF: JSON whose data is the base64 PDF, its text the document’s (owner and public link)', async () => {
    const contact = await newContact({ firstName: 'Zoë', lastName: 'Ångström' });
    const doc = await invoice({
      title: 'Invoice for {{contact.firstName}}',
      contactId: contact,
      currency: 'EUR',
      lineItems: [{ description: 'Oak table 东京', quantity: '2', unitPrice: 12_550, taxRateId: vat._id }],
    });
    const res = await a.get(`/documents/${doc._id}/pdf`);
    expect(res.statusCode).toBe(200);
    const bytes = parsePdfAnswer(res.body);
    const text = pdfText(bytes);
    expect(text).toContain('Invoice for Zoë');
    expect(text).toContain(doc.number!);
    expect(text).toContain('Oak table 东京');
    expect(text).toContain('€301.20'); // 2 × 125.50 = 251.00 + 20 % VAT
    // The business's logo goes into the PDF once it has one.
    const hasImage = (b: Uint8Array) => Buffer.from(b).toString('latin1').includes('/Subtype /Image');
    expect(hasImage(bytes)).toBe(false);
    const { payload, headers } = multipart('logo.png', TINY_PNG, 'image/png', 'logo');
    ok(await a.post(`/businesses/${owner.body.user.businessId}/logo`, payload, { headers }));
    expect(hasImage(parsePdfAnswer((await a.get(`/documents/${doc._id}/pdf`)).body))).toBe(true);
    const { link } = await send(doc._id);
    const shared = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/documents/${doc._id}/pdf?token=${link.token}`,
    });
    expect(pdfText(parsePdfAnswer(shared.body))).toContain(doc.number!);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/public/documents/${doc._id}/pdf?token=x` })).statusCode,
    ).toBe(404);
  });
  test('contract and questionnaire PDFs: clauses numbered, signer roles, questions with their answers left blank', async () => {
    const contract = await newDocument({
      type: 'contract',
      title: 'Services agreement',
      signers: [{ role: 'client', name: 'Grace Hopper', email: 'grace@example.com' }],
      blocks: [
        { id: 'h', type: 'heading', text: 'Scope', level: 1 },
        { id: 'c1', type: 'clause', title: 'Payment terms', html: '<p>Net <strong>30</strong> days</p>' },
        { id: 'pb', type: 'pageBreak' },
        { id: 'c2', type: 'clause', title: 'Termination', html: '<p>Either party may end it.</p>' },
      ],
    });
    const contractPdf = parsePdfAnswer((await a.get(`/documents/${contract._id}/pdf`)).body);
    const contractText = pdfText(contractPdf);
    for (const part of [
      'Services agreement',
      'Scope',
      'Payment terms',
      'Net 30 days',
      'Termination',
      'Client',
      'Grace Hopper',
    ]) {
      expect(contractText).toContain(part);
    }
    const questionnaire = await newDocument({
      type: 'questionnaire',
      title: 'Intake',
      blocks: [
        { id: 'q1', type: 'question', kind: 'longText', label: 'Describe your dream kitchen', required: true },
        { id: 'q2', type: 'question', kind: 'multiChoice', label: 'Materials', options: ['Oak', 'Steel'] },
      ],
    });
    const questionnaireText = pdfText(parsePdfAnswer((await a.get(`/documents/${questionnaire._id}/pdf`)).body));
    expect(questionnaireText).toContain('Describe your dream kitchen');
    expect(questionnaireText).toContain('Materials');
  });
});

describe('documents service without a PDF renderer', () => {
  test('answers 503 with its message', async () => {
    const row = { id: 'd1', businessId: 'b1' };
    const repo = { findView: async () => row } as unknown as DocumentsRepository;
    const service = new DocumentsService(repo, { config: {} as Config, mailer: testMailer() });
    await expect(service.pdf({ userId: 'u1', businessId: 'b1' }, 'd1')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: M.pdfUnavailable,
    });
  });
});
