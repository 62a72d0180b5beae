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
});
