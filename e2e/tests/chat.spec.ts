import { expect, test } from '@playwright/test';
import { joinBusiness, signUpByApi } from './comms-helpers';

test('chat: two members in two browsers — a message one sends in #general shows live in the other’s open panel, and the closed panel’s badge counts it', async ({
  page,
  browser,
}) => {
  const owner = await signUpByApi(page.request);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUpByApi(memberPage.request);
  await joinBusiness(page.request, owner.businessId, memberPage.request, member.email);

  // Both open the chat panel on #general.
  for (const p of [page, memberPage]) {
    await p.goto('/contacts');
    await p.getByRole('button', { name: /^Open chat/ }).click();
    const drawer = p.getByRole('dialog');
    await drawer.locator('[data-chat-channel="general"]').click();
    await expect(drawer.getByText('# general')).toBeVisible();
  }

  // The member writes; the owner's open panel shows it without a reload, well before any poll.
  const started = Date.now();
  await memberPage.getByRole('textbox', { name: 'Write a message…' }).fill('Morning! The site visit moved to 10:30.');
  await memberPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(memberPage.getByRole('dialog').getByText('Morning! The site visit moved to 10:30.')).toBeVisible();
  const ownerPanel = page.getByRole('dialog');
  await expect(ownerPanel.getByText('Morning! The site visit moved to 10:30.')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(ownerPanel.getByText(`${member.firstName} ${member.lastName}`)).toBeVisible();

  // The owner answers; it reaches the member live too, and markup arrives as plain text.
  await page.getByRole('textbox', { name: 'Write a message…' }).fill('Thanks <b>noted</b>');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(memberPage.getByRole('dialog').getByText('Thanks noted')).toBeVisible({ timeout: 5_000 });
  await page.screenshot({ path: test.info().outputPath('chat-owner.png') });
  await memberPage.screenshot({ path: test.info().outputPath('chat-member.png') });

  // With the member's panel closed, the owner's next message lights the member's chat badge.
  await memberPage.keyboard.press('Escape');
  await expect(memberPage.getByRole('dialog')).toBeHidden();
  await page.getByRole('textbox', { name: 'Write a message…' }).fill('See you there');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(memberPage.getByRole('button', { name: 'Open chat (1 unread)' })).toBeVisible({ timeout: 20_000 });
  await memberPage.screenshot({ path: test.info().outputPath('chat-badge.png') });
  await memberContext.close();
});
