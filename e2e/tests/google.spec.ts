import { expect, test } from '@playwright/test';

/**
 * Google sign-in end to end against a local mock OIDC issuer (google-issuer.ts, started by the global setup;
 * the API server gets GOOGLE_CLIENT_ID/SECRET/ISSUER from playwright.config.ts). The issuer vouches for the
 * run's Google user, Grace (E2E_GOOGLE_EMAIL).
 */
const issuer = process.env.E2E_GOOGLE_ISSUER ?? 'http://127.0.0.1:3090';

test('Continue with Google: /signin → mock issuer → /auth/google/callback → home signed in; the same account again; unlink rules', async ({
  page,
  baseURL,
}) => {
  await page.goto('/signin');
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${issuer}/authorize?`));
  const callback = page.waitForRequest((r) => /\/auth\/google\/callback\?code=[^&]+&state=/.test(r.url()));
  const exchange = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/auth/google') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // Authorization code + PKCE S256 + state + nonce, back to the app's callback route.
  const query = new URL((await authorize).url()).searchParams;
  expect(query.get('response_type')).toBe('code');
  expect(query.get('code_challenge_method')).toBe('S256');
  expect(query.get('redirect_uri')).toBe(`${baseURL}/auth/google/callback`);
  expect(query.get('state')).toBeTruthy();
  expect(query.get('nonce')).toBeTruthy();
  await callback;
  expect((await exchange).status()).toBe(200);

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Welcome back, Grace' })).toBeVisible();
  const me = await page.request.get('/api/v1/users/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe(process.env.E2E_GOOGLE_EMAIL);

  // A Google-only account has no password: /unlink-google explains why it cannot unlink yet.
  await page.goto('/unlink-google');
  await expect(page.getByText('A Google account is linked to your Atrium account')).toBeVisible();
  await expect(page.getByText(/unlinking Google would lock you out/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlink Google' })).toHaveCount(0);

  // Sign out; Google again lands in the same account (found by its Google subject).
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Grace' })).toBeVisible();
  const again = await page.request.get('/api/v1/users/me');
  expect((await again.json()).user.id).toBe((await me.json()).user.id);
});

test('a second Google attempt within 60 s shows the cooldown instead of leaving', async ({ page }) => {
  await page.goto('/signin');
  await page.evaluate(() => localStorage.setItem('googleAuthLastAttempt', String(Date.now() - 10_000)));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('status')).toHaveText(
    /^Authentication cooldown active\. Try again in (49|50) seconds\.$/,
  );
  await expect(page).toHaveURL(/\/signin$/);
});

test('a callback that does not match the started flow fails with the way back to sign in', async ({ page }) => {
  await page.goto('/auth/google/callback?code=forged-code&state=forged-state');
  await expect(page.getByRole('alert')).toContainText('Google sign in failed');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});
