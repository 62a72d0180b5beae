import { expect, test } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

test('contacts: add through + New, validate, edit, group, filter, delete', async ({ page, context }) => {
  await signUpThroughUi(page, newUser());
  await page.goto('/contacts');
  await expect(page.getByText('No contacts yet.')).toBeVisible();

  // '+ New' → Contact opens the crm remote's modal from the host header.
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByRole('menuitem', { name: 'Contact' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(modal).toBeVisible();
  const create = modal.getByRole('button', { name: 'Create Contact' });
  await expect(create).toBeDisabled();
  await modal.getByLabel(/^First name/).fill('Grace');
  await modal.getByLabel(/^Email/).fill('grace@navy');
  await modal.getByLabel(/^Email/).blur();
  await expect(modal.getByText('Email address domain must contain a dot (e.g., navy.com)')).toBeVisible();
  await expect(create).toBeDisabled();
  await modal.getByLabel(/^Email/).fill('grace@navy.mil');
  await modal.getByRole('tab', { name: 'Notes' }).click();
  await expect(modal.getByText('Notes will be available after creating the contact')).toBeVisible();
  await create.click();
  await expect(page.getByTestId('toast-stack')).toContainText('Contact created successfully');
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByText('grace@navy.mil')).toBeVisible();

  // The server refuses what the form would refuse, with the same message.
  const token = await csrf(context.request);
  const bad = await context.request.post('/api/v1/contacts', {
    data: { firstName: 'X', email: 'x@localhost' },
    headers: { 'x-xsrf-token': token },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).details).toContainEqual({
    field: 'email',
    message: 'Email address domain must contain a dot (e.g., localhost.com)',
  });

  // The address names one contact: a second contact with it (any case) is refused on the email field.
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByRole('menuitem', { name: 'Contact' }).click();
  await expect(modal).toBeVisible();
  await modal.getByLabel(/^First name/).fill('Grace Again');
  await modal.getByLabel(/^Email/).fill('GRACE@navy.mil');
  await modal.getByRole('button', { name: 'Create Contact' }).click();
  await expect(modal.getByText('A contact with this email already exists')).toBeVisible();
  await expect(page.getByTestId('toast-stack')).toContainText('Failed to create contact. Please try again.');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(table.getByText('grace@navy.mil')).toHaveCount(1);

  // Edit: Save Changes needs a change.
  await table.getByRole('button', { name: 'Edit Grace' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await edit.getByLabel(/^Last name/).fill('Hopper');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(table.getByText('Grace Hopper')).toBeVisible();

  // A group, then the contacts list filtered by it.
  await page.getByRole('link', { name: 'Groups' }).click();
  await page.getByRole('link', { name: 'Create Group' }).click();
  await page.getByLabel(/^Name/).fill('Navy');
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByRole('link', { name: 'Navy' })).toBeVisible();
  await page.goto('/contacts');
  await table.getByRole('checkbox', { name: 'Select Grace Hopper' }).check();
  await page.getByPlaceholder('Choose groups').click();
  await page.getByRole('option', { name: 'Navy' }).click();
  await page.getByRole('button', { name: 'Assign to group' }).click();
  await expect(page.getByTestId('toast-stack')).toContainText('1 contact(s) added to the group');
  await page.goto('/groups');
  await page.getByRole('link', { name: 'Navy' }).click();
  await expect(page).toHaveURL(/groupIds=/);
  await expect(table.getByText('Grace Hopper')).toBeVisible();

  // Delete with the spec's confirmation.
  await table.getByRole('button', { name: 'Edit Grace Hopper' }).click();
  await page.getByRole('button', { name: 'Delete Contact' }).click();
  await expect(
    page.getByText('Are you sure you want to delete this contact? This action cannot be undone.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No contacts match your search.')).toBeVisible();
});

test('global search finds a contact and opens it', async ({ page, context }) => {
  await signUpThroughUi(page, newUser());
  const token = await csrf(context.request);
  await context.request.post('/api/v1/contacts', {
    data: { firstName: 'Zelda', lastName: 'Fitzgerald', email: 'zelda@jazz.test' },
    headers: { 'x-xsrf-token': token },
  });
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByPlaceholder('Search anything...')).toBeFocused();
  await page.keyboard.type('zeld');
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown.getByRole('group', { name: 'Contacts' })).toContainText('Zelda Fitzgerald');
  await dropdown.getByText('Zelda Fitzgerald').click();
  await expect(page).toHaveURL(/\/contacts\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Zelda Fitzgerald' })).toBeVisible();
  // Recent searches remember it.
  await page.getByPlaceholder('Search anything...').click();
  await expect(page.getByTestId('search-dropdown')).toContainText('Recent Searches');
  await expect(page.getByTestId('search-dropdown')).toContainText('zeld');
});
