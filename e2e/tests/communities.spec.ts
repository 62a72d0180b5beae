import { expect, test } from '@playwright/test';
import { signUpByApi } from './comms-helpers';

/** A 1×1 PNG: the community's cover. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a community with a cover; a second user joins, posts and RSVPs to its event; friends by request', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const shot = (p: typeof page, name: string) =>
    p.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  const owner = await signUpByApi(page.request);
  const name = `Growth Hackers ${Date.now().toString(36)}`;

  // The owner creates a public community with a cover from the sidebar's Communities page.
  await page.goto('/');
  await page.getByRole('link', { name: 'Communities' }).first().click();
  await expect(page).toHaveURL(/\/communities$/);
  await page.getByRole('button', { name: 'New community' }).click();
  const dialog = page.getByRole('dialog', { name: 'New community' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Description').fill('Founders who share what works.');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Create community' }).click();
  await expect(page.getByText('Community created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const communityId = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.locator(`img[src*="/communities/${communityId}/cover?v="]`)).toBeVisible();

  // A second community with the same name in another case is refused with the spec's toast.
  await page.goto('/communities');
  await page.getByRole('button', { name: 'New community' }).click();
  await page.getByRole('dialog').getByLabel(/^Name/).fill(name.toUpperCase());
  await page.getByRole('dialog').getByRole('button', { name: 'Create community' }).click();
  await expect(
    page.getByText('A community with this name already exists. Please choose a different name.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The owner plans an event with one seat.
  await page.goto(`/events/create?communityId=${communityId}`);
  await page.getByLabel(/^Title/).fill('Launch night');
  await page.getByLabel(/^Starts/).fill('2030-03-01T18:00');
  await page.getByLabel(/^Ends/).fill('2030-03-01T21:00');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Paris');
  await page.getByRole('option', { name: 'Europe/Paris' }).click();
  await page.getByLabel(/^Link/).fill('https://meet.example.com/launch');
  await page.getByLabel('Capacity').fill('1');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('heading', { name: 'Launch night' })).toBeVisible();
  const eventPath = new URL(page.url()).pathname;
  await expect(page.getByText('0 going of 1 (1 left)')).toBeVisible();

  // A second user joins, posts, and takes the seat.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUpByApi(memberPage.request);
  await memberPage.goto(`/communities/${communityId}`);
  await memberPage.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(memberPage.getByText('You joined the community')).toBeVisible();
  await memberPage.getByLabel('Write a post').fill('Hello <b>everyone</b>!');
  await memberPage.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(memberPage.getByText('Hello everyone!')).toBeVisible();
  await shot(memberPage, 'community-posts');
  await memberPage.goto(eventPath);
  await memberPage.getByRole('button', { name: 'I’m going' }).click();
  await expect(memberPage.getByText('Your RSVP was saved')).toBeVisible();
  await expect(memberPage.getByText('1 going of 1 (full)')).toBeVisible();
  const ics = await memberPage.request.get(`/api/v1${eventPath}/ics`);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain('DTSTART:20300301T170000Z');
  await shot(memberPage, 'event');

  // The owner sees the event full, and a moderator's view of the post.
  await page.goto(eventPath);
  await expect(page.getByText('1 going of 1 (full)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
  await page.goto(`/communities/${communityId}?tab=posts`);
  await expect(page.getByRole('button', { name: 'Remove post' })).toBeVisible();

  // People: the owner follows the member and asks to be friends; the member accepts on the owner's profile.
  await page.goto(`/user/${member.id}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByText('You are now following this person')).toBeVisible();
  await page.getByRole('button', { name: 'Add friend' }).click();
  await expect(page.getByRole('button', { name: 'Cancel friend request' })).toBeVisible();
  await memberPage.goto(`/user/${owner.id}`);
  await expect(memberPage.getByText('Follows you')).toBeVisible();
  // The request reached the member's bell (POST /notifications/friend-request-sent).
  const bell = memberPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  await bell.click();
  await expect(memberPage.getByRole('dialog', { name: 'Notifications' }).getByText('New friend request')).toBeVisible();
  await memberPage.keyboard.press('Escape');
  await memberPage.getByRole('button', { name: 'Accept friend request' }).click();
  await expect(memberPage.getByRole('button', { name: 'Unfriend' })).toBeVisible();
  // The owner's friends now list the member.
  await expect(memberPage.getByRole('tabpanel').getByRole('link', { name: new RegExp(member.lastName) })).toBeVisible();
  await shot(memberPage, 'profile');
  await page.goto('/communities');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByText('2 members')).toBeVisible();
  await shot(page, 'communities');
  await memberContext.close();
});
