import { eq, sql } from 'drizzle-orm';
import {
  financeExportSchema,
  financeInvoiceListAnswerSchema,
  financeOverviewSchema,
  financePaymentListAnswerSchema,
  financeProjectSchema,
  lastMonths,
  type FinanceExport,
  type FinanceInvoice,
  type FinanceOverview,
  type FinancePayment,
  type FinanceProject,
} from '@atrium/domain-documents/schemas';
import { businesses as businessesTable, documents as documentsTable, payments as paymentsTable } from '../../db/schema';
import {
  createTestApp,
  dataOf as ok,
  errorOf,
  qs,
  signedInAgent,
  sqlRows,
  type Agent,
  type TestApp,
} from '../../../test/helpers';
import { signUp, waitForMail } from '../../../test/security-helpers';
import { EXPORT_TOO_LARGE } from './finance.service';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;
const DAY = 86_400_000;

/** The first instant of the UTC month `offset` months from now (0: this month, -1: last month). */
const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};
/** A moment inside that month (the 2nd, noon UTC): never in the future for this month after the 2nd. */
const inMonth = (offset: number) => {
  const d = new Date(monthStart(offset).getTime() + DAY + 12 * 3_600_000);
  return d > new Date() ? new Date(monthStart(offset).getTime() + 1000) : d;
};

