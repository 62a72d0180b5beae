import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/**
 * The text of a PDF, read back the way a viewer does: the server's own reader (pdfjs-dist, in a child process as
 * the server's tests run it).
 */
function pdfText(file: string): { pages: number; text: string } {
  const reader = path.resolve(__dirname, '../../server/src/modules/documents/pdf/read-pdf.mjs');
  const out = JSON.parse(execFileSync(process.execPath, [reader, file], { encoding: 'utf8' })) as {
    pages: number;
    page: { text: string }[];
  };
  return { pages: out.pages, text: out.page.map((p) => p.text).join('\n') };
}

test('documents: an invoice from + New with items and tax, its totals, its PDF, sent, and its public link opened signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page, newUser());

  await page.getByRole('link', { name: 'Documents' }).first().click();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page.getByText('No documents yet.')).toBeVisible();

  // '+ New' → Invoice: a draft is created and the address becomes its editor.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Invoice' }).click();
  await expect(page).toHaveURL(/\/documents\/editor\/[^/?]+$/);
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue('Untitled invoice');
  await title.fill('Smith wedding invoice');

  // A tax rate of the business, then two lines, one taxed.
  await page.getByRole('button', { name: 'New tax rate' }).click();
  await page.getByLabel('Tax name').fill('VAT');
  await page.getByLabel('Rate (%)').fill('20');
  await page.getByRole('button', { name: 'Add tax rate' }).click();
  await expect(page.getByRole('button', { name: 'New tax rate' })).toBeVisible();

  await page.getByRole('button', { name: 'Add line item' }).click();
  await page.getByLabel('Description 1').fill('Photography');
  await page.getByLabel('Quantity 1').fill('2');
  await page.getByLabel('Unit price 1').fill('150');
  await page.getByRole('combobox', { name: 'Tax rate 1' }).click();
  await page.getByRole('option', { name: 'VAT (20%)' }).click();
  await page.getByRole('button', { name: 'Add line item' }).click();
  await page.getByLabel('Description 2').fill('Travel');
  await page.getByLabel('Unit price 2').fill('40');

  // Live totals: 2 × 150 = 300 + 20 % VAT = 60, + 40 → 400.
  const totals = page.getByRole('group', { name: 'Totals' });
  await expect(totals).toContainText('Subtotal$340.00');
  await expect(totals).toContainText('VAT (20%)$60.00');
  await expect(totals).toContainText('Total$400.00');
  await expect(page.getByRole('status').filter({ hasText: /Saved/ })).toBeVisible();

  // The server holds what is on screen (the autosave), with its own totals in minor units.
  const id = page.url().split('/').pop()!;
  const saved = await page.request.get(`/api/v1/documents/${id}`);
  expect(saved.status()).toBe(200);
  const doc = (await saved.json()).data;
  expect(doc.title).toBe('Smith wedding invoice');
  expect(doc.totals).toMatchObject({ subtotal: 34000, tax: 6000, total: 40000 });

  // Its PDF: downloaded through the page, read back with a PDF parser.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const file = path.join(os.tmpdir(), `atrium-e2e-invoice-${Date.now()}.pdf`);
  await (await download).saveAs(file);
  const pdf = pdfText(file);
  expect(pdf.pages).toBeGreaterThanOrEqual(1);
  expect(pdf.text).toContain('Smith wedding invoice');
  expect(pdf.text).toContain('Photography');
  expect(pdf.text).toContain('$400.00');

  // Send: confirm, then the link to share.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this document?' });
  await confirm.getByRole('button', { name: /^Send/ }).click();
  const sent = page.getByRole('dialog', { name: 'Document sent' });
  const link = await sent.getByLabel('Link for the client').inputValue();
  expect(link).toMatch(new RegExp(`/documents/view/${id}\\?token=.+`));

  // The client, signed out in a fresh browser, opens the link.
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(link);
  await expect(clientPage.getByRole('heading', { name: 'Smith wedding invoice' })).toBeVisible();
  await expect(clientPage.getByRole('group', { name: 'Totals' })).toContainText('Total$400.00');
  await expect(clientPage.getByRole('cell', { name: 'Photography' })).toBeVisible();
  // A forged token is not this document.
  await clientPage.goto(link.replace(/token=.+$/, 'token=forged'));
  await expect(clientPage).toHaveURL(/\/document-not-found$/);
  await expect(clientPage.getByRole('heading', { name: 'Document not found' })).toBeVisible();
  await client.close();

  // Back in the list: sent, and already viewed by the client.
  await sent.getByRole('button', { name: 'Done' }).click();
  await page.goto('/documents');
  const row = page.getByRole('row', { name: /Smith wedding invoice/ });
  await expect(row).toContainText('Viewed');
  await expect(row).toContainText('$400.00');
});
