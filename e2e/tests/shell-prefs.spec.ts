import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/**
 * Issue #21 §6: a draggable modal reopens where it was left and a locked one stays put; dark mode follows the
 * (emulated) system until a choice is saved; below the sm breakpoint the header's search is an icon that opens the
 * field, and the burger opens the mobile menu.
 */
const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

async function openNewTask(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Task' }).click();
  const modal = page.getByRole('dialog', { name: 'New task' });
  await expect(modal).toBeVisible();
  return modal;
}

async function place(modal: Locator) {
  // Past the opening fade, the box stays put.
  await expect.poll(async () => (await modal.boundingBox())?.x).toBeGreaterThan(0);
  const box = (await modal.boundingBox())!;
  return { x: Math.round(box.x), y: Math.round(box.y) };
}

async function dragTitle(page: Page, modal: Locator, dx: number, dy: number) {
  const title = (await modal.getByRole('heading', { name: 'New task' }).boundingBox())!;
  await page.mouse.move(title.x + 5, title.y + 5);
  await page.mouse.down();
  await page.mouse.move(title.x + 5 + dx / 2, title.y + 5 + dy / 2);
  await page.mouse.move(title.x + 5 + dx, title.y + 5 + dy);
  await page.mouse.up();
}

test('shell preferences: a dragged modal reopens where it was left, locks; dark mode; the mobile search and menu', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpThroughUi(page, newUser());
  await page.goto('/contacts');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // Dark mode follows the system while nothing is saved…
  await expect.poll(() => scheme(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => scheme(page)).toBe('light');
  // …until the user chooses: then the system no longer moves it, across a reload too.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark mode' }).click();
  await expect.poll(() => scheme(page)).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect.poll(() => scheme(page)).toBe('dark');
  // 'Use system theme' forgets the choice: the (light) system again.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Use system theme' }).click();
  await expect.poll(() => scheme(page)).toBe('light');
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBeNull();

  // A modal dragged by its title bar reopens where it was left, after a reload.
  let modal = await openNewTask(page);
  const centre = await place(modal);
  await dragTitle(page, modal, 120, 60);
  const moved = await place(modal);
  expect(moved.x - centre.x).toBeGreaterThanOrEqual(110);
  expect(moved.y - centre.y).toBeGreaterThanOrEqual(50);
  // From the keyboard as well: the move handle and an arrow key.
  await modal.getByRole('button', { name: 'Move dialog' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await place(modal)).x).toBe(moved.x + 10);
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('modalPositions')))!);
  expect(saved.task).toMatchObject({ locked: false });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.reload();
  modal = await openNewTask(page);
  expect(await place(modal)).toEqual({ x: moved.x + 10, y: moved.y });

  // Locked, it stays put when dragged, and stays locked after a reload.
  await modal.getByRole('button', { name: 'Lock position' }).click();
  await dragTitle(page, modal, -200, 80);
  expect(await place(modal)).toEqual({ x: moved.x + 10, y: moved.y });
  await page.keyboard.press('Escape');
  await page.reload();
  modal = await openNewTask(page);
  await expect(modal.getByRole('button', { name: 'Unlock position' })).toHaveAttribute('aria-pressed', 'true');
  expect(await place(modal)).toEqual({ x: moved.x + 10, y: moved.y });
  // Unlocked, a double-click on the title bar centres it again.
  await modal.getByRole('button', { name: 'Unlock position' }).click();
  await modal.getByRole('heading', { name: 'New task' }).dblclick();
  await expect.poll(() => place(modal)).toEqual(centre);
  await page.keyboard.press('Escape');

  // A phone: the search is an icon that opens the field across the header; the burger opens the menu.
  await page.setViewportSize({ width: 390, height: 800 });
  const field = page.getByRole('textbox', { name: 'Search', exact: true });
  await expect(field).toBeHidden();
  // Everything in the header fits in the width, the user menu too.
  await expect(page.getByRole('button', { name: 'User menu' })).toBeInViewport({ ratio: 1 });
  const toggle = page.getByRole('button', { name: 'Open search' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(field).toBeFocused();
  await field.fill('zz-nothing-here');
  await expect(page.getByTestId('search-dropdown')).toContainText('No results found');
  await page.keyboard.press('Escape');
  await expect(field).toBeHidden();
  await expect(toggle).toBeFocused();

  const nav = page.getByTestId('sidebar');
  await expect(nav).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(nav).toBeInViewport();
  // Below lg the menu shows Subscription instead of Automation.
  await expect(nav.getByRole('link', { name: 'Automation' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(nav).not.toBeInViewport();
});
