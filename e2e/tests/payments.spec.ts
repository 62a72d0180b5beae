import { expect, test, type Page } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

/** A full-page screenshot of a payment page, kept in the test's output folder (--output). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The client, signed out: from the invoice link through the fake Stripe Checkout back to the payment's status. */
async function payThroughCheckout(client: Page, link: string, amount: string, name: string) {
  await client.goto(link);
  await client.getByRole('link', { name: 'Pay invoice' }).click();
  await expect(client).toHaveURL(/\/invoices\/pay\?id=.+&token=.+/);
  const pay = client.getByRole('button', { name: `Pay ${amount}` });
  await expect(pay).toBeVisible();
  await shot(client, `${name}-pay-page`);
  await pay.click();
  // The fake's hosted Checkout page (another origin), as Stripe's would be.
  await expect(client).toHaveURL(/127\.0\.0\.1:12111\/checkout\//);
  await client.getByRole('button', { name: 'Pay', exact: true }).click();
  // Back on Atrium: the page says received only once the server has the webhook's word.
  await expect(client).toHaveURL(/\/invoice-payment-success\?session_id=cs_/);
  await expect(client.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await shot(client, `${name}-success`);
}

test('payments: the owner connects Stripe, the client pays the deposit then the balance through Checkout, and the invoice is paid in documents and finance', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signUpThroughUi(page, newUser());

  // Integrations: Stripe is configured on this installation (the fake), not connected yet.
  await page.goto('/businesses/settings?tab=integrations');
  const stripeCard = page.getByRole('region', { name: 'Stripe' });
  await expect(stripeCard.getByText('Not connected')).toBeVisible();
  await shot(page, 'stripe-not-connected');
  await stripeCard.getByRole('button', { name: 'Connect Stripe' }).click();
  // The fake's onboarding (Stripe Connect's account link), then back to the tab with ?stripe=return.
  await expect(page).toHaveURL(/127\.0\.0\.1:12111\/connect\/onboarding\//);
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/businesses\/settings\?tab=integrations$/);
  await expect(stripeCard.getByText('Connected', { exact: true })).toBeVisible();
  await expect(stripeCard.getByText(/^Stripe account: acct_/)).toBeVisible();
  await expect(page.getByText('Stripe connected: clients can now pay invoices by card')).toBeVisible();
  await shot(page, 'stripe-connected');

  // An invoice of $400.00 with a 25 % deposit, sent.
  await page.goto('/documents');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Invoice' }).click();
  await expect(page).toHaveURL(/\/documents\/editor\/[^/?]+$/);
  const id = page.url().split('/').pop()!;
  await page.getByRole('textbox', { name: 'Title' }).fill('Lovelace portrait session');
  await page.getByRole('button', { name: 'Add line item' }).click();
  await page.getByLabel('Description 1').fill('Portrait session');
  await page.getByLabel('Unit price 1').fill('400');
  await page.getByRole('combobox', { name: 'Payment schedule' }).click();
  await page.getByRole('option', { name: 'Deposit (%) + balance' }).click();
  await page.getByRole('textbox', { name: 'Deposit' }).fill('25');
  const totals = page.getByRole('group', { name: 'Totals' });
  await expect(totals).toContainText('Total$400.00');
  await expect(totals).toContainText('Deposit due$100.00');
  await expect(page.getByRole('status').filter({ hasText: /Saved/ })).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog', { name: 'Send this document?' }).getByRole('button', { name: /^Send/ }).click();
  const sent = page.getByRole('dialog', { name: 'Document sent' });
  const link = await sent.getByLabel('Link for the client').inputValue();
  expect(link).toMatch(new RegExp(`/documents/view/${id}\\?token=.+`));
  await sent.getByRole('button', { name: 'Done' }).click();

  // The client, signed out in a fresh browser: the deposit first.
  const context = await browser.newContext();
  const client = await context.newPage();
  await payThroughCheckout(client, link, '$100.00', 'deposit');
  await expect(client.getByText(/received your payment of \$100\.00 for invoice/)).toBeVisible();
  await expect(client.getByText('The balance of $300.00 is still due.')).toBeVisible();

  // Then the balance: the pay page shows what is paid so far and what is left.
  await client.goto(link);
  await client.getByRole('link', { name: 'Pay invoice' }).click();
  const amounts = client.getByRole('group', { name: 'Amounts' });
  await expect(amounts).toContainText('Paid so far$100.00');
  await expect(amounts).toContainText('Due now$300.00');
  await payThroughCheckout(client, link, '$300.00', 'balance');
  await expect(client.getByText('The invoice is paid in full.')).toBeVisible();

  // Paid: the link offers nothing more to pay, and the pay page says so.
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Lovelace portrait session' })).toBeVisible();
  await expect(client.getByRole('link', { name: 'Pay invoice' })).toHaveCount(0);
  const token = new URL(link).searchParams.get('token')!;
  await client.goto(`/invoices/pay?id=${id}&token=${encodeURIComponent(token)}`);
  await expect(client.getByText('This invoice is paid in full. Thank you!')).toBeVisible();
  await expect(client.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  // A forged link is not this invoice.
  await client.goto(`/invoices/pay?id=${id}&token=forged`);
  await expect(client).toHaveURL(/\/document-not-found$/);
  await context.close();

  // The owner: the invoice is paid (the webhook's doing), with both card payments on it.
  await page.goto('/documents');
  const row = page.getByRole('row', { name: /Lovelace portrait session/ });
  await expect(row).toContainText('Paid');
  await row.getByRole('link', { name: 'Lovelace portrait session' }).click();
  const panel = page.getByRole('region', { name: 'Payments' });
  await expect(panel.getByRole('group', { name: 'Payment totals' })).toContainText('Paid$400.00');
  await expect(panel.getByRole('group', { name: 'Payment totals' })).toContainText('Balance$0.00');
  const paymentRows = panel.getByRole('table', { name: 'Invoice payments' }).getByRole('row');
  await expect(paymentRows).toHaveCount(3);
  await expect(paymentRows.filter({ hasText: /CardBalancePaid\$300\.00/ })).toHaveCount(1);
  await expect(paymentRows.filter({ hasText: /CardDepositPaid\$100\.00/ })).toHaveCount(1);
  await shot(page, 'owner-invoice-payments');

  // Finance counts each payment once.
  const number = ((await (await page.request.get(`/api/v1/documents/${id}`)).json()).data as { number: string }).number;
  await page.goto('/finance/payments');
  // Each row's name is its cells' text: date, invoice, what it paid, contact, method, status, amount, refunded, net.
  const financeRow = (kind: string, amount: string) =>
    page.getByRole('row', { name: new RegExp(`${number}\\s+${kind}.*Card.*Paid.*\\$${amount}`) });
  await expect(page.getByRole('row', { name: new RegExp(number) })).toHaveCount(2);
  await expect(financeRow('Deposit', '100.00')).toHaveCount(1);
  await expect(financeRow('Balance', '300.00')).toHaveCount(1);
  await shot(page, 'finance-payments');
});

test('payments: a business without Stripe connected — the pay page says plainly card payment is not set up', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page, newUser());
  // An invoice sent through the API (the documents pages have their own e2e).
  const headers = { 'x-xsrf-token': await csrf(page.request) };
  const api = async (url: string, data: unknown) => {
    const res = await page.request.post(`/api/v1${url}`, { headers, data });
    expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()).data;
  };
  const doc = await api('/documents', {
    type: 'invoice',
    title: 'Babbage engine parts',
    lineItems: [{ description: 'Gears', quantity: '3', unitPrice: 2_500 }],
  });
  const { link } = await api(`/documents/${doc._id}/send`, {});

  const context = await browser.newContext();
  const client = await context.newPage();
  await client.goto(`/invoices/pay?id=${doc._id}&token=${encodeURIComponent(link.token)}`);
  await expect(client.getByRole('heading', { name: `Invoice ${doc.number}` })).toBeVisible();
  await expect(client.getByRole('group', { name: 'Amounts' })).toContainText('Due now$75.00');
  await expect(client.getByText('Card payment is not set up for this invoice.')).toBeVisible();
  await expect(client.getByText(/To pay another way, please contact/)).toBeVisible();
  await expect(client.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await shot(client, 'not-set-up-pay-page');
  await context.close();

  // The owner's integrations: configured here, this business not connected.
  await page.goto('/businesses/settings?tab=integrations');
  await expect(
    page.getByRole('region', { name: 'Stripe' }).getByRole('button', { name: 'Connect Stripe' }),
  ).toBeVisible();
});
