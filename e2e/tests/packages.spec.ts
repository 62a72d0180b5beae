import { expect, test } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

test('packages: two documents of a client built into a package, reordered, sent, and walked signed out to step 2', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page, newUser());

  // A client and two of their documents (through the API the pages use).
  const token = await csrf(page.request);
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(`/api/v1${url}`, { data, headers: { 'x-xsrf-token': token } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as { _id: string };
  };
  const client = await post('/contacts', { firstName: 'Jane', lastName: 'Client', email: 'jane.client@example.com' });
  await post('/documents', { type: 'invoice', title: 'Deposit invoice', contactId: client._id });
  await post('/documents', { type: 'contract', title: 'Service agreement', contactId: client._id });

  // The builder, from /documents → Packages → New package.
  await page.goto('/documents');
  await page.getByRole('link', { name: 'Packages' }).click();
  await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
  await page.getByRole('link', { name: 'New package' }).click();
  await expect(page).toHaveURL(/\/packages\/new$/);
  await page.getByLabel('Name').fill('Wedding onboarding');
  await page.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: 'Jane Client' }).click();
  await page.getByRole('button', { name: '+ Deposit invoice (Invoice)' }).click();
  await page.getByRole('button', { name: '+ Service agreement (Contract)' }).click();
  // The contract goes first: dragged onto the first row; then the Up buttons (for the keyboard) swap them and back.
  const steps = page.getByRole('list', { name: 'Package documents' }).getByRole('listitem');
  await expect(steps).toHaveCount(2);
  await steps.nth(1).dragTo(steps.nth(0));
  await expect(steps.nth(0)).toHaveAttribute('aria-label', 'Step 1: Service agreement');
  await page.getByRole('button', { name: 'Move Deposit invoice up' }).click();
  await expect(steps.nth(0)).toHaveAttribute('aria-label', 'Step 1: Deposit invoice');
  await page.getByRole('button', { name: 'Move Service agreement up' }).click();
  await expect(steps.nth(0)).toHaveAttribute('aria-label', 'Step 1: Service agreement');
  await expect(steps.nth(1)).toHaveAttribute('aria-label', 'Step 2: Deposit invoice');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/packages\/(?!new)[^/?]+$/);
  const id = page.url().split('/').pop()!;
  const saved = (await (await page.request.get(`/api/v1/packages/${id}`)).json()).data;
  expect(saved.steps.map((s: { title: string }) => s.title)).toEqual(['Service agreement', 'Deposit invoice']);

  // Sent: the link to copy is shown; the package and its documents are sent.
  await page.getByRole('button', { name: 'Send' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Link for the client' });
  await expect(linkBox).toHaveValue(/\/packages\/view\/[^?]+\?token=/);
  const link = await linkBox.inputValue();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();

  // The client opens it signed out, in a fresh context: step 1 is the contract; viewing it lets them go on.
  const context = await browser.newContext();
  const client2 = await context.newPage();
  await client2.goto(link);
  await expect(client2.getByRole('heading', { name: 'Wedding onboarding' })).toBeVisible();
  await expect(client2.getByRole('heading', { name: 'Service agreement' })).toBeVisible();
  await expect(client2.getByText('Step 1 of 2')).toBeVisible();
  const next = client2.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(client2.getByRole('heading', { name: 'Deposit invoice' })).toBeVisible();
  await expect(client2.getByText('Step 2 of 2')).toBeVisible();

  // A forged token → /document-not-found.
  await client2.goto(link.replace(/token=.*/, 'token=forged'));
  await expect(client2).toHaveURL(/\/document-not-found$/);
  await context.close();

  // The owner sees the progress: the contract's step is done.
  await page.reload();
  await expect(page.getByText('Done').first()).toBeVisible();
});
