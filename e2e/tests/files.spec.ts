import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('files: reached from /documents, a folder, a picture uploaded into it, previewed, downloaded, deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page, newUser());

  await page.getByRole('link', { name: 'Documents' }).first().click();
  await page.getByRole('link', { name: 'Files' }).click();
  await expect(page).toHaveURL(/\/files\/documents$/);
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
  await expect(page.getByText('No files here yet.')).toBeVisible();

  // A folder, opened through its row; the breadcrumb follows.
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Name').fill('Moodboards');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Open folder Moodboards' }).click();
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Moodboards');

  // Upload a picture into it: listed with its size and uploader; the storage line counts it.
  await page.locator('input[type="file"]').setInputFiles({ name: 'tiles.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('toast-stack')).toContainText('File uploaded');
  const row = page.getByTestId('file-row').filter({ hasText: 'tiles.png' });
  await expect(row).toContainText(`${PNG.length} B`);
  await expect(page.getByTestId('storage-used')).toContainText('in 1 file');

  // Preview: the server streams the picture back inline.
  await row.getByRole('button', { name: 'tiles.png', exact: true }).click();
  const img = page.getByRole('dialog').getByRole('img', { name: 'tiles.png' });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
  await page.keyboard.press('Escape');

  // Download: the same bytes.
  await row.getByRole('button', { name: 'Actions for tiles.png' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  const file = await (await download).path();
  expect(readFileSync(file!).equals(PNG)).toBe(true);

  // Delete, confirmed: gone, and the folder (now empty) can go too.
  await row.getByRole('button', { name: 'Actions for tiles.png' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast-stack')).toContainText('File deleted');
  await expect(page.getByText('No files here yet.')).toBeVisible();
  await expect(page.getByTestId('storage-used')).toContainText('in 0 files');
});
