import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/**
 * Issue #21 §7: the offline shell. The suite blocks service workers (playwright.config.ts: the other specs' routes
 * must reach the network directly); this spec lets the host's /sw.js run. Playwright routes and takes offline the
 * worker's own fetches too (Chromium).
 */
test.use({ serviceWorkers: 'allow' });

const CRM_ENTRY = 'http://localhost:3001/remoteEntry.js';
const OFFLINE = "You're offline";

/** The page is controlled by the worker, which has its shell precached. */
async function controlledByWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)))
    .toBe(true);
}

/** Whether the worker's caches hold this URL. */
function cached(page: Page, url: string) {
  return page.evaluate((u) => caches.match(u).then((r) => r !== undefined), url);
}

test('offline: the shell and the last loaded remote render offline with "You\'re offline", which goes by itself; a redeployed remote entry is used as soon as it is reachable', async ({
  page,
  context,
}) => {
  await signUpThroughUi(page, newUser());
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await controlledByWorker(page);
  // A second load goes through the worker, which keeps the remote's entry and chunks as they load.
  await page.reload();
  await expect(page.getByText('No contacts yet.')).toBeVisible();
  await expect.poll(() => cached(page, CRM_ENTRY)).toBe(true);
  await expect.poll(() => cached(page, '/remotes.json')).toBe(true);
  // No API answer is ever stored.
  expect(await page.evaluate(() => caches.match('/api/v1/contacts').then((r) => r === undefined))).toBe(true);
  const apiEntries = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.filter((u) => u.includes('/api/'));
  });
  expect(apiEntries).toEqual([]);

  // The network drops: a reload still draws the shell and the contacts page from the worker, and says so.
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  // No one's data offline: the page's lists are not drawn from any cache.
  await expect(page.getByText('No contacts yet.')).toBeHidden();

  // The network is back: the banner goes by itself, the session is checked and the page's data loads.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toBeHidden();
  await expect(page.getByText('No contacts yet.')).toBeVisible();

  // A redeploy of the crm remote (its entry changed on the server): the next load runs the new entry, not the
  // cached one, and the cache now holds the new one.
  const original = await (await page.request.get(CRM_ENTRY)).text();
  await context.route(CRM_ENTRY, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      headers: { 'access-control-allow-origin': '*', 'cache-control': 'no-cache' },
      body: `${original}\n;globalThis.__crmDeploy = 2;`,
    }),
  );
  await page.reload();
  await expect(page.getByText('No contacts yet.')).toBeVisible();
  expect(await page.evaluate(() => (globalThis as { __crmDeploy?: number }).__crmDeploy)).toBe(2);
  await context.unroute(CRM_ENTRY);

  // Offline again: the entry the worker serves is the redeployed one it saw last.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  expect(await page.evaluate(() => (globalThis as { __crmDeploy?: number }).__crmDeploy)).toBe(2);
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toBeHidden();
});
