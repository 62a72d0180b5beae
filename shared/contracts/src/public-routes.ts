import type { RemoteName } from './remote-module';

/**
 * Path prefixes a remote serves to signed-out visitors (docs/requirements.md §2, public routes). The server
 * lists them in /remotes.json without loading remote code; the host, for a signed-out visitor on one of these
 * paths, loads that remote alone and renders its public route. A remote's module must declare the matching
 * routes with `public: true` (its module test checks both agree).
 */
export const REMOTE_PUBLIC_PATHS: Readonly<Partial<Record<RemoteName, readonly string[]>>> = {
  documents_signatures: [
    '/document-expired',
    '/document-not-found',
    '/document-error',
    '/legal/esign-disclosure',
    '/invoices/pay',
    '/invoice-payment-success',
    // What the client sees, through the link `/documents/view/{id}?token={token}` (signed in or not).
    '/documents/view',
    // A package's flow `/packages/view/{id}?token={token}`: the client walks its documents step by step.
    '/packages/view',
    // A contact form's public page `/forms/{publicId}` (also what the embed snippet's iframe shows).
    '/forms',
  ],
  // A campaign message's unsubscribe link `/unsubscribe/{token}` (the HMAC token names the recipient).
  comms: ['/unsubscribe'],
};

/** A prefix covers itself and whatever lies below it: '/invoices/pay' covers '/invoices/pay/x', not '/invoices/payx'. */
export function underPublicPath(pathname: string, prefix: string): boolean {
  const p = prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix;
  return pathname === p || pathname.startsWith(`${p}/`);
}

/** Which remote of the manifest serves this path publicly, if any. */
export function publicRemoteFor(
  pathname: string,
  remotes: readonly { name: RemoteName; publicPaths?: readonly string[] }[],
): RemoteName | null {
  return remotes.find((r) => r.publicPaths?.some((p) => underPublicPath(pathname, p)))?.name ?? null;
}