describe('finance', () => {
  let t: TestApp;
  let owner: Signed;
  let a: Agent;
  let other: Signed;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInAgent(t.app);
    a = owner.agent;
    other = await signedInAgent(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const invoice = async (body: Record<string, unknown> = {}, agent = a) =>
    ok(
      await agent.post('/documents', {
        type: 'invoice',
        title: 'Kitchen',
        lineItems: [{ description: 'Work', quantity: '1', unitPrice: 10_000 }],
        ...body,
      }),
      201,
    ) as { _id: string; number: string };
  const sent = async (body: Record<string, unknown> = {}, agent = a) => {
    const doc = await invoice(body, agent);
    ok(await agent.post(`/documents/${doc._id}/send`, {}));
    return doc;
  };
  const businessOf = (s: Signed) => s.body.user.businessId;
  const pay = async (
    documentId: string | null,
    values: Partial<typeof paymentsTable.$inferInsert> & { businessId: string },
  ) => {
    const [row] = await db()
      .insert(paymentsTable)
      .values({
        documentId,
        method: 'card',
        kind: 'full',
        status: 'succeeded',
        amount: 10_000,
        currency: 'USD',
        paidAt: new Date(),
        ...values,
      })
      .returning();
    return row!;
  };
  const overview = async (agent = a) =>
    financeOverviewSchema.strict().parse(ok(await agent.get('/finance/overview'))) as FinanceOverview;
  const invoices = async (query: Record<string, unknown> = {}, agent = a) =>
    financeInvoiceListAnswerSchema.parse((await agent.get(`/finance/invoices${qs(query)}`)).json()) as {
      data: FinanceInvoice[];
      pagination: { total: number; totalPages: number };
    };
  const paymentsList = async (query: Record<string, unknown> = {}, agent = a) =>
    financePaymentListAnswerSchema.parse((await agent.get(`/finance/payments${qs(query)}`)).json()) as {
      data: FinancePayment[];
      pagination: { total: number };
    };

  describe('a business with money in two currencies', () => {
    let usdOpen: { _id: string };
    let usdLate: { _id: string };
    let eurLate: { _id: string };
    let deposit: { _id: string };

    beforeAll(async () => {
      const b = businessOf(owner);
      const past = new Date(Date.now() - 10 * DAY).toISOString();
      const future = new Date(Date.now() + 10 * DAY).toISOString();
      // Open invoices: one due later, one overdue, one overdue in EUR, one with its deposit paid.
      usdOpen = await sent({ dueDate: future });
      usdLate = await sent({ dueDate: past, lineItems: [{ description: 'A', quantity: '2', unitPrice: 5_000 }] });
      eurLate = await sent({
        currency: 'EUR',
        dueDate: past,
        lineItems: [{ description: 'B', quantity: '1', unitPrice: 7_000 }],
      });
      deposit = await sent({ dueDate: past, paymentSchedule: { kind: 'deposit_percent', value: 3000 } });
      await invoice({ title: 'Draft only' });
      // Payments: this month 100.00 + 30.00 deposit, partly refunded 25.00 this month; last month 50.00; EUR 40.00.
      await pay(null, { businessId: b, amount: 10_000, paidAt: inMonth(0) });
      await pay(deposit._id, { businessId: b, kind: 'deposit', amount: 3_000, paidAt: inMonth(0) });
      await pay(null, {
        businessId: b,
        amount: 8_000,
        amountRefunded: 2_500,
        status: 'partially_refunded',
        paidAt: inMonth(-1),
        refundedAt: inMonth(0),
      });
      await pay(null, { businessId: b, amount: 5_000, paidAt: inMonth(-1) });
      await pay(null, { businessId: b, currency: 'EUR', amount: 4_000, paidAt: inMonth(0) });
      // Not money: an open checkout, a failed card, one held for review, and a payment 13 months ago.
      await pay(usdOpen._id, { businessId: b, status: 'pending', paidAt: null });
      await pay(usdOpen._id, { businessId: b, status: 'failed', paidAt: null });
      await pay(usdOpen._id, { businessId: b, status: 'held', amount: 999 });
      await pay(null, { businessId: b, amount: 77_700, paidAt: inMonth(-12) });
    });

    test('revenue by month per currency: payments received minus refunds, never across currencies', async () => {
      const o = await overview();
      expect(o.currencies.map((c) => c.currency)).toEqual(['USD', 'EUR']);
      const usd = o.currencies[0]!;
      expect(usd.months.map((m) => m.month)).toEqual(lastMonths(new Date()));
      expect(usd.months).toHaveLength(12);
      // This month: 100.00 + 30.00 received, 25.00 refunded; last month: 80.00 + 50.00.
      expect(usd.months.at(-1)).toEqual({
        month: lastMonths(new Date()).at(-1),
        paid: 13_000,
        refunded: 2_500,
        net: 10_500,
      });
      expect(usd.thisMonth).toBe(10_500);
      expect(usd.lastMonth).toBe(13_000);
      // The payment of 13 months ago is outside the window; pending, failed and held are not revenue.
      expect(usd.months.reduce((n, m) => n + m.paid, 0)).toBe(26_000);
      const eur = o.currencies[1]!;
      expect(eur.thisMonth).toBe(4_000);
      expect(eur.months.slice(0, -1).every((m) => m.net === 0)).toBe(true);
    });

    test('outstanding is the open invoices’ unpaid balance; overdue the part past its due date', async () => {
      const o = await overview();
      const usd = o.currencies.find((c) => c.currency === 'USD')!;
      // 100.00 (due later) + 100.00 (late) + 70.00 (late, 30.00 deposit paid).
      expect(usd.outstanding).toBe(27_000);
      expect(usd.outstandingCount).toBe(3);
      expect(usd.overdue).toBe(17_000);
      expect(usd.overdueCount).toBe(2);
      const eur = o.currencies.find((c) => c.currency === 'EUR')!;
      expect([eur.outstanding, eur.overdue, eur.overdueCount]).toEqual([7_000, 7_000, 1]);
      expect(o.counts).toEqual({ draft: 1, open: 4, paid: 0, overdue: 3, total: 5 });
    });

    test('an invoice marked paid leaves outstanding and overdue and reads as paid in full', async () => {
      const late = await sent({ dueDate: new Date(Date.now() - DAY).toISOString() });
      const before = (await overview()).currencies.find((c) => c.currency === 'USD')!;
      ok(await a.put(`/documents/${late._id}`, { status: 'paid' }));
      const after = (await overview()).currencies.find((c) => c.currency === 'USD')!;
      expect(after.outstanding).toBe(before.outstanding - 10_000);
      expect(after.overdueCount).toBe(before.overdueCount - 1);
      const row = (await invoices({ status: 'paid' })).data.find((r) => r._id === late._id)!;
      expect(row).toMatchObject({ status: 'paid', paid: 10_000, balance: 0, overdue: false });
    });

    test('the invoices list: paid and balance, status, overdue and contact filters, paging', async () => {
      const all = await invoices({ limit: 2 });
      expect(all.pagination.total).toBeGreaterThanOrEqual(5);
      expect(all.data).toHaveLength(2);
      const withDeposit = (await invoices({ limit: 100 })).data.find((r) => r._id === deposit._id)!;
      expect(withDeposit).toMatchObject({ total: 10_000, paid: 3_000, balance: 7_000, overdue: true, status: 'sent' });
      const overdue = (await invoices({ status: 'overdue', limit: 100 })).data.map((r) => r._id).sort();
      expect(overdue).toEqual([usdLate._id, eurLate._id, deposit._id].sort());
      const drafts = await invoices({ status: 'draft' });
      expect(drafts.data.map((r) => r.title)).toEqual(['Draft only']);
      const contact = ok(await a.post('/contacts', { firstName: 'Ivy', email: 'ivy@example.com' }), 201) as {
        _id: string;
      };
      const hers = await sent({ contactId: contact._id });
      expect((await invoices({ contactId: contact._id })).data.map((r) => r._id)).toEqual([hers._id]);
      expect((await a.get('/finance/invoices?status=nope')).statusCode).toBe(400);
      expect(errorOf(await a.get('/finance/invoices?from=2026-02-30')).details?.[0]?.message).toBe(
        'Enter a valid date (YYYY-MM-DD)',
      );
    });

    test('the invoices list by creation day (UTC, both ends included)', async () => {
      const old = await invoice({ title: 'Old one' });
      await db()
        .update(documentsTable)
        .set({ createdAt: new Date('2024-03-10T23:59:00Z') })
        .where(eq(documentsTable.id, old._id));
      const hit = await invoices({ from: '2024-03-10', to: '2024-03-10' });
      expect(hit.data.map((r) => r._id)).toEqual([old._id]);
      expect((await invoices({ from: '2024-03-11', to: '2024-12-31' })).data).toEqual([]);
      expect(errorOf(await a.get('/finance/invoices?from=2024-03-11&to=2024-03-10')).details?.[0]).toEqual({
        field: 'to',
        message: 'From must not be after To',
      });
    });

    test('the payments list: received, refunded and failed with net amounts; filters', async () => {
      // (Card only: marking an invoice paid by hand records a manual payment.)
      const list = await paymentsList({ method: 'card', limit: 100 });
      // Pending checkouts are left out by default; failed and held are shown.
      expect(list.data.map((p) => p.status).sort()).toEqual(
        [
          'failed',
          'held',
          'partially_refunded',
          'succeeded',
          'succeeded',
          'succeeded',
          'succeeded',
          'succeeded',
        ].sort(),
      );
      const refunded = list.data.find((p) => p.status === 'partially_refunded')!;
      expect([refunded.amount, refunded.refunded, refunded.net]).toEqual([8_000, 2_500, 5_500]);
      expect(list.data.find((p) => p.status === 'failed')!.net).toBe(0);
      const depositRow = list.data.find((p) => p.documentId === deposit._id)!;
      expect(depositRow).toMatchObject({ kind: 'deposit', invoiceTitle: 'Kitchen', method: 'card' });
      expect((await paymentsList({ status: 'pending' })).data).toHaveLength(1);
      expect((await paymentsList({ method: 'manual' })).data.every((p) => p.method === 'manual')).toBe(true);
      expect((await a.get('/finance/payments?method=cash')).statusCode).toBe(400);
    });

    test('another business sees none of it', async () => {
      const o = await overview(other.agent);
      expect(o.currencies).toEqual([]);
      expect(o.counts.total).toBe(0);
      expect((await invoices({}, other.agent)).data).toEqual([]);
      expect((await paymentsList({}, other.agent)).data).toEqual([]);
    });

    test('a member of the business reads the same figures as the owner', async () => {
      const member = await signUp(t);
      ok(await a.post(`/businesses/${businessOf(owner)}/invites`, { email: member.signup.email, role: 'member' }), 201);
      const { match } = await waitForMail(t.mails, member.signup.email, /accept-invite\?token=([^\s&"<]+)/);
      ok(await member.agent.post('/businesses/accept-invite', { token: decodeURIComponent(match[1]!) }));
      ok(await member.agent.post(`/businesses/${businessOf(owner)}/switch`, {}));
      const mine = await overview();
      const theirs = await overview(member.agent);
      expect({ ...theirs, asOf: '' }).toEqual({ ...mine, asOf: '' });
    });
  });

  describe('revenue months kept by triggers on payments', () => {
    test('inserts, refunds, status changes, moves and deletes leave them equal to the payments themselves', async () => {
      const biz = await signedInAgent(t.app);
      const b = businessOf(biz);
      const direct = async () =>
        sqlRows<{ currency: string; month: string; paid: string; refunded: string }>(
          db(),
          sql`SELECT currency, month, sum(paid) AS paid, sum(refunded) AS refunded FROM (
                SELECT currency, to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, amount AS paid, 0 AS refunded
                  FROM payments WHERE business_id = ${b} AND status IN ('succeeded', 'partially_refunded', 'refunded')
                UNION ALL
                SELECT currency, to_char(refunded_at AT TIME ZONE 'UTC', 'YYYY-MM'), 0, amount_refunded
                  FROM payments WHERE business_id = ${b} AND status IN ('partially_refunded', 'refunded')
                   AND refunded_at IS NOT NULL) x
              GROUP BY 1, 2 HAVING sum(paid) <> 0 OR sum(refunded) <> 0 ORDER BY 1, 2`,
        );
      const kept = async () =>
        sqlRows<{ currency: string; month: string; paid: string; refunded: string }>(
          db(),
          sql`SELECT currency, month, paid, refunded FROM finance_revenue_months
               WHERE business_id = ${b} AND (paid <> 0 OR refunded <> 0) ORDER BY 1, 2`,
        );
      const same = async () => {
        const [a, k] = [await direct(), await kept()];
        expect(k.map((r) => [r.currency, r.month, Number(r.paid), Number(r.refunded)])).toEqual(
          a.map((r) => [r.currency, r.month, Number(r.paid), Number(r.refunded)]),
        );
        return k.length;
      };
      const one = await pay(null, { businessId: b, amount: 10_000, paidAt: new Date('2026-03-10T10:00:00Z') });
      const two = await pay(null, {
        businessId: b,
        currency: 'EUR',
        amount: 5_000,
        paidAt: new Date('2026-03-31T23:30:00Z'),
      });
      await db()
        .insert(paymentsTable)
        .values([
          { businessId: b, method: 'card', kind: 'full', status: 'pending', amount: 700, currency: 'USD' },
          {
            businessId: b,
            method: 'card',
            kind: 'full',
            status: 'succeeded',
            amount: 300,
            currency: 'USD',
            paidAt: new Date('2026-04-01T00:00:00Z'),
          },
        ]);
      expect(await same()).toBe(3);
      // A partial refund in April, then the rest in May (the refunds count in the last refund's month).
      const set = (id: string, values: Partial<typeof paymentsTable.$inferInsert>) =>
        db().update(paymentsTable).set(values).where(eq(paymentsTable.id, id));
      await set(one.id, {
        status: 'partially_refunded',
        amountRefunded: 2_500,
        refundedAt: new Date('2026-04-02T00:00:00Z'),
      });
      await same();
      await set(one.id, { status: 'refunded', amountRefunded: 10_000, refundedAt: new Date('2026-05-02T00:00:00Z') });
      await same();
      // Held, then applied on review; a payment moved to another month; one deleted.
      await set(two.id, { status: 'held' });
      await same();
      await set(two.id, { status: 'succeeded', paidAt: new Date('2026-02-01T00:00:00Z') });
      await same();
      await db().delete(paymentsTable).where(eq(paymentsTable.id, two.id));
      await same();
      // Every pending row turned into a payment by one statement.
      await db()
        .update(paymentsTable)
        .set({ status: 'succeeded', paidAt: new Date('2026-06-15T00:00:00Z') })
        .where(sql`business_id = ${b} AND status = 'pending'`);
      await same();
    });

    test('each invoice’s received (documents.received) equals its payments received net of refunds, whatever changes', async () => {
      const b = businessOf(owner);
      const x = await sent({ title: 'Received X' });
      const y = await sent({ title: 'Received Y' });
      const direct = async () =>
        sqlRows<{ id: string; received: string }>(
          db(),
          sql`SELECT d.id, coalesce((SELECT sum(p.amount - p.amount_refunded) FROM payments p WHERE p.document_id = d.id
                AND p.status IN ('succeeded', 'partially_refunded', 'refunded')), 0) AS received
                FROM documents d WHERE d.id IN (${x._id}, ${y._id}) ORDER BY d.id`,
        );
      const kept = async () =>
        sqlRows<{ id: string; received: string }>(
          db(),
          sql`SELECT id, received FROM documents WHERE id IN (${x._id}, ${y._id}) ORDER BY id`,
        );
      const same = async () => {
        const k = (await kept()).map((r) => [r.id, Number(r.received)]);
        expect(k).toEqual((await direct()).map((r) => [r.id, Number(r.received)]));
        return Object.fromEntries(k) as Record<string, number>;
      };
      const set = (id: string, values: Partial<typeof paymentsTable.$inferInsert>) =>
        db().update(paymentsTable).set(values).where(eq(paymentsTable.id, id));
      expect(await same()).toEqual({ [x._id]: 0, [y._id]: 0 });
      const p1 = await pay(x._id, { businessId: b, kind: 'deposit', amount: 3_000 });
      await pay(x._id, { businessId: b, status: 'pending', amount: 7_000, paidAt: null });
      await pay(x._id, { businessId: b, status: 'held', amount: 500 });
      expect((await same())[x._id]).toBe(3_000);
      await set(p1.id, { status: 'partially_refunded', amountRefunded: 1_000, refundedAt: new Date() });
      expect((await same())[x._id]).toBe(2_000);
      // A payment moved from one invoice to the other counts out of the first and into the second.
      await set(p1.id, { documentId: y._id });
      expect(await same()).toEqual({ [x._id]: 0, [y._id]: 2_000 });
      // Every pending payment settled by one statement; one deleted; one dismissed (never received).
      await db()
        .update(paymentsTable)
        .set({ status: 'succeeded', paidAt: new Date() })
        .where(sql`document_id = ${x._id} AND status = 'pending'`);
      expect((await same())[x._id]).toBe(7_000);
      await db().delete(paymentsTable).where(eq(paymentsTable.id, p1.id));
      expect((await same())[y._id]).toBe(0);
      await db()
        .update(paymentsTable)
        .set({ status: 'dismissed' })
        .where(sql`document_id = ${x._id} AND status = 'held'`);
      expect((await same())[x._id]).toBe(7_000);
      // The open balance the overview and the invoices list show comes from it.
      const row = (await invoices({ status: 'open' })).data.find((i) => i._id === x._id);
      expect(row).toMatchObject({ total: 10_000, paid: 7_000, balance: 3_000 });
    });

    test('a business deleted with its payments takes its months with it', async () => {
      const gone = await signedInAgent(t.app);
      const b = businessOf(gone);
      await pay(null, { businessId: b, amount: 1_000, paidAt: new Date('2026-01-05T00:00:00Z') });
      await db().delete(businessesTable).where(eq(businessesTable.id, b));
      const left = await sqlRows(db(), sql`SELECT 1 FROM finance_revenue_months WHERE business_id = ${b}`);
      expect(left).toEqual([]);
    });
  });

  describe('CSV export', () => {
    let exporter: Signed;
    beforeAll(async () => {
      exporter = await signedInAgent(t.app);
    });
    const exportCsv = async (query: Record<string, unknown>) =>
      financeExportSchema.parse(ok(await exporter.agent.get(`/finance/export${qs(query)}`))) as FinanceExport;

    test('invoices in the range, oldest first, amounts in major units, formulas neutralised', async () => {
      const first = await invoice(
        {
          title: '=HYPERLINK("http://evil.example","click")',
          lineItems: [{ description: 'x', quantity: '1', unitPrice: 123_450 }],
        },
        exporter.agent,
      );
      const second = await invoice(
        { title: 'Yen, "quoted"', currency: 'JPY', lineItems: [{ description: 'x', quantity: '1', unitPrice: 1200 }] },
        exporter.agent,
      );
      await db()
        .update(documentsTable)
        .set({ createdAt: new Date('2025-01-05T10:00:00Z') })
        .where(eq(documentsTable.id, first._id));
      await db()
        .update(documentsTable)
        .set({ createdAt: new Date('2025-01-31T23:00:00Z') })
        .where(eq(documentsTable.id, second._id));
      const out = await exportCsv({ kind: 'invoices', from: '2025-01-01', to: '2025-01-31' });
      expect(out.filename).toBe('finance-invoices-2025-01-01-to-2025-01-31.csv');
      expect(out.rows).toBe(2);
      const lines = out.csv.split('\r\n');
      expect(lines[0]).toBe(
        'Invoice number,Title,Contact,Status,Overdue,Currency,Total,Paid,Balance,Created,Sent,Due,Invoice id',
      );
      expect(lines[1]).toBe(
        `${first.number},"'=HYPERLINK(""http://evil.example"",""click"")",,draft,no,USD,1234.50,0.00,1234.50,2025-01-05,,,${first._id}`,
      );
      expect(lines[2]).toBe(`${second.number},"Yen, ""quoted""",,draft,no,JPY,1200,0,1200,2025-01-31,,,${second._id}`);
      expect(lines[3]).toBe('');
      expect((await exportCsv({ kind: 'invoices', from: '2025-02-01', to: '2025-02-28' })).rows).toBe(0);
    });

    test('payments in the range with refunds and net', async () => {
      const doc = await invoice({ title: '@SUM(A1)' }, exporter.agent);
      await pay(doc._id, {
        businessId: businessOf(exporter),
        method: 'manual',
        amount: 5_000,
        amountRefunded: 1_000,
        status: 'partially_refunded',
        paidAt: new Date('2025-06-15T08:00:00Z'),
      });
      const out = await exportCsv({ kind: 'payments', from: '2025-06-01', to: '2025-06-30' });
      expect(out.filename).toBe('finance-payments-2025-06-01-to-2025-06-30.csv');
      const [header, row] = out.csv.split('\r\n');
      expect(header).toBe(
        'Date,Invoice number,Invoice title,Contact,Method,For,Status,Currency,Amount,Refunded,Net,Payment id,Invoice id',
      );
      expect(row).toMatch(
        new RegExp(
          `^2025-06-15,${doc.number},'@SUM\\(A1\\),,manual,full,partially_refunded,USD,50.00,10.00,40.00,[^,]+,${doc._id}$`,
        ),
      );
    });

    test('bad ranges and kinds are refused with field messages', async () => {
      const bad = errorOf(await exporter.agent.get('/finance/export?kind=invoices&from=2025-02-01&to=2025-01-01'));
      expect(bad.details).toEqual([{ field: 'to', message: 'From must not be after To' }]);
      expect((await exporter.agent.get('/finance/export?kind=taxes&from=2025-01-01&to=2025-01-02')).statusCode).toBe(
        400,
      );
      expect((await exporter.agent.get('/finance/export?kind=invoices')).statusCode).toBe(400);
      expect(EXPORT_TOO_LARGE).toMatch(/at most 50,000 rows/);
    });
  });

  describe("a project's finance", () => {
    test('its invoices, payments and totals per currency; another business’s project is 404', async () => {
      const project = ok(await a.post('/projects', { title: 'Loft', type: 'Remodel' }), 201) as { _id: string };
      const past = new Date(Date.now() - 2 * DAY).toISOString();
      const one = await sent({ projectId: project._id, dueDate: past });
      const two = await sent({
        projectId: project._id,
        lineItems: [{ description: 'x', quantity: '3', unitPrice: 2_000 }],
      });
      await invoice({ projectId: project._id, title: 'Not sent' });
      await sent({ title: 'Elsewhere' });
      await pay(two._id, { businessId: businessOf(owner), amount: 2_000, kind: 'deposit' });
      const f = financeProjectSchema.parse(ok(await a.get(`/finance/projects/${project._id}`))) as FinanceProject;
      expect(f.totals).toEqual([
        { currency: 'USD', invoiced: 16_000, paid: 2_000, outstanding: 14_000, overdue: 10_000 },
      ]);
      expect(f.invoices.map((i) => i._id).sort()).toEqual(expect.arrayContaining([one._id, two._id].sort()));
      expect(f.invoices).toHaveLength(3);
      expect(f.payments.map((p) => p.documentId)).toEqual([two._id]);
      const res = await other.agent.get(`/finance/projects/${project._id}`);
      expect(res.statusCode).toBe(404);
    });
  });
});
