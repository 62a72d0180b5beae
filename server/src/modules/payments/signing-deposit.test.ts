import { eq } from 'drizzle-orm';
import { API_ROOT } from '@atrium/contracts';
import {
  checkoutAnswerSchema,
  ESIGN_DISCLOSURE,
  invoicePaymentsSchema,
  signingDepositSchema,
  workflowSchema,
  type SigningDeposit,
} from '@atrium/domain-documents/schemas';
import { documentLinks } from '../../db/schema';
import { Agent, appWithStripeFake, dataOf as ok, errorOf, signedInAgent, type TestApp } from '../../../test/helpers';
import { type FakeStripe } from '../../../test/fakes/stripe';
import { signingDepositToken } from './signing-deposit';

const SECRET = 'whsec_test_signing_deposit';
// A completed workflow renders and seals a PDF; the shared machine is slow.
jest.setTimeout(120_000);

describe('sign and pay from one link (the signing link leads to the deposit)', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let a: Agent;
  let seq = 0;

  beforeAll(async () => {
    ({ fake, t } = await appWithStripeFake({ webhookSecret: SECRET }));
    a = (await signedInAgent(t.app, { firstName: 'Olive', lastName: 'Owner' })).agent;
    // The business's Stripe account, onboarded (charges enabled).
    const { url } = ok(await a.post('/stripe/connect', {})) as { url: string };
    await fake.completeOnboarding(new URL(url).pathname.split('/').pop()!);
    ok(await a.post('/stripe/refresh', {}));
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const webhook = (event: Record<string, unknown>) => {
    const body = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: `${API_ROOT}/stripe/webhook`,
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(body) },
      payload: body,
    });
  };

  /** A client, their contract (client then owner signing) and a $400 invoice with a 25 % deposit, in one package. */
  const setUp = async (o: { invoice?: boolean; packaged?: boolean } = {}) => {
    const email = `cleo.${++seq}@example.com`;
    const contactId = (
      ok(await a.post('/contacts', { firstName: 'Cleo', lastName: 'Client', email }), 201) as { _id: string }
    )._id;
    const contractId = (
      ok(
        await a.post('/documents', {
          type: 'contract',
          title: `Kitchen contract ${seq}`,
          contactId,
          blocks: [{ id: 'c1', type: 'clause', title: 'Scope', html: '<p>We build a kitchen.</p>' }],
          signers: [
            { role: 'client', name: 'Cleo Client', email },
            { role: 'owner', name: 'Olive Owner', email: `olive.${seq}@example.com` },
          ],
        }),
        201,
      ) as { _id: string }
    )._id;
    const invoiceId =
      o.invoice === false
        ? null
        : (
            ok(
              await a.post('/documents', {
                type: 'invoice',
                title: `Kitchen ${seq}`,
                contactId,
                currency: 'USD',
                lineItems: [{ description: 'Kitchen', quantity: '1', unitPrice: 40_000 }],
                paymentSchedule: { kind: 'deposit_percent', value: 2500 },
              }),
              201,
            ) as { _id: string; number: string }
          )._id;
    if (o.packaged !== false) {
      ok(
        await a.post('/packages', {
          name: `Kitchen ${seq}`,
          contactId,
          documentIds: invoiceId ? [contractId, invoiceId] : [contractId],
        }),
        201,
      );
    }
    const workflow = workflowSchema.parse(ok(await a.post('/signatures/workflows', { documentId: contractId }), 201));
    ok(await a.post(`/signatures/workflows/${workflow._id}/send`, {}));
    const mail = [...t.mails].reverse().find((m) => m.to === email && /Sign here: /.test(m.text))!;
    const link = new URL(/Sign here: (\S+)/.exec(mail.text)![1]!);
    return { email, contractId, invoiceId, workflowId: workflow._id, token: link.searchParams.get('token')! };
  };

  const client = () => new Agent(t.app).init();
  const signingUrl = (contractId: string, token: string, step = '') =>
    `${API_ROOT}/public/documents/${contractId}/signing${step}?token=${encodeURIComponent(token)}`;
  const deposit = async (agent: Agent, contractId: string, token: string) =>
    signingDepositSchema.parse(
      ok(await agent.request({ method: 'GET', url: signingUrl(contractId, token, '/deposit') })),
    ) as SigningDeposit;
  const linksOf = async (documentId: string) =>
    (await t.database.db.select().from(documentLinks).where(eq(documentLinks.documentId, documentId))).length;
  const statusOf = async (id: string) => (ok(await a.get(`/documents/${id}`)) as { status: string }).status;

  it('the client signs through the link, then pays the deposit on the same visit; the owner countersigns; finance shows the money', async () => {
    const s = await setUp();
    expect(await statusOf(s.invoiceId!)).toBe('draft');
    const c = await client();

    // Before signing: the invoice that goes with the contract, with its own link token and the deposit due now.
    const before = await deposit(c, s.contractId, s.token);
    expect(before.deposit).toMatchObject({
      invoiceId: s.invoiceId,
      token: signingDepositToken(s.token, s.invoiceId!),
      payment: {
        dueNow: { kind: 'deposit', amount: 10_000 },
        invoice: { total: 40_000, paid: 0, currency: 'USD' },
        cardPayment: true,
        paidInFull: false,
      },
    });
    // The draft invoice was sent on the way (no e-mail of its own: the signing invitation was the client's one).
    expect(await statusOf(s.invoiceId!)).toBe('sent');
    expect(t.mails.filter((m) => m.to === s.email)).toHaveLength(1);
    // Asked again: the same token, no second link.
    expect((await deposit(c, s.contractId, s.token)).deposit?.token).toBe(before.deposit!.token);
    expect(await linksOf(s.invoiceId!)).toBe(1);

    // The client consents and signs: the signing link is spent…
    ok(
      await c.request({
        method: 'POST',
        url: signingUrl(s.contractId, s.token, '/consent'),
        payload: { disclosureVersion: ESIGN_DISCLOSURE.version, accepted: true },
      }),
    );
    ok(
      await c.request({
        method: 'POST',
        url: signingUrl(s.contractId, s.token, '/sign'),
        payload: { signature: { kind: 'typed', name: 'Cleo Client' } },
      }),
    );
    expect(
      errorOf(await c.request({ method: 'GET', url: signingUrl(s.contractId, s.token, '/deposit') })),
    ).toMatchObject({ status: 409, code: 'SIGNATURE_LINK_USED' });

    // …and the deposit is paid with the invoice token it gave, through Stripe Checkout and the verified webhook.
    const checkout = checkoutAnswerSchema.parse(
      ok(await c.post(`/public/invoices/${s.invoiceId}/checkout?token=${before.deposit!.token}`, {})),
    );
    expect(checkout).toMatchObject({ kind: 'deposit', amount: 10_000 });
    expect((await webhook(await fake.pay(checkout.sessionId, { deliver: false }))).statusCode).toBe(200);

    // The owner countersigns as usual; the contract is completed and the money shows on the invoice and in finance.
    ok(
      await a.post(`/signatures/workflows/${s.workflowId}/owner-consent`, {
        disclosureVersion: ESIGN_DISCLOSURE.version,
        accepted: true,
      }),
    );
    const done = workflowSchema.parse(
      ok(
        await a.post(`/signatures/workflows/${s.workflowId}/owner-sign`, {
          signature: { kind: 'typed', name: 'Olive Owner' },
        }),
      ),
    );
    expect(done.status).toBe('completed');
    expect(invoicePaymentsSchema.parse(ok(await a.get(`/documents/${s.invoiceId}/payments`)))).toMatchObject({
      total: 40_000,
      paid: 10_000,
      balance: 30_000,
      payments: [expect.objectContaining({ kind: 'deposit', status: 'succeeded', method: 'card', amount: 10_000 })],
    });
    expect(await statusOf(s.invoiceId!)).not.toBe('paid');
    const finance = ok(await a.get(`/payments?documentId=${s.invoiceId}`)) as unknown;
    expect(finance).toEqual([expect.objectContaining({ status: 'succeeded', amount: 10_000 })]);
  });

  it('no deposit: a contract in no package, or in one without an invoice; a paid invoice is not offered again', async () => {
    const c = await client();
    const alone = await setUp({ packaged: false });
    expect((await deposit(c, alone.contractId, alone.token)).deposit).toBeNull();
    expect(await statusOf(alone.invoiceId!)).toBe('draft');

    const noInvoice = await setUp({ invoice: false });
    expect((await deposit(c, noInvoice.contractId, noInvoice.token)).deposit).toBeNull();

    const paid = await setUp();
    ok(await a.post(`/documents/${paid.invoiceId}/send`, {}));
    ok(await a.put(`/documents/${paid.invoiceId}`, { status: 'paid' }));
    expect((await deposit(c, paid.contractId, paid.token)).deposit).toBeNull();
  });

  it('the signing link’s own refusals: a forged token → 404, another contract’s token → 404, no token → 400', async () => {
    const s = await setUp();
    const other = await setUp();
    const c = await client();
    expect(
      errorOf(await c.request({ method: 'GET', url: signingUrl(s.contractId, 'sig_forged', '/deposit') })),
    ).toMatchObject({
      status: 404,
    });
    expect(
      errorOf(await c.request({ method: 'GET', url: signingUrl(s.contractId, other.token, '/deposit') })),
    ).toMatchObject({ status: 404 });
    expect(
      (await c.request({ method: 'GET', url: `${API_ROOT}/public/documents/${s.contractId}/signing/deposit` }))
        .statusCode,
    ).toBe(400);
    // Nothing was sent for the refused calls.
    expect(await statusOf(s.invoiceId!)).toBe('draft');
  });
});
