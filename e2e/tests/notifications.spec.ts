import { expect, test, type APIRequestContext } from '@playwright/test';
import { csrf, mailedLink, newUser, signUpThroughUi } from './helpers';

async function call(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown = {}) {
  const res = await request[method](url, { data, headers: { 'x-xsrf-token': await csrf(request) } });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

test('a member’s bell shows a colleague’s new contact within seconds without a reload: badge, toast, list, open', async ({
  page,
  browser,
}) => {
  // Two accounts signed up through the UI: slow on a busy machine.
  test.setTimeout(180_000);
  const owner = newUser();
  const member = newUser();
  await signUpThroughUi(page, owner);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signUpThroughUi(memberPage, member);

  // The member joins the owner's business (invite by e-mail, accept, switch to it).
  const me = await (await page.request.get('/api/v1/users/me')).json();
  const businessId = me.user.businessId as string;
  await call(page.request, 'post', `/api/v1/businesses/${businessId}/invites`, { email: member.email, role: 'member' });
  const link = await mailedLink(member.email, /invited you to join/i, '/accept-invite');
  const token = new URL(link).searchParams.get('token')!;
  await call(memberPage.request, 'post', '/api/v1/businesses/accept-invite', { token });
  await call(memberPage.request, 'post', `/api/v1/businesses/${businessId}/switch`);

  // The first count (no toast for it) and the live stream, waited for from before the page asks.
  const firstCount = memberPage.waitForResponse((r) => r.url().includes('/api/v1/notifications/unread/count'));
  const streamOpen = memberPage.waitForResponse((r) => r.url().includes('/api/v1/notifications/stream'));
  await memberPage.goto('/contacts');
  const bell = memberPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await firstCount;
  expect((await streamOpen).status()).toBe(200);

  // The owner adds a contact; the member's bell shows it well before the 10 s poll would.
  const started = Date.now();
  const created = await call(page.request, 'post', '/api/v1/contacts', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${Date.now()}@clients.test`,
  });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)', { timeout: 3_000 });
  expect(Date.now() - started).toBeLessThan(3_000);
  await expect(memberPage.getByText('You have a new notification')).toBeVisible();

  await bell.click();
  const dropdown = memberPage.getByRole('dialog', { name: 'Notifications' });
  await expect(dropdown.getByRole('tab', { name: 'All' })).toBeVisible();
  await expect(dropdown.getByRole('tab', { name: 'Unread (1)' })).toBeVisible();
  await expect(dropdown.getByText('New contact')).toBeVisible();
  await expect(dropdown.getByText('Grace Hopper was added to your contacts')).toBeVisible();
  await expect(dropdown.getByText('just now')).toBeVisible();
  await memberPage.screenshot({ path: test.info().outputPath('bell-open.png') });

  // Opening it marks it read and goes to the contact.
  await dropdown.getByRole('button', { name: 'New contact: Grace Hopper was added to your contacts' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/contacts/${created.data._id}$`));
  await expect(bell).toHaveAccessibleName('Notifications');

  // The owner saw nothing of their own action.
  await page.goto('/contacts');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications')).toBeVisible();

  await memberContext.close();
});
