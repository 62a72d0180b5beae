import { expect, test } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

test('automation "contact created → create a task": built in the editor, triggered by a new contact, its run and task seen', async ({
  page,
}) => {
  const owner = newUser();
  await signUpThroughUi(page, owner);

  // The sidebar's Automation entry leads to the list (empty for a new business).
  await page.getByRole('link', { name: 'Automation' }).first().click();
  await expect(page).toHaveURL(/\/automation$/);
  await expect(page.getByRole('heading', { name: 'Automation', exact: true })).toBeVisible();
  await expect(page.getByText(/No automations yet/)).toBeVisible();

  // Trigger, one condition, one step.
  await page.getByRole('link', { name: 'New automation' }).click();
  await expect(page).toHaveURL(/\/automation\/new$/);
  await page.getByLabel(/^Automation name/).fill('Call new clients');
  await page.getByRole('combobox', { name: 'Trigger' }).click();
  await page.getByRole('option', { name: 'Contact created' }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByRole('combobox', { name: 'Condition 1 field' }).click();
  await page.getByRole('option', { name: 'email', exact: true }).click();
  await page.getByRole('combobox', { name: 'Comparison' }).click();
  await page.getByRole('option', { name: 'contains' }).click();
  await page.getByLabel('Value').fill('@clients.test');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Step 1 task title').fill('Call the new client');
  await page.getByLabel('Due in days').fill('2');
  await page.getByRole('button', { name: 'Save automation' }).click();
  await expect(page).toHaveURL(/\/automation\/[^/]+\/edit$/);
  await expect(page.getByText('No runs yet.', { exact: false })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('automation-edit.png'), fullPage: true });

  // A contact whose e-mail does not match starts nothing; one that matches starts one run.
  const headers = { 'x-xsrf-token': await csrf(page.request) };
  const other = await page.request.post('/api/v1/contacts', {
    data: { firstName: 'Alan', lastName: 'Turing', email: `alan.${Date.now()}@elsewhere.test` },
    headers,
  });
  expect(other.status()).toBe(201);
  const created = await page.request.post('/api/v1/contacts', {
    data: { firstName: 'Grace', lastName: 'Hopper', email: `grace.${Date.now()}@clients.test` },
    headers,
  });
  expect(created.status()).toBe(201);

  // The run shows on the edit page (polled), completed, with the step's result naming the task.
  const history = page.getByRole('table', { name: 'Run history' });
  const run = history.getByTestId('automation-run');
  await expect(run).toHaveCount(1, { timeout: 20_000 });
  await expect(run.getByText('Completed')).toBeVisible({ timeout: 20_000 });
  await expect(run.getByText(/1\. Create a task: Created task "Call the new client"/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('automation-run.png'), fullPage: true });

  // The list counts the run; the task exists, linked to Grace.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/automation$/);
  const row = page.getByRole('row', { name: /Call new clients/ });
  await expect(row.getByRole('cell', { name: 'Contact created' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '1', exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('automation-list.png'), fullPage: true });
  const contact = (await created.json()).data as { _id: string };
  const tasks = (await (await page.request.get('/api/v1/tasks?limit=100')).json()).data.tasks as {
    title: string;
    contactIds: string[];
  }[];
  expect(tasks.filter((t) => t.title === 'Call the new client').map((t) => t.contactIds)).toEqual([[contact._id]]);
  await page.goto('/tasks');
  await expect(page.getByText('Call the new client').first()).toBeVisible();

  // Switched off from the list: a new matching contact starts no run.
  await page.goto('/automation');
  await page.getByRole('switch', { name: 'Call new clients on' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Call new clients on' })).not.toBeChecked();
});

test('automation "Date reached": the date, days and direction in the editor; the list says when, and its switch keeps the date', async ({
  page,
}) => {
  await signUpThroughUi(page, newUser());
  await page.goto('/automation/new');
  await page.getByLabel(/^Automation name/).fill('Day before a task is due');
  await page.getByRole('combobox', { name: 'Trigger' }).click();
  await page.getByRole('option', { name: 'Date reached' }).click();
  await expect(page.getByText(/Checked every minute, in UTC/)).toBeVisible();
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Step 1 task title').fill('Get ready');
  // No date chosen: the schema's message, nothing saved.
  await page.getByRole('button', { name: 'Save automation' }).click();
  await expect(page.getByText('Choose the date to watch')).toBeVisible();
  await page.getByRole('combobox', { name: 'Date', exact: true }).click();
  await page.getByRole('option', { name: 'Task due date' }).click();
  await page.getByLabel('Days', { exact: true }).fill('1');
  await page.getByRole('combobox', { name: 'Before or after' }).click();
  await page.getByRole('option', { name: 'before the date' }).click();
  await page.screenshot({ path: test.info().outputPath('automation-date-reached.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save automation' }).click();
  await expect(page).toHaveURL(/\/automation\/[^/]+\/edit$/);
  await expect(page.getByRole('combobox', { name: 'Date', exact: true })).toHaveValue('Task due date');

  await page.goto('/automation');
  const row = page.getByRole('row', { name: /Day before a task is due/ });
  await expect(row.getByRole('cell', { name: 'Date reached: 1 day before Task due date' })).toBeVisible();
  await page.getByRole('switch', { name: 'Day before a task is due on' }).click({ force: true });
  await expect(page.getByText('Day before a task is due is off')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Day before a task is due on' })).not.toBeChecked();
  await page.screenshot({ path: test.info().outputPath('automation-date-list.png'), fullPage: true });
});
