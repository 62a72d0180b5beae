/** Helpers of the comms specs (campaigns, chat): accounts made through the API, so each spec stays within a minute. */
import { expect, type APIRequestContext } from '@playwright/test';
import { csrf, mailedLink, newUser, verificationCode } from './helpers';

export async function call(request: APIRequestContext, method: 'post' | 'put' | 'get', url: string, data?: unknown) {
  const res = await request[method](url, {
    ...(method === 'get' ? {} : { data: data ?? {}, headers: { 'x-xsrf-token': await csrf(request) } }),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/**
 * A verified account signed in on this request context (a page's `page.request` shares the page's cookies): the
 * same calls the sign-up, verify and sign-in pages make (identity.spec.ts drives those pages themselves).
 */
export async function signUpByApi(request: APIRequestContext) {
  const user = newUser();
  await call(request, 'post', '/api/v1/auth/register', user);
  const code = await verificationCode(user.email);
  await call(request, 'post', '/api/v1/auth/verify-email', { email: user.email, code });
  const login = await call(request, 'post', '/api/v1/auth/login', { email: user.email, password: user.password });
  return { ...user, id: login.user.id as string, businessId: login.user.businessId as string };
}

/** `member` joins the owner's business by the mailed invitation and switches to it. */
export async function joinBusiness(
  owner: APIRequestContext,
  businessId: string,
  member: APIRequestContext,
  email: string,
) {
  await call(owner, 'post', `/api/v1/businesses/${businessId}/invites`, { email, role: 'member' });
  const link = await mailedLink(email, /invited you to join/i, '/accept-invite');
  await call(member, 'post', '/api/v1/businesses/accept-invite', { token: new URL(link).searchParams.get('token')! });
  await call(member, 'post', `/api/v1/businesses/${businessId}/switch`);
}
