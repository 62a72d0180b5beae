import { isRemoteModule } from '@atrium/contracts';
import module from './module';

describe('community-market remote module', () => {
  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(module)).toBe(true);
    expect(module.name).toBe('community_market');
  });

  it('contributes nothing the user could open before its pages are built', () => {
    expect(module.routes).toEqual([]);
    expect(module.nav).toEqual([]);
    expect(module.newMenu).toEqual([]);
  });
});
