import type { RemoteNavEntry } from '@atrium/contracts';
import { navEntriesFrom } from './use-nav-entries';

const e = (key: RemoteNavEntry['key'], only?: RemoteNavEntry['only']): RemoteNavEntry => ({
  key,
  label: key,
  path: `/${key}`,
  icon: key,
  only,
});

describe('sidebar entries', () => {
  it("puts Home first and the remotes' entries in the spec's order, whatever order remotes load in", () => {
    const modules = [{ nav: [e('emails'), e('contacts')] }, { nav: [e('projects'), e('tasks')] }];
    expect(navEntriesFrom(modules, 'desktop').map((x) => x.key)).toEqual([
      'home',
      'projects',
      'tasks',
      'contacts',
      'emails',
    ]);
  });

  it('shows Subscription instead of Automation below the lg breakpoint', () => {
    const modules = [{ nav: [e('automation', 'desktop'), e('subscription', 'mobile')] }];
    expect(navEntriesFrom(modules, 'desktop').map((x) => x.key)).toEqual(['home', 'automation']);
    expect(navEntriesFrom(modules, 'mobile').map((x) => x.key)).toEqual(['home', 'subscription']);
  });

  it('shows an entry that requires the company domain only to a user whose e-mail ends with it', () => {
    const admin: RemoteNavEntry = { ...e('admin-users'), requires: 'companyDomain' };
    const modules = [{ nav: [admin, e('contacts')] }];
    const keys = (email: string | null, companyDomain = 'atrium.app') =>
      navEntriesFrom(modules, 'desktop', { email, companyDomain }).map((x) => x.key);
    expect(keys('ops@atrium.app')).toEqual(['home', 'contacts', 'admin-users']);
    expect(keys('OPS@Atrium.App')).toEqual(['home', 'contacts', 'admin-users']);
    expect(keys('ops@example.com')).toEqual(['home', 'contacts']);
    expect(keys('ops@notatrium.app')).toEqual(['home', 'contacts']);
    expect(keys('ops@atrium.app.evil.com')).toEqual(['home', 'contacts']);
    expect(keys(null)).toEqual(['home', 'contacts']);
    expect(keys('ops@atrium.app', 'example.org')).toEqual(['home', 'contacts']);
    // No domain configured (the server's default): no one gets the entry.
    expect(keys('ops@atrium.app', '')).toEqual(['home', 'contacts']);
    expect(keys('ops@example.org', 'example.org')).toEqual(['home', 'contacts', 'admin-users']);
    // No viewer given: nothing gated is shown.
    expect(navEntriesFrom(modules, 'desktop').map((x) => x.key)).toEqual(['home', 'contacts']);
  });
});
