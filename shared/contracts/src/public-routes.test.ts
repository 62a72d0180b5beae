import { REMOTE_PUBLIC_PATHS, publicRemoteFor, underPublicPath } from './public-routes';
import { REMOTE_NAMES } from './remote-module';

describe('public paths of remotes', () => {
  it('covers a prefix and what lies below it, never a longer word', () => {
    expect(underPublicPath('/invoices/pay', '/invoices/pay')).toBe(true);
    expect(underPublicPath('/invoices/pay/inv_1', '/invoices/pay')).toBe(true);
    expect(underPublicPath('/invoices/pay/', '/invoices/pay/')).toBe(true);
    expect(underPublicPath('/invoices/payx', '/invoices/pay')).toBe(false);
    expect(underPublicPath('/invoices', '/invoices/pay')).toBe(false);
    expect(underPublicPath('/document-error', '/document-expired')).toBe(false);
  });

  it('finds the remote of the manifest that serves a path publicly', () => {
    const remotes = [
      { name: 'crm' as const },
      { name: 'documents_signatures' as const, publicPaths: ['/document-expired', '/invoices/pay'] },
    ];
    expect(publicRemoteFor('/document-expired', remotes)).toBe('documents_signatures');
    expect(publicRemoteFor('/invoices/pay/abc', remotes)).toBe('documents_signatures');
    expect(publicRemoteFor('/contacts', remotes)).toBeNull();
    expect(publicRemoteFor('/document-expired', [{ name: 'crm' }])).toBeNull();
  });

  it("lists the documents pages of the spec's public routes, keyed by real remote names", () => {
    expect(REMOTE_PUBLIC_PATHS.documents_signatures).toEqual([
      '/document-expired',
      '/document-not-found',
      '/document-error',
      '/legal/esign-disclosure',
      '/invoices/pay',
      '/invoice-payment-success',
      '/documents/view',
      '/packages/view',
      '/forms',
    ]);
    for (const name of Object.keys(REMOTE_PUBLIC_PATHS)) expect(REMOTE_NAMES).toContain(name);
  });
});
