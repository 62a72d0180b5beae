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
    expect(publicPaths).toEqual([...announced]);
    // Every public route lies under an announced prefix, or a signed-out visitor could never reach it.
    for (const path of publicPaths) expect(announced.some((p) => underPublicPath(path, p))).toBe(true);
  });

  it('loads a page for every route', async () => {
    for (const route of remoteModule.routes) {
      expect(typeof (await route.load()).default).toBe('function');
    }
  });

  it('contributes no sidebar or "+ New" entries before its signed-in pages are built', () => {
    expect(remoteModule.nav).toEqual([]);
    expect(remoteModule.newMenu).toEqual([]);
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.documents_signatures, remoteModule)).toEqual([]);
  });
});
