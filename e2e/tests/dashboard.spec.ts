import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/**
 * Issue #21 §2: the user arranges the home dashboard — hides a widget from its menu, drags another by its title bar
 * to another place, moves one from the keyboard; the arrangement survives a reload, and Reset layout undoes it.
 */
const order = (page: Page) =>
  page.locator('[data-widget]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.widget));
const DEFAULT = ['quick-actions', 'tasks', 'recent-contacts', 'calendar'];

test('dashboard: hide a widget, drag one and move one from the keyboard; the arrangement stays after a reload', async ({
  page,
}) => {
  await signUpThroughUi(page, newUser());
  const card = (title: string) =>
    page.locator('[data-widget]').filter({ has: page.getByRole('heading', { name: title }) });
  // All eight widgets of the spec's home dashboard.
  await expect(page.locator('[data-widget]')).toHaveCount(8);
  const initial = await order(page);
  expect(initial.slice(0, 4)).toEqual(DEFAULT);

  // Hide Calendar from its menu.
  await page.getByRole('button', { name: 'Calendar options' }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await expect(card('Calendar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Hidden widgets (1)' })).toBeVisible();

  // Drag Projects by its title onto Tasks' place.
  await card('Projects')
    .getByRole('heading', { name: 'Projects' })
    .dragTo(card('Tasks').getByRole('heading', { name: 'Tasks' }));
  await expect.poll(() => order(page).then((o) => o.indexOf('projects'))).toBe(1);

  // From the keyboard: Quick actions moves down one place.
  await page.getByRole('button', { name: 'Quick actions options' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Move down' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => order(page).then((o) => o.slice(0, 3))).toEqual(['projects', 'quick-actions', 'tasks']);
  await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText(
    'Quick actions moved to place 2 of 7.',
  );
  await expect(page.getByRole('button', { name: 'Quick actions options' })).toBeFocused();
  const arranged = await order(page);
  expect(arranged).not.toContain('calendar');

  await page.reload();
  await expect(page.locator('[data-widget]')).toHaveCount(7);
  expect(await order(page)).toEqual(arranged);

  // Hidden widgets shows Calendar again; Reset layout goes back to the default.
  await page.getByRole('button', { name: 'Hidden widgets (1)' }).click();
  await page.getByRole('menuitem', { name: 'Calendar' }).click();
  await expect(card('Calendar')).toBeVisible();
  await page.getByRole('button', { name: 'Reset layout' }).click();
  await expect.poll(() => order(page)).toEqual(initial);
});
