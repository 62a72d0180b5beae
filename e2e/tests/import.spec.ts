import { expect, test } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

const CSV = [
  'First Name,Last Name,E-mail,Company',
  'Ada,Lovelace,ada@engines.test,Analytical',
  'Grace,Hopper,grace@navy.test,Navy',
  'Bad,Row,not-an-email,Nowhere',
  'Ann,Existing,ann@already.test,Updated Co',
].join('\n');

test('CSV import: upload, suggested mapping, validation errors, background job, update by email, idempotent', async ({
  page,
  context,
}) => {
  await signUpThroughUi(page, newUser());
  const token = await csrf(context.request);
  await context.request.post('/api/v1/contacts', {
    data: { firstName: 'Ann', lastName: 'Existing', email: 'ann@already.test', business: 'Old Co' },
    headers: { 'x-xsrf-token': token },
  });
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  // Headers are mapped by name.
  await expect(dialog.getByRole('table', { name: 'Column mapping' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Validate' }).click();
  await expect(dialog.getByRole('table', { name: 'Row errors' })).toContainText('Email address must contain @ symbol');
  await dialog.getByRole('button', { name: /^Import \d+ contacts?$/ }).click();
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByText('Ada Lovelace')).toBeVisible();
  await expect(table.getByText('Grace Hopper')).toBeVisible();
  await expect(table.getByText('Updated Co')).toBeVisible();
  await expect(page.getByTestId('contacts-range')).toHaveText('Showing 1–3 of 3 contacts');

  // The same file again changes nothing.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog.getByRole('button', { name: 'Validate' }).click();
  await dialog.getByRole('button', { name: /^Import \d+ contacts?$/ }).click();
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('contacts-range')).toHaveText('Showing 1–3 of 3 contacts');
});
