import { expect, test, type Page } from '@playwright/test';
import { call, signUpByApi } from './comms-helpers';

const control = () => process.env.E2E_GOOGLE_FAKE_CONTROL ?? 'http://127.0.0.1:3096';

interface SentMessage {
  headers: Record<string, string>;
  html: string | null;
  text: string | null;
}
async function sentFrom(page: Page, mailbox: string): Promise<SentMessage[]> {
  const res = await page.request.get(`${control()}/sent?email=${encodeURIComponent(mailbox)}`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** The campaign form: name, template, one group; the audience count is waited for. */
async function fillCampaign(page: Page, name: string, template: string, group: string, count: RegExp) {
  await page.getByLabel(/^Campaign name/).fill(name);
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: template }).click();
  await page.getByRole('textbox', { name: 'Groups' }).click();
  await page.getByRole('option', { name: group }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('audience-count')).toHaveText(count);
}

test('campaigns: a template built in the editor, the Gmail gate, a campaign to a group sent through Gmail with per-recipient status, and an unsubscribe a later campaign honours', async ({
  page,
}) => {
  await signUpByApi(page.request);
  const run = Date.now().toString(36);
  const group = `Newsletter ${run}`;
  const groupId = (await call(page.request, 'post', '/api/v1/contacts/groups', { name: group })).data._id as string;
  const ada = `ada.${run}@clients.test`;
  const bob = `bob.${run}@clients.test`;
  await call(page.request, 'post', '/api/v1/contacts', {
    firstName: 'Ada',
    lastName: 'Byron',
    email: ada,
    groupIds: [groupId],
  });
  await call(page.request, 'post', '/api/v1/contacts', {
    firstName: 'Bob',
    lastName: 'Stone',
    email: bob,
    groupIds: [groupId],
  });
  await call(page.request, 'post', '/api/v1/contacts', {
    firstName: 'Cy',
    lastName: 'Other',
    email: `cy.${run}@clients.test`,
  });

  // The template, in the email-design editor: a heading with a merge tag, a paragraph, a button.
  await page.goto('/emails/templates/create');
  await page.getByLabel(/^Template name/).fill(`Spring news ${run}`);
  await page.getByLabel(/^Subject/).fill('Spring news for {{contact.firstName}}');
  await page.getByLabel('Heading', { exact: true }).fill('Hello {{contact.firstName}}');
  await page.getByLabel('Text', { exact: true }).fill('Our garden studio opens in April.\n\nCome and see it.');
  await page.getByRole('button', { name: 'Button', exact: true }).click();
  await page.getByLabel('Label', { exact: true }).fill('Book a visit');
  await page.getByLabel('Link', { exact: true }).fill('https://studio.test/visit');
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText('Hello {{contact.firstName}}')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Book a visit' })).toBeVisible();
  await page.getByText('Mobile', { exact: true }).click();
  await page.screenshot({ path: test.info().outputPath('template-editor.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(page).toHaveURL(/\/emails\/templates$/);

  // Gmail is not connected: sending opens the gate modal; Cancel closes it.
  await page.goto('/emails/campaigns/create');
  await expect(page.getByText('Connect Google Workspace to continue').first()).toBeVisible();
  await page.getByRole('button', { name: 'Send campaign' }).click();
  const gate = page.getByRole('dialog', { name: 'Connect Google Workspace to continue' });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gmail-gate.png') });
  await gate.getByRole('button', { name: 'Cancel' }).click();
  await expect(gate).toBeHidden();

  // Connect Gmail from the gate: Google's consent (the fake) and back to the campaign form.
  const mailbox = `owner.${run}@workspace.test`;
  expect((await page.request.post(`${control()}/consent`, { data: { email: mailbox } })).ok()).toBeTruthy();
  await page.getByRole('button', { name: 'Send campaign' }).click();
  await gate.getByRole('button', { name: 'Connect Gmail' }).click();
  await expect(page).toHaveURL(/\/emails\/campaigns\/create/);
  await expect(page.getByText('Connect Google Workspace to continue')).toHaveCount(0);

  // The campaign to the group: two recipients, each sent once from the owner's mailbox.
  await fillCampaign(page, `Spring ${run}`, `Spring news ${run}`, group, /^2 recipients$/);
  await page.getByRole('button', { name: 'Send campaign' }).click();
  await expect(page).toHaveURL(/\/emails\/campaigns\/[^/]+$/);
  const rows = page.getByTestId('recipient-row');
  await expect(rows).toHaveCount(2);
  for (const address of [ada, bob]) {
    await expect(rows.filter({ hasText: address }).getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  }
  await expect(page.getByTestId('campaign-counts')).toContainText('Sent2');
  await page.screenshot({ path: test.info().outputPath('campaign-sent.png'), fullPage: true });

  const sent = await sentFrom(page, mailbox);
  expect(sent.map((m) => m.headers.to).sort()).toEqual([ada, bob]);
  const toAda = sent.find((m) => m.headers.to === ada)!;
  expect(toAda.headers.subject).toBe('Spring news for Ada');
  expect(toAda.html).toContain('Hello Ada');
  expect(toAda.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/v1\/public\/unsubscribe\/.+>$/);

  // Ada follows the message's unsubscribe link (signed out, another browser) and confirms.
  const link = /http:\/\/localhost:3000\/unsubscribe\/[^\s"<>]+/.exec(toAda.text ?? '')?.[0];
  expect(link, 'the unsubscribe link in the plain-text part').toBeTruthy();
  const reader = await page.context().browser()!.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(link!);
  await expect(readerPage.getByText(ada)).toBeVisible();
  await readerPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(readerPage.getByText('You have been unsubscribed')).toBeVisible();
  await readerPage.screenshot({ path: test.info().outputPath('unsubscribed.png') });
  await reader.close();

  // A later campaign to the same group leaves Ada out: one recipient, Bob, and Ada got nothing more.
  await page.goto('/emails/campaigns/create');
  await fillCampaign(page, `Summer ${run}`, `Spring news ${run}`, group, /^1 recipient \(1 unsubscribed left out\)$/);
  await page.getByRole('button', { name: 'Send campaign' }).click();
  await expect(page).toHaveURL(/\/emails\/campaigns\/[^/]+$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: bob }).getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  const after = await sentFrom(page, mailbox);
  expect(after.filter((m) => m.headers.to === ada)).toHaveLength(1);
  expect(after.filter((m) => m.headers.to === bob)).toHaveLength(2);

  await page.goto('/emails/campaigns');
  await expect(page.getByText(`Summer ${run}`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('campaigns-list.png'), fullPage: true });
});
