import { expect, test, type Page } from '@playwright/test';
import { call, signUpByApi } from './comms-helpers';

/** A 1×1 PNG: the listing's image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('marketplace: a seller lists a service, a buyer pays through the fake Checkout and reviews it, a moderator hides the reported review', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

  // The seller: connects Stripe through the fake's onboarding (the money goes to their business's account) and
  // owns a community, which makes them its moderator.
  await signUpByApi(page.request);
  const stripe = await call(page.request, 'post', '/api/v1/stripe/connect', {});
  await page.goto(stripe.data?.url ?? stripe.url);
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/businesses\/settings\?tab=integrations/);
  const suffix = Date.now().toString(36);
  const community = (
    await call(page.request, 'post', '/api/v1/communities', { name: `Makers ${suffix}`, visibility: 'public' })
  ).data as { _id: string };

  // The seller lists a service from the Marketplace tab.
  await page.goto('/marketplace');
  await expect(page).toHaveURL(/\/communities$/);
  await page.getByRole('tab', { name: 'Marketplace' }).click();
  await page.getByRole('link', { name: 'New listing' }).click();
  await expect(page).toHaveURL(/\/marketplace\/create$/);
  const title = `Logo design ${suffix}`;
  await page.getByRole('combobox', { name: 'Community' }).click();
  await page.getByRole('option', { name: `Makers ${suffix}` }).click();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel('Description').fill('A logo in three rounds of sketches.');
  await page.getByLabel(/^Price/).fill('120');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'New image logo.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish listing' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const listingPath = new URL(page.url()).pathname;
  expect(listingPath).toMatch(/^\/marketplace\/listing\/[^/]+$/);
  await expect(page.getByRole('img', { name: `${title}, image 1 of 1` })).toBeVisible();
  await expect(page.getByText('$120.00')).toBeVisible();
  await shot(page, 'listing-seller');

  // The buyer finds it by search and pays through the fake's hosted Checkout.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUpByApi(buyer.request);
  await buyer.goto('/communities?tab=marketplace');
  await buyer.getByRole('textbox', { name: 'Search listings' }).fill(title);
  await buyer.getByRole('link', { name: title }).click();
  await expect(buyer).toHaveURL(new RegExp(`${listingPath}$`));
  await buyer.getByRole('button', { name: 'Buy now' }).click();
  await expect(buyer).toHaveURL(/127\.0\.0\.1:12111\/checkout\//);
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  // Back on Atrium: paid once the webhook has been received (the page asks again while pending).
  await expect(buyer).toHaveURL(/\/dashboard\/transaction\/[^/?]+\?checkout=success$/);
  await expect(buyer.getByRole('alert', { name: 'Payment received' })).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Receipt' })).toContainText('$120.00');
  await shot(buyer, 'transaction-paid');

  // The buyer reviews the purchase, once.
  const review = buyer.getByRole('region', { name: 'Leave a review' });
  await review.getByRole('radio', { name: '4 stars' }).click();
  await review.getByLabel('Your review').fill('Quick and <b>friendly</b>.');
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(buyer.getByText('You reviewed this purchase. Thank you!')).toBeVisible();
  await expect(review).toHaveCount(0);
  await buyer.goto('/dashboard/purchases');
  await expect(
    buyer.getByRole('table', { name: 'Purchases' }).getByRole('row', { name: new RegExp(title) }),
  ).toContainText('Paid');
  await buyer.goto(listingPath);
  const reviewItem = buyer.getByRole('article', { name: /^Review by / });
  await expect(reviewItem).toContainText('Quick and friendly.');
  await expect(buyer.getByText('4.0 (1 review)')).toBeVisible();
  await shot(buyer, 'listing-reviewed');

  // Someone else reports the review.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const readerUser = await signUpByApi(reader.request);
  // The reader joins the community and the owner makes them a moderator (a seller may not moderate reviews of their
  // own listings).
  await call(reader.request, 'post', `/api/v1/communities/${community._id}/join`, {});
  await call(page.request, 'put', `/api/v1/communities/${community._id}/members/${readerUser.id}`, {
    role: 'moderator',
  });
  await reader.goto(listingPath);
  await reader
    .getByRole('article', { name: /^Review by / })
    .getByRole('button', { name: 'Report' })
    .click();
  await reader.getByRole('dialog').getByLabel('What is wrong with it?').fill('Not about the service.');
  await reader.getByRole('dialog').getByRole('button', { name: 'Report' }).click();
  await expect(reader.getByRole('dialog')).toHaveCount(0);

  // The seller sees the sale.
  await page.goto('/dashboard/sales');
  await expect(page.getByRole('table', { name: 'Sales' }).getByRole('row', { name: new RegExp(title) })).toContainText(
    'Paid',
  );
  // The moderator hides the reported review.
  await reader.goto('/marketplace/reviews');
  const reported = reader.getByRole('article', { name: /^Review by / });
  await expect(reported).toContainText('Not about the service.');
  await shot(reader, 'moderation');
  await reported.getByRole('button', { name: 'Hide review' }).click();
  await expect(reader.getByText('No reported reviews.')).toBeVisible();
  await reader.getByRole('tab', { name: 'Hidden' }).click();
  await expect(reader.getByRole('button', { name: 'Restore review' })).toBeVisible();

  // Hidden: gone from the listing and its average.
  await reader.goto(listingPath);
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expect(reader.getByRole('article', { name: /^Review by / })).toHaveCount(0);
  await expect(reader.getByText('No reviews yet').first()).toBeVisible();

  // The seller owns the community, but the queue says they may not restore a review of their own listing.
  await page.goto('/marketplace/reviews');
  await page.getByRole('tab', { name: 'Hidden' }).click();
  await expect(page.getByRole('article', { name: /^Review by / })).toContainText(
    'Another moderator of the community can.',
  );
  await expect(page.getByRole('button', { name: 'Restore review' })).toHaveCount(0);
  await shot(page, 'moderation-own-listing');
  // The seller deletes the listing: out of the marketplace; the buyer's purchase keeps its receipt.
  await page.goto(listingPath);
  await page.getByRole('button', { name: 'Delete listing' }).click();
  await page.getByRole('dialog', { name: 'Delete listing' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/communities\?tab=marketplace$/);
  await page.getByRole('textbox', { name: 'Search listings' }).fill(title);
  await expect(page.getByText('No results found')).toBeVisible();
  await shot(page, 'marketplace-tab-after-delete');
  await buyer.goto('/dashboard/purchases');
  await buyer
    .getByRole('table', { name: 'Purchases' })
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('link')
    .first()
    .click();
  await expect(buyer.getByRole('region', { name: 'Receipt' })).toContainText('$120.00');
  expect(community._id).toBeTruthy();
  await buyerContext.close();
  await readerContext.close();
});
