import { expect, test } from '@playwright/test';
import { csrf, newUser, signInThroughUi, signUpThroughUi } from './helpers';

test('sign up, sign in, shell and sidebar, contacts from the API, sign out', async ({ page, context }) => {
  const user = newUser();
  await signUpThroughUi(page, user);

  // Sign out from home, then sign in again with the same account.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signInThroughUi(page, { email: user.email, password: 'wrong-password-1' });
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await signInThroughUi(page, user);
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();

  // Contacts created through the API, with the browser's session cookies.
  const token = await csrf(context.request);
  for (const [first, email] of [
    ['Ada', 'ada@clients.test'],
    ['Grace', 'grace@clients.test'],
  ]) {
    const res = await context.request.post('/api/v1/contacts', {
      data: { firstName: first, lastName: 'Client', email, business: 'Lovelace & Co' },
      headers: { 'x-xsrf-token': token },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/contacts');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByPlaceholder('Search anything...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByText('Ada Client')).toBeVisible();
  await expect(table.getByText('grace@clients.test')).toBeVisible();
  await expect(page.getByTestId('contacts-range')).toHaveText('Showing 1–2 of 2 contacts');

  await page.getByLabel('Search contacts').fill('grace');
  await expect(table.getByText('Ada Client')).toBeHidden();
  await expect(table.getByText('Grace Client')).toBeVisible();

  // Sign out with the exact confirmation, then signed-in routes go to /signin.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Are you sure you want to sign out? You will need to sign in again to access your account.',
  );
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('authTokenTimestamp'),
      localStorage.getItem('lastActivity'),
    ]),
  ).toEqual([null, null, null]);
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a session survives a reload, also on a deep link', async ({ page, context }) => {
  await signUpThroughUi(page, newUser());
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  const token = await csrf(context.request);
  const created = await context.request.post('/api/v1/contacts', {
    data: { firstName: 'Deep', lastName: 'Link', email: 'deep@link.test' },
    headers: { 'x-xsrf-token': token },
  });
  const id = (await created.json()).data._id as string;
  await page.goto(`/contacts/${id}`);
  await expect(page.getByRole('heading', { name: 'Deep Link' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deep Link' })).toBeVisible();
});

test('a toast raised inside the crm remote shows in the host stack', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpThroughUi(page, newUser());
  const token = await csrf(context.request);
  await context.request.post('/api/v1/contacts', {
    data: { firstName: 'Toast', email: 'toast@clients.test' },
    headers: { 'x-xsrf-token': token },
  });
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Copy toast@clients.test' }).click();
  const stack = page.getByTestId('toast-stack');
  await expect(stack).toContainText('Copied toast@clients.test');
  // The stack belongs to the host: it is outside the remote's page content.
  await expect(page.locator('main').getByTestId('toast-stack')).toHaveCount(0);
  await expect(stack).toHaveCount(1);
});

test('with the crm remote down, the shell keeps working and shows the error panel', async ({ page }) => {
  await signUpThroughUi(page, newUser());
  // The crm remote's server refuses every connection.
  await page.route('http://localhost:3001/**', (route) => route.abort('connectionrefused'));
  await page.goto('/contacts');
  await expect(page.getByTestId('remote-error-panel')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('remote-error-panel')).toContainText('crm');
  await expect(page.getByPlaceholder('Search anything...')).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Contacts' })).toHaveCount(0);
  // The remote comes back: Try again loads it without a reload.
  await page.unroute('http://localhost:3001/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible({ timeout: 30_000 });
});

test('remotes are found at run time from /remotes.json: a changed entry URL is used without a rebuild', async ({
  page,
}) => {
  await signUpThroughUi(page, newUser());
  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('remoteEntry.js')) requested.push(r.url());
  });
  // A deployment that moved the crm remote: same server, new entry URL in the manifest only.
  await page.route('**/remotes.json', async (route) => {
    const res = await route.fetch();
    const manifest = (await res.json()) as { remotes: { name: string; entry: string }[] };
    for (const r of manifest.remotes) if (r.name === 'crm') r.entry = `${r.entry}?release=2026-11-25`;
    await route.fulfill({ response: res, json: manifest });
  });
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  expect(requested).toContain('http://localhost:3001/remoteEntry.js?release=2026-11-25');
});

test('what loads when: /signin fetches no remote entry, /contacts only crm’s; a search loads the providers', async ({
  page,
}) => {
  const entries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('remoteEntry.js')) entries.push(new URL(r.url()).port);
  });
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: /^Sign in$/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(entries).toEqual([]);

  await signUpThroughUi(page, newUser());
  // A cold load of /contacts: the sidebar and '+ New' are drawn from /remotes.json's metadata, crm alone loads.
  entries.length = 0;
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Contacts' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page.getByRole('menuitem', { name: 'Contact' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.waitForLoadState('networkidle');
  // crm for the page, and comms (:3004) because it contributes header widgets (the bell, the chat), which load with
  // the shell on every signed-in page.
  expect([...new Set(entries)].sort()).toEqual(['3001', '3004']);

  // The first search loads the other remotes that answer searches (work, :3002; community-market, :3005), and no more.
  await page.getByPlaceholder('Search anything...').fill('zz');
  await expect(page.getByTestId('search-dropdown')).toContainText('No results found');
  expect([...new Set(entries)].sort()).toEqual(['3001', '3002', '3004', '3005']);
});
