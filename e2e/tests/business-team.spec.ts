import { expect, test } from '@playwright/test';
import { csrf, mailedLink, newUser, signUpThroughUi } from './helpers';

const MANAGERS_ONLY = 'Only owners and admins can manage business settings';

test('owner invites a member by e-mail; the member accepts from the link, works in the business, but cannot manage it', async ({
  page,
  browser,
}) => {
  const owner = newUser();
  const member = newUser();
  await signUpThroughUi(page, owner);

  // The member has an account of their own (with their own first business).
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signUpThroughUi(memberPage, member);

  // The owner names the business and invites the member from the settings' Members tab.
  await page.goto('/businesses/settings');
  await expect(page.getByRole('heading', { name: 'Business settings' })).toBeVisible();
  const businessName = `Studio ${owner.lastName}`;
  await page.getByLabel(/^Business name/).fill(businessName);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Business updated')).toBeVisible();
  await expect(page.getByTestId('business-switcher').first()).toContainText(businessName);

  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/businesses\/settings\?tab=members$/);
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel(/^Email/).fill('not-an-address');
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(invite.getByText('Email address must contain @ symbol')).toBeVisible();
  await invite.getByLabel(/^Email/).fill(member.email);
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent to ${member.email}`)).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending invites' });
  await expect(pending.getByRole('row', { name: new RegExp(member.email) })).toContainText('Member');

  // The link of the invite e-mail (from the outbox); the member accepts it.
  const link = await mailedLink(member.email, /invited you to join/i, '/accept-invite');
  await memberPage.goto(link);
  await expect(memberPage.getByRole('heading', { name: 'Join a business' })).toBeVisible();
  await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(memberPage.getByText(`You joined ${businessName}`)).toBeVisible();
  // The invited business is now the one they work in (the header's switcher says so).
  await memberPage.goto('/contacts');
  await expect(memberPage.getByTestId('business-switcher').first()).toContainText(businessName);

  // A member sees why the settings are not for them, and the server refuses them anyway.
  await memberPage.goto('/businesses/settings');
  await expect(memberPage.getByText(MANAGERS_ONLY)).toBeVisible();
  await expect(memberPage.getByRole('tab', { name: 'Members' })).toHaveCount(0);
  const list = await memberPage.request.get('/api/v1/businesses');
  const joined = ((await list.json()).data as { id: string; name: string }[]).find((b) => b.name === businessName);
  expect(joined).toBeDefined();
  const token = await csrf(memberPage.request);
  const refused = await memberPage.request.put(`/api/v1/businesses/${joined!.id}`, {
    data: { name: 'Taken over' },
    headers: { 'x-xsrf-token': token },
  });
  expect(refused.status()).toBe(403);

  // The owner now sees them among the members, and the invite is no longer pending.
  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: new RegExp(member.email) })).toBeVisible();
  await expect(page.getByText('No pending invites')).toBeVisible();

  // Promoting the member to admin opens the settings to them.
  await page.getByRole('combobox', { name: `Role of ${member.firstName} ${member.lastName}` }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await expect(page.getByText(`${member.firstName} ${member.lastName} is now admin`)).toBeVisible();
  await memberPage.reload();
  await expect(memberPage.getByRole('tab', { name: 'Members' })).toBeVisible();
  await expect(memberPage.getByText(MANAGERS_ONLY)).toHaveCount(0);

  await memberContext.close();
});

test('the admin users pages are only for company-domain users', async ({ page, browser }) => {
  const outsider = newUser();
  await signUpThroughUi(page, outsider);
  await page.goto('/contacts');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin users' })).toHaveCount(
    0,
  );
  await page.goto('/admin-users');
  await expect(page.getByText('Page not available')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  expect((await page.request.get('/api/v1/admin/users')).status()).toBe(403);

  // Company staff (e-mail at the company domain, atrium.app by default) get the entry and the pages.
  const base = newUser();
  const staff = { ...base, email: base.email.replace(/@.*$/, '@atrium.app') };
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signUpThroughUi(staffPage, staff);
  await staffPage.goto('/contacts');
  const entry = staffPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin users' });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(staffPage).toHaveURL(/\/admin-users$/);
  await staffPage.getByRole('textbox', { name: 'Search users' }).fill(outsider.email);
  // The debounced search answers with the one match: click its row only then (the unfiltered list, which also
  // holds the outsider, is replaced under the pointer otherwise).
  await expect(staffPage.getByText(/^1 user$/)).toBeVisible();
  const row = staffPage.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(outsider.email) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Verified');
  await row.getByRole('link').click();
  await expect(staffPage.getByRole('heading', { name: `${outsider.firstName} ${outsider.lastName}` })).toBeVisible();
  await expect(staffPage.getByRole('table', { name: 'Memberships' })).toContainText('Owner');
  await staffContext.close();
});

test('a new business becomes the current one and opens on its settings; its owner can delete it again', async ({
  page,
}) => {
  const user = newUser();
  await signUpThroughUi(page, user);
  await page.goto('/contacts');
  const switcher = page.getByTestId('business-switcher').first();
  await expect(switcher).toBeVisible();
  const first = (await switcher.textContent())?.trim() ?? '';

  await page.goto('/businesses/new');
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page.getByText('Business name is required')).toBeVisible();
  const name = `Second ${user.lastName}`;
  await page.getByLabel(/^Business name/).fill(name);
  await page.getByLabel('Business type').fill('Workshop');
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page).toHaveURL(/\/businesses\/[^/]+\/settings$/);
  await expect(page.getByText(`${name} created`)).toBeVisible();
  await expect(page.getByLabel(/^Business name/)).toHaveValue(name);
  await expect(page.getByLabel('Business type')).toHaveValue('Workshop');
  await expect(switcher).toContainText(name);

  // Deleting it (owner only, after confirming) goes home; the session is back on the first business.
  await page.getByRole('button', { name: 'Delete business' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/contacts');
  await expect(switcher).toContainText(first);
  const names = ((await (await page.request.get('/api/v1/businesses')).json()).data as { name: string }[]).map(
    (b) => b.name,
  );
  expect(names).not.toContain(name);
});
