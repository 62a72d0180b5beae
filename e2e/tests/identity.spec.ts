import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  csrf,
  mailCount,
  mailedLink,
  newUser,
  signInThroughUi,
  signUpThroughUi,
  submitSignUp,
  verificationCode,
} from './helpers';

test('sign up → verification code from the outbox → verified sign-in', async ({ page }) => {
  const user = newUser();
  await submitSignUp(page, user);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveValue(user.email);
  // Sign-up opened no session.
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(401);

  // The right password of an unverified account leads to verification, with the server's message.
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(new RegExp(`/verify-email\\?email=${encodeURIComponent(user.email)}$`));
  await expect(page.getByText('Please verify your email address before signing in.')).toBeVisible();

  // A wrong code is refused with the spec's text.
  const first = await verificationCode(user.email);
  const wrong = first === '000000' ? '111111' : '000000';
  await page.getByLabel(/^Verification code/).fill(wrong);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByRole('alert')).toContainText('Email verification failed');

  // A new code arrives on request; it verifies the address.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('status')).toHaveText('If the address needs verifying, a new code is on its way.');
  const code = await verificationCode(user.email, 1);
  await page.getByLabel(/^Verification code/).fill(code);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('status')).toHaveText('Email verified. You can sign in now.');
  await expect(page.getByLabel(/^Email/)).toHaveValue(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
});

test('forgot password → link from the outbox → reset → the new password signs in, old sessions are gone', async ({
  page,
  browser,
}) => {
  const user = newUser();
  await signUpThroughUi(page, user);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();

  // Somewhere else (another browser), the user asks for a reset link.
  const other = await browser.newContext();
  const tab = await other.newPage();
  await tab.goto('/signin');
  await tab.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(tab).toHaveURL(/\/forgot-password$/);
  const before = mailCount(user.email);
  await tab.getByLabel(/^Email/).fill(user.email);
  await tab.getByRole('button', { name: 'Send reset link' }).click();
  await expect(tab.getByRole('status')).toHaveText(
    'If an account exists for that address, a reset link is on its way.',
  );
  const link = await mailedLink(user.email, /reset/i, '/reset-password', before);
  expect(new URL(link).origin).toBe('http://localhost:3000');

  await tab.goto(link);
  await tab.getByLabel(/^New password/).fill('brand-new-pass-77');
  await tab.getByLabel(/^Confirm new password/).fill('brand-new-pass-77');
  await tab.getByRole('button', { name: 'Reset password' }).click();
  await expect(tab).toHaveURL(/\/signin$/);
  await expect(tab.getByTestId('toast-stack')).toContainText('Password reset successfully');

  // The link works once.
  await tab.goto(link);
  await tab.getByLabel(/^New password/).fill('another-pass-88');
  await tab.getByLabel(/^Confirm new password/).fill('another-pass-88');
  await tab.getByRole('button', { name: 'Reset password' }).click();
  await expect(tab.getByRole('alert')).toContainText('Password reset failed');

  await signInThroughUi(tab, user);
  await expect(tab.getByRole('alert')).toHaveText('Invalid credentials');
  await signInThroughUi(tab, { email: user.email, password: 'brand-new-pass-77' });
  await expect(tab.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
  await other.close();

  // The first browser's session was revoked by the reset: its next page load finds no session.
  await page.reload();
  await expect(page).toHaveURL(/\/signin$/);
  const res = await page.context().request.get('/api/v1/users/me');
  expect(res.status()).toBe(401);
});

async function addContact(request: APIRequestContext, firstName: string, email: string) {
  const res = await request.post('/api/v1/contacts', {
    data: { firstName, lastName: 'Client', email },
    headers: { 'x-xsrf-token': await csrf(request) },
  });
  expect(res.status()).toBe(201);
}

test('the owner switches business and the contacts list changes with it', async ({ page, context }) => {
  const user = newUser();
  await signUpThroughUi(page, user);
  await addContact(context.request, 'Ada', 'ada@first.test');
  const created = await context.request.post('/api/v1/businesses', {
    data: { name: 'Second Studio' },
    headers: { 'x-xsrf-token': await csrf(context.request) },
  });
  expect(created.status()).toBe(201);

  await page.goto('/contacts');
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByText('Ada Client')).toBeVisible();
  const switcher = page.getByTestId('business-switcher');
  // Sign-up made the first business, named after the owner.
  const firstName = `${user.firstName}'s Business`;
  await expect(switcher).toContainText(firstName);

  // Header switcher → the second business: the list empties without a reload.
  await switcher.click();
  await page.getByRole('menuitem', { name: 'Second Studio' }).click();
  await expect(page.getByTestId('toast-stack')).toContainText('Switched to Second Studio');
  await expect(switcher).toContainText('Second Studio');
  await expect(page.getByText('No contacts yet.')).toBeVisible();
  await expect(table.getByText('Ada Client')).toBeHidden();

  // New data goes to the current business, and the choice survives a reload.
  await addContact(context.request, 'Bea', 'bea@second.test');
  await page.reload();
  await expect(page.getByTestId('business-switcher')).toContainText('Second Studio');
  await expect(table.getByText('Bea Client')).toBeVisible();
  await expect(table.getByText('Ada Client')).toBeHidden();

  // Back through the user menu's business list.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: firstName }).click();
  await expect(page.getByTestId('business-switcher')).toContainText(firstName);
  await expect(table.getByText('Ada Client')).toBeVisible();
  await expect(table.getByText('Bea Client')).toBeHidden();
});

test('profile settings: /profile lands on general, the name changes, security lists this session', async ({ page }) => {
  const user = newUser();
  await signUpThroughUi(page, user);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('tab', { name: 'General', selected: true })).toBeVisible();
  await page.getByLabel(/^First name/).fill('Mia');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast-stack')).toContainText('Profile updated');

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/settings\/profile\/security$/);
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('This device');

  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByTestId('subscription-tier')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toContainText(`Mia ${user.lastName}`);
});

test('an invite link: a new visitor signs up, verifies, comes back to the invite, accepts and works in the business', async ({
  page,
  browser,
}) => {
  const owner = newUser();
  const ownerContext = await browser.newContext();
  await signUpThroughUi(await ownerContext.newPage(), owner);
  const { user: ownerUser } = await (await ownerContext.request.get('/api/v1/users/me')).json();
  const member = { ...newUser(), firstName: 'Noor' };
  const invited = await ownerContext.request.post(`/api/v1/businesses/${ownerUser.businessId}/invites`, {
    data: { email: member.email, role: 'member' },
    headers: { 'x-xsrf-token': await csrf(ownerContext.request) },
  });
  expect(invited.status()).toBe(201);
  await ownerContext.close();

  const link = await mailedLink(member.email, /invited you/i, '/accept-invite');
  await page.goto(link);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('status')).toContainText('Sign in to accept your invitation.');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await submitSignUp(page, member, { open: false });
  await page.getByLabel(/^Verification code/).fill(await verificationCode(member.email));
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Back on the invite, signed in as the invited address.
  await expect(page).toHaveURL(/\/accept-invite\?token=/);
  await expect(page.getByText(`Signed in as ${member.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByTestId('toast-stack')).toContainText(`You joined ${ownerUser.businessName}`);
  await expect(page.getByRole('heading', { name: `Welcome back, ${member.firstName}` })).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByTestId('business-switcher')).toContainText(ownerUser.businessName);
  // Their own business is still there to switch back to; a member gets no settings entry.
  await page.getByTestId('business-switcher').click();
  await expect(page.getByRole('menuitem', { name: "Noor's Business" })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Business settings' })).toHaveCount(0);
});
