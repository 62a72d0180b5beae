import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

/** Where to leave the screenshots of the finance pages (looked at by hand; not compared). */
const SHOTS = process.env.FINANCE_SHOTS_DIR ?? path.join(os.tmpdir(), 'atrium-finance-shots');

test('finance: an invoice marked paid shows as revenue, an overdue one as overdue, on /finance, its tabs, the home widgets, the project tab and the CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page, newUser());

  // Two invoices in a project, sent through the API (the documents pages have their own e2e): one paid by hand,
  // one due yesterday and unpaid.
  const headers = { 'x-xsrf-token': await csrf(page.request) };
  const api = async (method: 'post' | 'put', url: string, data: unknown) => {
    const res = await page.request[method](`/api/v1${url}`, { headers, data });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()).data;
  };
  const project = await api('post', '/projects', { title: 'Loft conversion', type: 'Remodel' });
  const invoice = async (title: string, unitPrice: number, dueDate: string) => {
    const doc = await api('post', '/documents', {
      type: 'invoice',
      title,
      projectId: project._id,
      dueDate,
      lineItems: [{ description: 'Work', quantity: '1', unitPrice }],
    });
    await api('post', `/documents/${doc._id}/send`, {});
    return doc;
  };
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  const paid = await invoice('Loft deposit', 125_000, yesterday);
  const late = await invoice('Loft balance', 40_000, yesterday);
  await api('put', `/documents/${paid._id}`, { status: 'paid' });

  // The sidebar's Finance entry opens the overview.
  await page.getByRole('link', { name: 'Finance' }).first().click();
  await expect(page).toHaveURL(/\/finance$/);
  await expect(page.getByRole('heading', { name: 'Finance' })).toBeVisible();
  await expect(page.getByTestId('stat-This month')).toHaveText(/\$1,250\.00/);
  await expect(page.getByTestId('stat-Outstanding')).toHaveText(/\$400\.00/);
  await expect(page.getByTestId('stat-Overdue')).toHaveText(/\$400\.00/);
  await expect(page.getByRole('img', { name: 'Revenue by month in USD' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'finance-overview.png'), fullPage: true });

  // Invoices: the overdue one, from the counts' link.
  await page
    .getByRole('link', { name: /Overdue/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/finance\/invoices\?status=overdue$/);
  const row = page.getByRole('row', { name: new RegExp(late.number) });
  await expect(row).toContainText('Overdue');
  await expect(row).toContainText('$400.00');
  await expect(page.getByRole('row', { name: new RegExp(paid.number) })).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'finance-invoices.png'), fullPage: true });

  // Payments: marking the invoice paid by hand recorded a manual payment (the payments module).
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/finance\/payments$/);
  const payment = page.getByRole('row', { name: new RegExp(paid.number) });
  await expect(payment).toContainText('Manual');
  await expect(payment).toContainText('$1,250.00');
  await page.screenshot({ path: path.join(SHOTS, 'finance-payments.png'), fullPage: true });

  // Export: the invoices of this year as CSV, with the file name of the range.
  await page.getByRole('tab', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export invoices' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^finance-invoices-\d{4}-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain(`${paid.number},Loft deposit,,paid,no,USD,1250.00,1250.00,0.00`);
  expect(csv).toContain(`${late.number},Loft balance,,sent,yes,USD,400.00,0.00,400.00`);
  await page.screenshot({ path: path.join(SHOTS, 'finance-export.png'), fullPage: true });

  // The project's finance tab.
  await page.goto(`/projects/${project._id}/finance`);
  await expect(page.getByTestId('project-Invoiced')).toHaveText('$1,650.00');
  await expect(page.getByTestId('project-Paid')).toHaveText('$1,250.00');
  await expect(page.getByTestId('project-Overdue')).toHaveText('$400.00');
  await page.screenshot({ path: path.join(SHOTS, 'project-finance.png'), fullPage: true });

  // Home: the revenue summary and the sales overview.
  await page.goto('/');
  await expect(page.getByText('Revenue summary')).toBeVisible();
  await expect(page.getByText('Outstanding (1)')).toBeVisible();
  await expect(page.getByText('Sales overview')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue by month in USD' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'home-widgets.png'), fullPage: true });

  // An unknown tab, opened from the address bar, goes to the overview.
  await page.goto('/finance/nonsense');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/finance$/);
});
