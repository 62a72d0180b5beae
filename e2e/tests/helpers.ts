import { expect, type APIRequestContext, type Page } from '@playwright/test';

let n = 0;
export function newUser() {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return { firstName: 'Maya', lastName: `Tester${id}`, email: `maya.${id}@studio.test`, password: 'correct-horse-42' };
}

/** A CSRF token for API calls made outside the browser (the same double-submit the app uses). */
export async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/auth/csrf');
  expect(res.ok()).toBeTruthy();
  return (await res.json()).csrfToken as string;
}

export async function signUpThroughUi(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto('/signup');
  await page.getByLabel(/^First name/).fill(user.firstName);
  await page.getByLabel(/^Last name/).fill(user.lastName);
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
}

export async function signInThroughUi(page: Page, user: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
