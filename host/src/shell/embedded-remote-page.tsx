import { useEffect } from 'react';
import { useSnapshot, type Snapshot } from 'valtio';
import type { RemoteName } from '@atrium/contracts';
import { PageSkeleton, Text } from '@atrium/ui/core';
import { ensureRemote, remotesState, retryRemote, type RemotesState } from '../federation/remotes';
import { RemoteErrorPanel, remoteDownMessage } from './remote-error-panel';
import { RemotePage } from './remote-page';

/** The remote that serves `path`: a loaded module's route, else the one whose metadata lists it. */
export function remoteServing(
  path: string,
  snap: Snapshot<Pick<RemotesState, 'meta' | 'modules'>>,
): RemoteName | undefined {
  const loaded = Object.values(snap.modules).find((m) => m?.routes.some((r) => r.path === path));
  if (loaded) return loaded.name;
  return (Object.keys(snap.meta) as RemoteName[]).find((n) => snap.meta[n]?.routes.includes(path));
}

/**
 * A remote's page shown inside a host page (the profile's subscription tab shows /subscription): the host names the
 * path only, never the remote. It loads the remote that serves the path, with the same retries, error boundary
 * and error panel as a routed page.
 */
export function EmbeddedRemotePage({ path }: { path: string }) {
  const snap = useSnapshot(remotesState);
  const owner = remoteServing(path, snap);
  const loaded = owner ? snap.modules[owner] : undefined;
  const failed = owner ? snap.failed[owner] : undefined;
  useEffect(() => {
    if (owner && !loaded && !failed) void ensureRemote(owner);
  }, [owner, loaded, failed]);

  if (!owner) {
    if (snap.status !== 'ready') return <PageSkeleton />;
    return <Text c="dimmed">This part of Atrium is not available on this installation.</Text>;
  }
  if (failed) return <RemoteErrorPanel message={remoteDownMessage(owner)} onRetry={() => void retryRemote(owner)} />;
  const route = loaded?.routes.find((r) => r.path === path);
  if (!route) return <PageSkeleton />;
  return <RemotePage load={route.load} />;
}
