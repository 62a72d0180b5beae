import { isRemoteModule, REMOTE_META, metaMismatches } from '@atrium/contracts';
import remoteModule from './module';

describe('comms remote module', () => {
  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('comms');
  });

  it('contributes the Emails pages, the public unsubscribe page and the notification bell to the header', async () => {
    expect(remoteModule.routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/emails',
        '/emails/campaigns/create',
        '/automation',
        '/automation/new',
        '/automation/:automationId/edit',
      ]),
    );
    expect(remoteModule.routes.filter((r) => r.public).map((r) => r.path)).toEqual(['/unsubscribe/:token']);
    expect(remoteModule.nav.map((n) => n.label)).toEqual(['Emails', 'Automation']);
    expect(remoteModule.nav.find((n) => n.key === 'automation')).toMatchObject({
      path: '/automation',
      only: 'desktop',
    });
    expect(remoteModule.newMenu).toEqual([]);
    expect(remoteModule.headerWidgets?.map((w) => w.key)).toEqual(['chat', 'notifications']);
    const bell = await remoteModule.headerWidgets![1]!.load();
    expect(typeof (await remoteModule.headerWidgets![0]!.load()).default).toBe('function');
    expect(typeof bell.default).toBe('function');
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.comms, remoteModule)).toEqual([]);
  });
});
