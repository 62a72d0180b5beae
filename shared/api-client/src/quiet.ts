/**
 * docs/requirements.md §8: failures the product expects and passes through quietly (not reported):
 * 403 on GET of friends/followers/following, 500 on GET stripe account-status,
 * 404 on GET community cover, 404 on GET signature workflow by document; and a profile picture 404
 * (GET users/{id}/picture/medium), which section 8 says is ignored.
 */
const QUIET_RULES: { status: number; pattern: RegExp }[] = [
  { status: 403, pattern: /^\/?users\/[^/]+\/(friends|followers|following)$/ },
  { status: 500, pattern: /^\/?stripe\/account-status$/ },
  { status: 404, pattern: /^\/?communities\/[^/]+\/cover$/ },
  { status: 404, pattern: /^\/?signatures\/workflows\/by-document\/[^/]+$/ },
  { status: 404, pattern: /^\/?users\/[^/]+\/picture(\/medium)?$/ },
];

export function isQuiet(method: string, path: string, status: number): boolean {
  if (method.toUpperCase() !== 'GET') return false;
  const clean = path.split('?')[0] ?? '';
  return QUIET_RULES.some((r) => r.status === status && r.pattern.test(clean));
}
