import { REMOTE_PUBLIC_PATHS, isRemoteModule, underPublicPath, REMOTE_META, metaMismatches } from '@atrium/contracts';
import remoteModule from './module';

describe('documents-signatures remote module', () => {
  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('documents_signatures');
  });

  it('serves exactly the public paths the manifest announces for it, all public', () => {
    const announced = REMOTE_PUBLIC_PATHS.documents_signatures ?? [];
    const publicPaths = remoteModule.routes.filter((r) => r.public).map((r) => r.path);
    // '/documents/view' is a prefix: the route under it names the document.
    const prefixRoutes: Record<string, string> = {
      '/documents/view': '/documents/view/:id',
      '/packages/view': '/packages/view/:id',
      '/forms': '/forms/:publicId',
    };
    expect([...publicPaths].sort()).toEqual(announced.map((p) => prefixRoutes[p] ?? p).sort());
    // Every public route lies under an announced prefix, or a signed-out visitor could never reach it.
    for (const path of publicPaths) expect(announced.some((p) => underPublicPath(path, p))).toBe(true);
  });

  it('loads a page for every route', async () => {
    for (const route of remoteModule.routes) {
      expect(typeof (await route.load()).default).toBe('function');
    }
  });

  it('contributes the Finance, Documents and Contact Forms sidebar entries and the three document types to "+ New"', () => {
    expect(remoteModule.nav).toEqual([
      { key: 'finance', label: 'Finance', path: '/finance', icon: 'finance' },
      { key: 'documents', label: 'Documents', path: '/documents', icon: 'documents' },
      { key: 'contact-forms', label: 'Contact Forms', path: '/contact-forms', icon: 'contact-forms' },
    ]);
    expect(remoteModule.newMenu.map((e) => [e.label, e.action])).toEqual([
      ['Invoice', { type: 'navigate', to: '/documents/create?type=invoice' }],
      ['Contract', { type: 'navigate', to: '/documents/create?type=contract' }],
      ['Questionnaire', { type: 'navigate', to: '/documents/create?type=questionnaire' }],
    ]);
    // After Contact (1), Task (2), Project (3) and Meeting (4), as the spec lists them.
    expect(remoteModule.newMenu.map((e) => e.order)).toEqual([5, 6, 7]);
  });

  it('contributes the revenue summary and sales overview home widgets, between calendar and projects', () => {
    expect(remoteModule.widgets.map((w) => [w.key, w.title, w.order])).toEqual([
      ['revenue-summary', 'Revenue summary', 40],
      ['sales-overview', 'Sales overview', 50],
    ]);
  });

  it('serves the documents pages signed in, and the client view of a document publicly', () => {
    const signedIn = remoteModule.routes.filter((r) => !r.public).map((r) => r.path);
    expect(signedIn).toEqual([
      '/documents',
      '/documents/create',
      '/documents/editor/:id',
      '/documents/responses/:documentId',
      '/files/documents',
      '/packages',
      '/packages/new',
      '/packages/:id',
      '/templates',
      '/contact-forms',
      '/contact-forms/create',
      '/contact-forms/editor/:id',
      '/responses',
      '/response/:submissionId',
      '/finance',
      '/finance/:tab',
      '/signatures',
      '/signatures/workflows',
      '/signatures/completed',
      '/signatures/workflows/:workflowId',
      '/signatures/workflows/:workflowId/business-owner-sign',
      '/signatures/workflows/:workflowId/view-document',
    ]);
    expect(remoteModule.routes.find((r) => r.path === '/documents/view/:id')?.public).toBe(true);
    expect(remoteModule.routes.find((r) => r.path === '/forms/:publicId')?.public).toBe(true);
    expect(remoteModule.routes.find((r) => r.path === '/packages/view/:id')?.public).toBe(true);
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.documents_signatures, remoteModule)).toEqual([]);
  });
});
