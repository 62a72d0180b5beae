import { expect, test } from '@playwright/test';

// The documents pages a signed-out visitor reaches from a link are served by the documents-signatures remote:
// /remotes.json names its public paths, and the host loads that remote alone for them (no sign-in redirect).
test('a signed-out visitor opens the public documents pages, served by the documents remote alone', async ({
  page,
}) => {
  const entries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('remoteEntry.js')) entries.push(new URL(r.url()).port);
  });

  await page.goto('/document-expired');
  await expect(page.getByRole('heading', { name: 'This document has expired' })).toBeVisible();
  await expect(
    page.getByText('The link you followed is no longer valid. Ask the sender for a new link.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/document-expired$/);
  // Only the documents-signatures remote (port 3003) was fetched.
  expect([...new Set(entries)]).toEqual(['3003']);

  await page.goto('/document-error');
  await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible();

  await page.goto('/legal/esign-disclosure');
  await expect(page.getByRole('heading', { name: 'Electronic signature disclosure' })).toBeVisible();

  // The pay page without its invoice and token has nothing to show: it goes to the not-found page.
  await page.goto('/invoices/pay');
  await expect(page).toHaveURL(/\/document-not-found$/);
  await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect([...new Set(entries)]).toEqual(['3003']);

  // Any other page still needs a session.
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/signin$/);
});
