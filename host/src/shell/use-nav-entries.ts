import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { isCompanyEmail, SIDEBAR_ORDER, type RemoteNavEntry } from '@atrium/contracts';
import { remoteContributions, remotesState } from '../federation/remotes';

const HOME: RemoteNavEntry = { key: 'home', label: 'Home', path: '/', icon: 'home' };

/** Who is looking: entries with `requires` are shown only to users who meet it. */
export interface NavViewer {
  email: string | null | undefined;
  companyDomain: string;
}

function allowed(e: RemoteNavEntry, viewer: NavViewer | undefined): boolean {
  if (e.requires === 'companyDomain') return !!viewer?.email && isCompanyEmail(viewer.email, viewer.companyDomain);
  return true;
}

/** Sidebar entries: Home plus every remote's entries (from its metadata until it loads) the viewer may see, in the spec's order. */
export function navEntriesFrom(
  modules: readonly { nav: readonly RemoteNavEntry[] }[],
  view: 'desktop' | 'mobile',
  viewer?: NavViewer,
): RemoteNavEntry[] {
  const all = [HOME, ...modules.flatMap((m) => m.nav)].filter(
    (e) => (!e.only || e.only === view) && allowed(e, viewer),
  );
  return all.sort((a, b) => SIDEBAR_ORDER.indexOf(a.key) - SIDEBAR_ORDER.indexOf(b.key));
}

export function useNavEntries(view: 'desktop' | 'mobile'): RemoteNavEntry[] {
  const snap = useSnapshot(remotesState);
  const { user } = useSnapshot(sessionView);
  return navEntriesFrom(remoteContributions(snap), view, { email: user?.email, companyDomain: snap.companyDomain });
}
