import { expect, test } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/**
 * Issue #21 §4: the product tour. The suite's default storage state turns the tour's autostart off (so it never
 * stands over the other specs' pages); this spec starts from an empty browser, as a new user's would be.
 */
test.use({ storageState: { cookies: [], origins: [] } });

test('tour: a new user sees it, skips it, it stays away after a reload, and the user menu restarts it', async ({
  page,
}) => {
  await signUpThroughUi(page, newUser());
  await page.goto('/contacts');
  const tour = page.getByRole('dialog', { name: 'Product tour' });
  await expect(tour).toContainText('Step 1 of 5');
  await expect(tour).toContainText('Find your way');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour).toContainText('Step 2 of 5');
  await expect(tour).toContainText('Create anything');
  await tour.getByRole('button', { name: 'Skip tour' }).click();
  await expect(tour).toBeHidden();

  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // Give the shell time to have started the tour if it were going to.
  await page.waitForTimeout(1000);
  await expect(tour).toBeHidden();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Product tour' }).click();
  await expect(tour).toContainText('Step 1 of 5');
  for (const title of ['Create anything', 'Search everything', 'Stay informed', 'Your account']) {
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour).toContainText(title);
  }
  await tour.getByRole('button', { name: 'Done' }).click();
  await expect(tour).toBeHidden();
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
});
