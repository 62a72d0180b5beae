import { expect, test, type APIRequestContext } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/**
 * Issue #21 §5: with a DSN configured (playwright.config.ts → the local Sentry fake), the browser's official SDK
 * reports an uncaught error, an unhandled rejection, a 5xx answer as high severity and a 429 as a rate-limit warning.
 */
const fake = process.env.E2E_SENTRY_URL ?? 'http://127.0.0.1:12130';

interface Received {
  level?: string;
  platform?: string;
  environment?: string;
  message?: string | { formatted?: string; message?: string };
  exception?: { values?: { value?: string }[] };
  tags?: Record<string, string>;
}

const textOf = (e: Received) =>
  [
    typeof e.message === 'string' ? e.message : (e.message?.formatted ?? e.message?.message ?? ''),
    e.exception?.values?.[0]?.value ?? '',
  ].join(' ');

async function received(request: APIRequestContext, match: RegExp): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      async () => {
        const events = (await (await request.get(`${fake}/__events`)).json()) as Received[];
        found = events.find((e) => match.test(textOf(e)));
        return !!found;
      },
      { timeout: 15_000, message: `a reported event matching ${match}` },
    )
    .toBe(true);
  return found!;
}

test('error reporting: uncaught errors, rejections, a 5xx and a 429 reach the Sentry endpoint from the browser', async ({
  page,
  request,
}) => {
  await signUpThroughUi(page, newUser());
  const runId = Date.now().toString(36);

  // A 5xx and a 429 on the contacts list: the real api-client gets them (the API is fine; the answers are forced).
  let answer = 500;
  await page.route('**/api/v1/contacts?**', (route) =>
    route.fulfill({
      status: answer,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        code: answer === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR',
        error: answer === 429 ? `Too many attempts ${runId}` : `The ledger is on fire ${runId}`,
      }),
    }),
  );
  await page.goto('/contacts');
  const high = await received(request, new RegExp(`answered 500 .*The ledger is on fire ${runId}`));
  expect(high).toMatchObject({ level: 'error', environment: 'e2e', tags: { severity: 'high', status: '500' } });

  answer = 429;
  await page.reload();
  const limited = await received(request, new RegExp(`answered 429 .*Too many attempts ${runId}`));
  expect(limited).toMatchObject({ level: 'warning', tags: { kind: 'rate-limit', status: '429' } });

  // An uncaught error and an unhandled rejection in the page.
  await page.evaluate((id) => {
    setTimeout(() => {
      throw new Error(`uncaught in the shell ${id}`);
    });
    setTimeout(() => {
      void Promise.reject(new Error(`unhandled rejection ${id}`));
    }, 10);
  }, runId);
  const uncaught = await received(request, new RegExp(`uncaught in the shell ${runId}`));
  expect(uncaught).toMatchObject({ level: 'error', platform: 'javascript', environment: 'e2e' });
  await received(request, new RegExp(`unhandled rejection ${runId}`));
});
