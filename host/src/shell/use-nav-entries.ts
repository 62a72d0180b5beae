import { useSnapshot } from 'valtio';
import { SIDEBAR_ORDER, type RemoteNavEntry } from '@atrium/contracts';
import { remotesState } from '../federation/remotes';

const HOME: RemoteNavEntry = { key: 'home', label: 'Home', path: '/', icon: 'home' };

/** Sidebar entries: Home plus every loaded remote's entries, in the spec's order. */
export function navEntriesFrom(
  modules: readonly { nav: readonly RemoteNavEntry[] }[],
  view: 'desktop' | 'mobile',
): RemoteNavEntry[] {
  const all = [HOME, ...modules.flatMap((m) => m.nav)].filter((e) => !e.only || e.only === view);
  return all.sort((a, b) => SIDEBAR_ORDER.indexOf(a.key) - SIDEBAR_ORDER.indexOf(b.key));
}

export function useNavEntries(view: 'desktop' | 'mobile'): RemoteNavEntry[] {
  const snap = useSnapshot(remotesState);
  return navEntriesFrom(Object.values(snap.modules), view);
}
