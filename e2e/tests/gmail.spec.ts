import { expect, test } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

const control = () => process.env.E2E_GOOGLE_FAKE_CONTROL ?? 'http://127.0.0.1:3096';

test('gmail: connect Gmail against the fake, send a project email, see the thread, and the client’s reply arrives in it', async ({
  page,
}) => {
  await signUpThroughUi(page, newUser());
  const headers = { 'x-xsrf-token': await csrf(page.request) };
  const created = await page.request.post('/api/v1/projects', {
    headers,
    data: { title: 'Garden studio', type: 'Build' },
  });
  expect(created.ok()).toBeTruthy();
  const project = (await created.json()).data as { _id: string };

  // Connect: the profile's integrations tab → Google's consent (the fake) → back with ?gmail=connected.
  const mailbox = `owner.${Date.now().toString(36)}@workspace.test`;
  expect((await page.request.post(`${control()}/consent`, { data: { email: mailbox } })).ok()).toBeTruthy();
  await page.goto('/settings/profile/integrations');
  const card = page.getByRole('region', { name: 'Gmail' });
  await card.getByRole('button', { name: 'Connect Gmail' }).click();
  await expect(page).toHaveURL(/\/settings\/profile\/integrations/);
  await expect(page.getByText('Gmail connected')).toBeVisible();
  await expect(card.getByText(`Connected as ${mailbox}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/gmail-e2e-profile.png', fullPage: true });

  // Send from the project's email tab.
  await page.goto(`/projects/${project._id}/email`);
  await page.getByRole('button', { name: 'New email' }).click();
  const dialog = page.getByRole('dialog', { name: 'New email' });
  await dialog.getByLabel(/^To/).fill('grace@client.test');
  await dialog.getByLabel(/^Subject/).fill('Garden studio drawings');
  await dialog.getByLabel(/^Message/).fill('Hello Grace,\n\nThe drawings are ready.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email sent')).toBeVisible();
  const thread = page.getByLabel('Thread Garden studio drawings');
  await expect(thread.getByText('The drawings are ready.')).toBeVisible();

  // Google's side: it was sent from the member's mailbox, to the client.
  const sent = (await (await page.request.get(`${control()}/sent?email=${encodeURIComponent(mailbox)}`)).json()) as {
    threadId: string;
    headers: Record<string, string>;
  }[];
  expect(sent).toHaveLength(1);
  expect(sent[0]!.headers.to).toBe('grace@client.test');

  // The client replies in the thread: the poll finds it and the tab shows it under the sent message.
  const reply = await page.request.post(`${control()}/receive`, {
    data: {
      email: mailbox,
      from: 'Grace <grace@client.test>',
      subject: 'Re: Garden studio drawings',
      html: '<p>They look great, thank you!</p><img alt="Garden photo" src="https://images.client.test/garden.jpg">',
      threadId: sent[0]!.threadId,
      inReplyTo: sent[0]!.headers['message-id'],
    },
  });
  expect(reply.ok()).toBeTruthy();
  await expect(thread.getByText('They look great, thank you!')).toBeVisible({ timeout: 20_000 });
  await expect(thread.getByText('Received')).toBeVisible();
  // Its remote image does not load (a tracking pixel would tell the sender) until the member asks.
  const photo = thread.getByAltText('Garden photo');
  await expect(photo).not.toHaveAttribute('src');
  await expect(thread.getByText('Images in this email are hidden to protect your privacy.')).toBeVisible();
  await thread.getByRole('button', { name: 'Show images' }).click();
  await expect(photo).toHaveAttribute('src', 'https://images.client.test/garden.jpg');
  await page.screenshot({ path: '/tmp/gmail-e2e-thread.png', fullPage: true });
});
