import { proxy } from 'valtio';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteModule, type RemoteModule, type RemoteName, type RemotesManifest } from '@atrium/contracts';
import './provide-shared';
import { backoffRetryPlugin } from './retry-plugin';

export interface RemotesState {
  status: 'idle' | 'loading' | 'ready';
  modules: Partial<Record<RemoteName, RemoteModule>>;
  failed: Partial<Record<RemoteName, string>>;
  /** The manifest itself could not be read: no remote can load. */
  manifestError: string | null;
  /** From the manifest (server ADMIN_EMAIL_DOMAIN): nav entries with requires 'companyDomain' need it; '' = none. */
  companyDomain: string;
}

export const remotesState = proxy<RemotesState>({
  status: 'idle',
  modules: {},
  failed: {},
  manifestError: null,
  companyDomain: '',
});

let started: Promise<void> | null = null;

async function fetchManifest(): Promise<RemotesManifest> {
  // Fetched at RUN time: a remote's URL changes at deploy time with no host rebuild.
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
  const manifest = (await res.json()) as RemotesManifest;
  if (!Array.isArray(manifest.remotes)) throw new Error('remotes.json has no remotes list');
  return manifest;
}

async function loadOne(name: RemoteName): Promise<void> {
  try {
    const mod = await loadRemote<{ default: unknown }>(`${name}/module`);
    const value = mod?.default;
    if (!isRemoteModule(value) || value.name !== name) throw new Error(`${name} does not expose a valid module`);
    remotesState.modules[name] = value;
    delete remotesState.failed[name];
  } catch (e) {
    remotesState.failed[name] = (e as Error)?.message ?? 'failed to load';
  }
}

/** Registers every remote of the manifest and loads their modules side by side; failures stay isolated. */
export function startRemotes(): Promise<void> {
  if (started) return started;
  remotesState.status = 'loading';
  started = (async () => {
    try {
      const manifest = await fetchManifest();
      if (typeof manifest.companyDomain === 'string' && manifest.companyDomain) {
        remotesState.companyDomain = manifest.companyDomain;
      }
      registerPlugins([backoffRetryPlugin() as never]);
      registerRemotes(manifest.remotes.map((r) => ({ name: r.name, entry: r.entry })));
      await Promise.all(manifest.remotes.map((r) => loadOne(r.name)));
    } catch (e) {
      remotesState.manifestError = (e as Error).message;
      started = null;
    } finally {
      remotesState.status = 'ready';
    }
  })();
  return started;
}

/** Try a failed remote again (the error panel's button). */
export function retryRemote(name: RemoteName): Promise<void> {
  return loadOne(name);
}

/** Everything that failed, tried again: the manifest if it could not be read, else each failed remote. */
export function retryFailed(): Promise<void> {
  if (remotesState.manifestError) return startRemotes();
  return Promise.all((Object.keys(remotesState.failed) as RemoteName[]).map(retryRemote)).then(() => undefined);
}
