/**
 * Spec section 8: failures the product expects and passes through quietly (not reported):
 * 403 on GET of friends/followers/following, 500 on GET stripe account-status,
 * 404 on GET community cover, 404 on GET signature workflow by document.
 */
const QUIET_RULES: { status: number; pattern: RegExp }[] = [
  { status: 403, pattern: /^\/?users\/[^/]+\/(friends|followers|following)$/ },
  { status: 500, pattern: /^\/?stripe\/account-status$/ },
  { status: 404, pattern: /^\/?communities\/[^/]+\/cover$/ },
  { status: 404, pattern: /^\/?signatures\/workflows\/by-document\/[^/]+$/ },
];

export function isQuiet(method: string, path: string, status: number): boolean {
  if (method.toUpperCase() !== 'GET') return false;
  const clean = path.split('?')[0] ?? '';
  return QUIET_RULES.some((r) => r.status === status && r.pattern.test(clean));
}
