import { isRemoteModule } from '@atrium/contracts';
import remoteModule from './module';

describe('admin remote module', () => {
  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('admin');
  });

  it('contributes nothing the user could open before its pages are built', () => {
    expect(remoteModule.routes).toEqual([]);
    expect(remoteModule.nav).toEqual([]);
    expect(remoteModule.newMenu).toEqual([]);
  });
});
