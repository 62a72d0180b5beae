import { expect, test, type Locator, type Page } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The cards' titles of one stage column, top to bottom. */
const titles = (column: Locator) => column.locator('[data-testid^="card-"] a').allTextContents();
const column = (page: Page, stage: string) => page.getByRole('region', { name: `${stage} column` });

/** Drags a card by the mouse onto the top or bottom half of another card, or onto a column's free space. */
async function drag(page: Page, card: Locator, target: Locator, where: 'top' | 'bottom' | 'end') {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  const y = where === 'top' ? to.y + 6 : where === 'bottom' ? to.y + to.height - 6 : to.y + to.height - 12;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, y, { steps: 10 });
  await page.mouse.up();
}

test('projects: create from + New, drag across and within the stage board, move by menu, and find it all after reload', async ({
  page,
  context,
}) => {
  await signUpThroughUi(page, newUser());
  await page.goto('/projects');
  await expect(page.getByText('No projects yet.')).toBeVisible();

  // '+ New' → Project opens the work remote's modal from the host header; the schema's messages first.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Project' }).click();
  const modal = page.getByRole('dialog', { name: 'New project' });
  await modal.getByRole('button', { name: 'Create project' }).click();
  await expect(modal.getByText('Title is required')).toBeVisible();
  await expect(modal.getByText('Project type is required')).toBeVisible();
  const titleField = modal.getByLabel(/^Title/);
  const projectType = modal.getByLabel(/^Project type/).first();
  await titleField.fill('Smith wedding');
  await projectType.fill('Wedding');
  // Each field keeps what was typed into it (the modal's focus trap once moved the focus back to Title).
  await expect(titleField).toHaveValue('Smith wedding');
  await expect(projectType).toHaveValue('Wedding');
  await modal.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByTestId('toast-stack')).toContainText('Project created successfully');
  await expect(page).toHaveURL(/\/projects\/[^/]+\/activity$/);
  await expect(page.getByRole('heading', { name: 'Smith wedding' })).toBeVisible();

  // Two more in Planning through the API: Smith wedding is first (the oldest is on top), then Kitchen, Garden.
  const token = await csrf(context.request);
  for (const title of ['Kitchen', 'Garden']) {
    const res = await context.request.post('/api/v1/projects', {
      data: { title, type: 'Renovation' },
      headers: { 'x-xsrf-token': token },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/projects?view=board');
  const planning = column(page, 'Planning');
  const review = column(page, 'Review');
  await expect.poll(() => titles(planning)).toEqual(['Smith wedding', 'Kitchen', 'Garden']);

  // Across: Smith wedding onto Review's free space.
  await drag(page, planning.getByTestId(/^card-/).first(), review, 'end');
  await expect.poll(() => titles(review)).toEqual(['Smith wedding']);
  await expect.poll(() => titles(planning)).toEqual(['Kitchen', 'Garden']);

  // Within: Garden above Kitchen.
  await drag(page, planning.getByTestId(/^card-/).nth(1), planning.getByTestId(/^card-/).first(), 'top');
  await expect.poll(() => titles(planning)).toEqual(['Garden', 'Kitchen']);

  // The keyboard's way: the card's menu moves Kitchen to the top of Completed.
  await planning.getByRole('button', { name: 'Move Kitchen' }).click();
  await page.getByRole('menuitem', { name: 'Move to Completed' }).click();
  await expect.poll(() => titles(column(page, 'Completed'))).toEqual(['Kitchen']);

  // The server stored every move: the same board after a reload.
  await page.reload();
  await expect.poll(() => titles(column(page, 'Planning'))).toEqual(['Garden']);
  await expect.poll(() => titles(column(page, 'Review'))).toEqual(['Smith wedding']);
  await expect.poll(() => titles(column(page, 'Completed'))).toEqual(['Kitchen']);

  // The table view finds it by search; the project's page shows the move in its activity.
  await page.locator('label', { hasText: 'Table' }).click();
  await page.getByLabel('Search projects').fill('smith');
  const table = page.getByRole('table', { name: 'Projects' });
  await expect(table.getByRole('link', { name: 'Smith wedding' })).toBeVisible();
  await expect(table.getByText('Kitchen')).toHaveCount(0);
  await table.getByRole('link', { name: 'Smith wedding' }).click();
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Moved from Planning to Review')).toBeVisible();

  // Designs: an uploaded picture shows as a thumbnail the server streams back, and only on its own tab.
  await page.getByRole('tab', { name: 'Designs' }).click();
  await expect(page).toHaveURL(/\/designs$/);
  await page.locator('input[type="file"]').setInputFiles({ name: 'moodboard.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('toast-stack')).toContainText('1 file(s) uploaded');
  const thumb = page.getByRole('img', { name: 'moodboard.png' });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.getByRole('tab', { name: 'Floor plans' }).click();
  await expect(page.getByText('No floor plans yet.')).toBeVisible();
});
