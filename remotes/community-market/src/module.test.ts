import { isRemoteModule, REMOTE_META, metaMismatches } from '@atrium/contracts';
import remoteModule from './module';

describe('community-market remote module', () => {
  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('community_market');
  });

  it('contributes nothing the user could open before its pages are built', () => {
    expect(remoteModule.routes).toEqual([]);
    expect(remoteModule.nav).toEqual([]);
    expect(remoteModule.newMenu).toEqual([]);
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.community_market, remoteModule)).toEqual([]);
  });
});
