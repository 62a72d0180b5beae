import { expect, test, type Locator, type Page } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

/** The cards' titles of one kanban column, top to bottom. */
const titles = (column: Locator) => column.locator('[data-testid="kanban-card"] [data-card-title]').allTextContents();
const column = (page: Page, label: string) => page.getByRole('region', { name: `${label} column` });

/** Drags a card by the mouse onto the top half of another card, or onto a column's free space. */
async function drag(page: Page, card: Locator, target: Locator, where: 'top' | 'end') {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  const y = where === 'top' ? to.y + 6 : to.y + to.height - 12;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, y, { steps: 10 });
  await page.mouse.up();
}

// A 1×1 PNG: the server sniffs the type from the bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('tasks: create with an attachment from + New, drag on the kanban, comment, see the history, find it after reload and in search', async ({
  page,
  context,
}) => {
  await signUpThroughUi(page, newUser());
  await page.goto('/tasks');
  await expect(page.getByText('No tasks yet.')).toBeVisible();

  // '+ New' → Task: the draggable modal, the schema's message first, then a task with a file.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Task' }).click();
  const modal = page.getByRole('dialog', { name: 'New task' });
  await modal.getByRole('button', { name: 'Create task' }).click();
  await expect(modal.getByText('Title is required')).toBeVisible();
  await modal.getByLabel(/^Title/).fill('Order tiles');
  await modal.locator('input[type="file"]').setInputFiles({ name: 'tile.png', mimeType: 'image/png', buffer: PNG });
  await expect(modal.getByText('tile.png')).toBeVisible();
  await modal.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByTestId('toast-stack')).toContainText('Task created with 1 attachment(s)!');
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByTestId('task-row')).toHaveCount(1);

  // Two more through the API.
  const token = await csrf(context.request);
  for (const title of ['Measure the floor', 'Call the tiler']) {
    const res = await context.request.post('/api/v1/tasks', { data: { title }, headers: { 'x-xsrf-token': token } });
    expect(res.status()).toBe(201);
  }

  await page.locator('label', { hasText: 'Kanban' }).click();
  await expect(page).toHaveURL(/view=kanban/);
  const todo = column(page, 'To do');
  const inProgress = column(page, 'In progress');
  await expect.poll(() => titles(todo)).toHaveLength(3);
  await expect(page.getByTestId('kanban-total-todo')).toHaveText('3');

  // Across: Order tiles onto In progress's free space.
  await drag(page, todo.getByRole('button', { name: 'Order tiles', exact: true }), inProgress, 'end');
  await expect.poll(() => titles(inProgress)).toEqual(['Order tiles']);
  await expect(page.getByTestId('kanban-total-in_progress')).toHaveText('1');

  // Within: the last of To do above the first.
  const before = await titles(todo);
  await drag(page, todo.getByTestId('kanban-card').nth(1), todo.getByTestId('kanban-card').first(), 'top');
  await expect.poll(() => titles(todo)).toEqual([before[1], before[0]]);

  // The Move menu: Call the tiler to Blocked.
  await page.getByRole('button', { name: 'Move Call the tiler' }).click();
  await page.getByRole('menuitem', { name: 'To Blocked' }).click();
  await expect.poll(() => titles(column(page, 'Blocked'))).toEqual(['Call the tiler']);

  // The drawer: a comment, the attachment, the history of the move.
  await inProgress.getByRole('button', { name: 'Order tiles', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('task-drawer-title')).toHaveText('Order tiles');
  await drawer.getByLabel('New comment').fill('Tiles ordered from the usual supplier');
  await drawer.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(drawer.getByTestId('task-comment')).toContainText('Tiles ordered from the usual supplier');
  await drawer.getByRole('tab', { name: /Attachments/ }).click();
  await expect(drawer.getByRole('link', { name: 'Download tile.png' })).toBeVisible();
  await drawer.getByRole('tab', { name: 'History' }).click();
  // Newest first: the comment, then the move with who made it.
  await expect(drawer.getByTestId('task-history-entry').first()).toContainText('commented');
  await expect(drawer.getByTestId('task-history-entry').filter({ hasText: 'moved the task' }).first()).toContainText(
    'Status: To do → In progress',
  );
  await page.keyboard.press('Escape');

  // Everything is where it was after a reload.
  await page.reload();
  await expect.poll(() => titles(column(page, 'In progress'))).toEqual(['Order tiles']);
  await expect.poll(() => titles(column(page, 'Blocked'))).toEqual(['Call the tiler']);

  // The global search opens the task's drawer on /tasks.
  await page.getByLabel('Search', { exact: true }).fill('Order tiles');
  await page.getByRole('group', { name: 'Tasks' }).getByText('Order tiles').click();
  await expect(page).toHaveURL(/\/tasks\?.*task=/);
  await expect(page.getByTestId('task-drawer-title')).toHaveText('Order tiles');
});
