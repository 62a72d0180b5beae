import { expect, test, type Page } from '@playwright/test';
import { csrf, mailedLink, newUser, signUpThroughUi } from './helpers';

/** A full-page screenshot, kept in the test's output folder (--output). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/**
 * Issue #18's promise: a client signs the contract and pays the deposit from one link. The owner puts a contract and
 * its deposit invoice in one package (set up through the API: the builders have their own specs) and sends the
 * contract for signature; the client's only e-mail is the signing invitation. Through that link, in a fresh browser,
 * the client signs and then pays the deposit through the fake Stripe Checkout on the same visit; the owner
 * countersigns, and the deposit shows on the invoice and in finance.
 */
test('sign and pay from one link: the client signs the contract, then pays the deposit through Checkout; the owner countersigns and sees the money', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = newUser();
  await signUpThroughUi(page, owner);
  const headers = { 'x-xsrf-token': await csrf(page.request) };
  const api = async (url: string, data: unknown) => {
    const res = await page.request.post(`/api/v1${url}`, { headers, data });
    expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()).data;
  };

  // The business's Stripe account, through the fake's onboarding.
  const { url: onboarding } = await api('/stripe/connect', {});
  await page.goto(onboarding);
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/businesses\/settings\?tab=integrations/);
  expect((await api('/stripe/refresh', {})).chargesEnabled).toBe(true);

  // A client, their contract and a $400.00 invoice with a 25 % deposit, in one package; the contract sent for signature.
  const clientEmail = `cleo.${Date.now().toString(36)}@client.test`;
  const contact = await api('/contacts', { firstName: 'Cleo', lastName: 'Client', email: clientEmail });
  const contract = await api('/documents', {
    type: 'contract',
    title: 'Kitchen renovation agreement',
    contactId: contact._id,
    blocks: [{ id: 'c1', type: 'clause', title: 'Scope', html: '<p>We renovate the kitchen.</p>' }],
    signers: [
      { role: 'client', name: 'Cleo Client', email: clientEmail },
      { role: 'owner', name: `${owner.firstName} ${owner.lastName}`, email: owner.email },
    ],
  });
  const invoice = await api('/documents', {
    type: 'invoice',
    title: 'Kitchen renovation',
    contactId: contact._id,
    currency: 'USD',
    lineItems: [{ description: 'Kitchen renovation', quantity: '1', unitPrice: 40_000 }],
    paymentSchedule: { kind: 'deposit_percent', value: 2500 },
  });
  await api('/packages', { name: 'Kitchen', contactId: contact._id, documentIds: [contract._id, invoice._id] });
  const workflow = await api('/signatures/workflows', { documentId: contract._id });
  await api(`/signatures/workflows/${workflow._id}/send`, {});

  // The client: the one mailed link, in a fresh browser.
  const link = await mailedLink(clientEmail, /./, `/documents/view/${contract._id}`);
  expect(link).toContain('?token=sig_');
  const context = await browser.newContext();
  const client = await context.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
  await expect(client.getByText('After signing, you can pay the deposit of $100.00 here.')).toBeVisible();
  await shot(client, '01-review-with-deposit-ahead');
  await client.getByRole('button', { name: 'Continue' }).click();
  await client.getByRole('checkbox').check();
  await client.getByRole('button', { name: 'Agree and continue' }).click();
  await client
    .locator('label')
    .filter({ hasText: /^Type$/ })
    .click();
  await client.getByRole('button', { name: 'Finish' }).click();
  await expect(client.getByRole('heading', { name: 'Thank you — your signature is recorded' })).toBeVisible();
  await expect(client.getByRole('heading', { name: 'Next: pay the deposit' })).toBeVisible();
  await expect(client.getByText(`Invoice ${invoice.number} from`)).toBeVisible();
  await shot(client, '02-signed-next-pay');
  await client.getByRole('button', { name: 'Pay $100.00' }).click();
  // The fake's hosted Checkout (another origin), as Stripe's would be; then back on Atrium.
  await expect(client).toHaveURL(/127\.0\.0\.1:12111\/checkout\//);
  await client.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(client).toHaveURL(/\/invoice-payment-success\?session_id=cs_[^&]+&key=/);
  await expect(client.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(client.getByText(`received your payment of $100.00 for invoice ${invoice.number}.`)).toBeVisible();
  await expect(client.getByText('The balance of $300.00 is still due.')).toBeVisible();
  await shot(client, '03-deposit-received');
  await context.close();

  // The owner countersigns as usual.
  await page.goto(`/signatures/workflows/${workflow._id}/business-owner-sign`);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await page
    .locator('label')
    .filter({ hasText: /^Type$/ })
    .click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(`/signatures/workflows/${workflow._id}`);
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();

  // The deposit on the invoice, and once in finance.
  await page.goto(`/documents/view/${invoice._id}`);
  const totals = page.getByRole('region', { name: 'Payments' }).getByRole('group', { name: 'Payment totals' });
  await expect(totals).toContainText('Paid$100.00');
  await expect(totals).toContainText('Balance$300.00');
  await shot(page, '04-owner-invoice');
  await page.goto('/finance/payments');
  await expect(
    page.getByRole('row', { name: new RegExp(`${invoice.number}\\s+Deposit.*Card.*Paid.*\\$100\\.00`) }),
  ).toHaveCount(1);
});
