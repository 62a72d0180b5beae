import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/** A full-page screenshot kept in the test's output folder (--output). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const stripeFake = process.env.E2E_STRIPE_URL ?? 'http://127.0.0.1:12111';

test('subscription: the owner upgrades through Stripe Checkout, the plan changes on the webhook, then cancels at the period end', async ({
  page,
}) => {
  await signUpThroughUi(page, newUser());

  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
  const tier = page.getByTestId('subscription-tier');
  await expect(tier).toHaveText('Free');
  const pro = page.getByRole('region', { name: 'Pro plan' });
  await expect(pro.getByText('$19.00 per month')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Business plan' }).getByText('$49.00 per month')).toBeVisible();
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await shot(page, 'subscription-free');

  // Upgrade: confirmed, then Stripe's hosted Checkout (the fake's page, another origin), then back.
  await pro.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
  await expect(dialog).toContainText("You will go to Stripe's secure checkout to pay $19.00 per month for Pro.");
  await dialog.getByRole('button', { name: 'Go to checkout' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:12111\/checkout\/cs_test_/);
  await expect(page.getByTestId('amount')).toHaveText('19.00 USD');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on /subscription (the parameter dropped): the plan is Pro because the verified webhook said so.
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(tier).toHaveText('Pro');
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await expect(pro.getByText('Current plan')).toBeVisible();
  const invoice = page.getByTestId('subscription-invoice');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('$19.00');
  await expect(invoice).toContainText('paid');
  await shot(page, 'subscription-pro');

  // The profile's subscription tab is the same page.
  await page.goto('/settings/profile/subscription');
  await expect(page.getByRole('tab', { name: 'Subscription', selected: true })).toBeVisible();
  await expect(tier).toHaveText('Pro');
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  await shot(page, 'profile-subscription-tab');

  // Cancel at the end of the period: Pro stays until Stripe ends the subscription.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the subscription?' });
  await expect(cancel).toContainText('The business keeps Pro until');
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('subscription-cancels')).toContainText('Cancels on');
  await expect(page.getByRole('button', { name: 'Keep subscription' })).toBeVisible();
  await expect(tier).toHaveText('Pro');
  await shot(page, 'subscription-cancelling');

  // The period ends at Stripe (the fake's clock, moved on): customer.subscription.deleted → Free.
  expect((await page.request.post(`${stripeFake}/_test/subscriptions/latest/end-period`)).ok()).toBe(true);
  await page.reload();
  await expect(tier).toHaveText('Free');
  await expect(
    page.getByRole('region', { name: 'Pro plan' }).getByRole('button', { name: 'Upgrade to Pro' }),
  ).toBeVisible();
});

test('the mobile menu shows Subscription instead of Automation', async ({ page }) => {
  await signUpThroughUi(page, newUser());
  await page.goto('/contacts');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Automation' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscription' })).toHaveCount(
    0,
  );

  await page.setViewportSize({ width: 800, height: 900 });
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Subscription' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Automation' })).toHaveCount(0);
  await shot(page, 'mobile-menu');
  await menu.getByRole('link', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('subscription-tier')).toHaveText('Free');
  await shot(page, 'subscription-mobile');
});
