import { expect, request as apiRequest, test, type Locator, type Page } from '@playwright/test';
import { call, signUpByApi } from './comms-helpers';

/**
 * Issue #21 §8: the main tasks from the keyboard alone — sign in, add a contact, move a task card on the kanban
 * board, create a meeting. No clicks: Tab, Shift+Tab, arrows, Enter, Escape and typing. Along the way: focus is
 * trapped in each dialog and returns to what opened it when the dialog closes, and whatever has the focus shows it
 * (an outline).
 */

/** Presses Tab (Shift+Tab with back) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused();
}

/** In an open menu: arrow keys until `item` has the focus (Mantine may focus the first item on opening). */
async function arrowTo(page: Page, item: Locator) {
  await expect(item).toBeVisible();
  for (let i = 0; i < 10 && !(await item.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
}

/** The focused element draws a visible outline (the theme's :focus-visible ring). */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const s = getComputedStyle(el);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 ? 'ring' : `${el.outerHTML.slice(0, 120)}`;
  });
  expect(ring, 'the focused element shows a focus ring').toBe('ring');
}

/** Tab and Shift+Tab, pressed more times than the dialog has stops, never leave it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        `${key} ×${i + 1} stays in the dialog`,
      ).toBe(true);
    }
  }
}

test('keyboard only: sign in, add a contact, move a kanban card, create a meeting', async ({ page }) => {
  test.setTimeout(60_000);
  // The account and one task, made through the API on a context of their own (the page starts signed out).
  const api = await apiRequest.newContext({ baseURL: 'http://localhost:3000' });
  const user = await signUpByApi(api);
  await call(api, 'post', '/api/v1/tasks', { title: 'Order the tiles' });
  await api.dispose();

  // Sign in: Tab to the fields, type, Enter.
  await page.goto('/signin');
  await tabTo(page, page.getByLabel(/^Email/));
  await expectFocusRing(page);
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByLabel(/^Password/));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();

  // Add a contact: '+ New' → Contact from the keyboard; the dialog holds the focus; Escape gives it back to '+ New'.
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  const newButton = page.getByRole('button', { name: 'New', exact: true });
  await tabTo(page, newButton);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const contactItem = page.getByRole('menuitem', { name: 'Contact' });
  await arrowTo(page, contactItem);
  await page.keyboard.press('Enter');
  let dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, dialog);
  // Escape from a plain control (in a combobox field, Escape belongs to the field's list first).
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();

  // Again, and this time fill it in and submit with Enter.
  await page.keyboard.press('Enter');
  await arrowTo(page, contactItem);
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await tabTo(page, dialog.getByLabel(/^First name/));
  await expectFocusRing(page);
  await page.keyboard.type('Kira');
  await tabTo(page, dialog.getByLabel(/^Last name/));
  await page.keyboard.type('Keys');
  await tabTo(page, dialog.getByLabel(/^Email/));
  await page.keyboard.type('kira.keys@clients.test');
  await tabTo(page, dialog.getByRole('button', { name: 'Create Contact' }));
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Contacts' }).getByText('Kira Keys')).toBeVisible();
  await expect(newButton).toBeFocused();

  // Move a card on the kanban board: its Move menu, from the keyboard, to In progress.
  await page.goto('/tasks?view=kanban');
  const move = page.getByRole('button', { name: 'Move Order the tiles' });
  await tabTo(page, move, { max: 60 });
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const toProgress = page.getByRole('menuitem', { name: 'To In progress' });
  await arrowTo(page, toProgress);
  await page.keyboard.press('Enter');
  const column = page.getByRole('region', { name: 'In progress column' });
  await expect(column.getByText('Order the tiles')).toBeVisible();

  // Create a meeting: '+ New' → Meeting; the title typed, the default hour kept; Enter on Create meeting.
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await tabTo(page, newButton);
  await page.keyboard.press('Enter');
  await arrowTo(page, page.getByRole('menuitem', { name: 'Meeting' }));
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'New meeting' });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await tabTo(page, dialog.getByLabel(/^Title/));
  await page.keyboard.type('Keyboard review');
  // Start and end keep the form's default (the next full hour).
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/meetings') && r.request().method() === 'POST');
  await tabTo(page, dialog.getByRole('button', { name: 'Create meeting' }));
  await page.keyboard.press('Enter');
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();
});
