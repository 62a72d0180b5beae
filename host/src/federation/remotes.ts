import { proxy, type Snapshot } from 'valtio';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModalId, RemoteMeta, RemoteModule, RemoteName, RemotesManifest } from '@atrium/contracts';
// Subpath imports on the first screen: the contracts singleton (its index) brings zod.
import { publicRemoteFor } from '@atrium/contracts/public-routes';
import { isRemoteModule } from '@atrium/contracts/remote-module';
import './provide-shared';
import { takeEarlyManifest } from '../startup/early';
import { backoffRetryPlugin } from './retry-plugin';

export interface RemotesState {
  /** 'ready' once the manifest has been read and the remotes the shell needs at once have settled. */
  status: 'idle' | 'loading' | 'ready';
  /**
   * Each remote's static metadata from the manifest (routes, sidebar, '+ New', modals, search, widgets): what
   * the shell draws before, or without, loading the remote. A remote listed without metadata has none here
   * and is loaded with the shell.
   */
  meta: Partial<Record<RemoteName, RemoteMeta>>;
  modules: Partial<Record<RemoteName, RemoteModule>>;
  failed: Partial<Record<RemoteName, string>>;
  /** The manifest itself could not be read: no remote can load. */
  manifestError: string | null;
  /** From the manifest (server ADMIN_EMAIL_DOMAIN): nav entries with requires 'companyDomain' need it; '' = none. */
  companyDomain: string;
  /** Each remote's public path prefixes, from the manifest (null until it has been read). */
  publicPaths: { name: RemoteName; publicPaths?: string[] }[] | null;
}

export const remotesState = proxy<RemotesState>({
  status: 'idle',
  meta: {},
  modules: {},
  failed: {},
  manifestError: null,
  companyDomain: '',
  publicPaths: null,
});

let started: Promise<void> | null = null;
/**
 * Settles once the manifest's metadata is in remotesState.meta and every remote is registered (or the manifest could
 * not be read): what loading one remote needs, without waiting for the remotes the shell loads at once.
 */
let metaKnown: Promise<void> | null = null;
let manifestRead: Promise<RemotesManifest> | null = null;
let pluginsRegistered = false;
const registered = new Set<RemoteName>();
const loading = new Map<RemoteName, Promise<void>>();

/** The manifest, read once per page (a failed read is tried again by the next caller). */
export function fetchManifest(): Promise<RemotesManifest> {
  manifestRead ??= (async () => {
    // Fetched at RUN time: a remote's URL changes at deploy time with no host rebuild. A signed-in browser's
    // request started with main.js (startup/early.ts).
    const res = await (takeEarlyManifest() ?? fetch('/remotes.json', { cache: 'no-store' }));
    if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
    const manifest = (await res.json()) as RemotesManifest;
    if (!Array.isArray(manifest.remotes)) throw new Error('remotes.json has no remotes list');
    remotesState.publicPaths = manifest.remotes.map((r) => ({
      name: r.name,
      ...(Array.isArray(r.publicPaths) ? { publicPaths: r.publicPaths } : {}),
    }));
    return manifest;
  })().catch((e: unknown) => {
    manifestRead = null;
    throw e;
  });
  return manifestRead;
}

/** Tells the federation runtime where these remotes live (each once). */
function register(remotes: RemotesManifest['remotes']): void {
  if (!pluginsRegistered) {
    registerPlugins([backoffRetryPlugin() as never]);
    pluginsRegistered = true;
  }
  const fresh = remotes.filter((r) => !registered.has(r.name));
  if (fresh.length === 0) return;
  registerRemotes(fresh.map((r) => ({ name: r.name, entry: r.entry })));
  for (const r of fresh) registered.add(r.name);
}

/** Loads a remote's module once at a time: a public page and the signed-in start may ask together. */
function loadOne(name: RemoteName): Promise<void> {
  let p = loading.get(name);
  if (!p) {
    p = loadModule(name).finally(() => loading.delete(name));
    loading.set(name, p);
  }
  return p;
}

async function loadModule(name: RemoteName): Promise<void> {
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

/**
 * Signed in: reads the manifest, registers every remote with the federation runtime (no fetch yet) and keeps
 * each one's metadata. Only remotes the shell itself needs load now: those with header widgets (the header is
 * on every page) and those listed without metadata. Every other remote's entry is fetched when its route,
 * modal, home widget or search provider is first used (ensureRemote); failures stay isolated.
 */
export function startRemotes(): Promise<void> {
  if (started) return started;
  remotesState.status = 'loading';
  const read = fetchManifest().then((manifest) => {
    if (typeof manifest.companyDomain === 'string' && manifest.companyDomain) {
      remotesState.companyDomain = manifest.companyDomain;
    }
    register(manifest.remotes);
    for (const r of manifest.remotes) {
      if (!Array.isArray(r.routes)) continue;
      remotesState.meta[r.name] = {
        routes: r.routes,
        publicPaths: r.publicPaths,
        nav: Array.isArray(r.nav) ? r.nav : [],
        newMenu: Array.isArray(r.newMenu) ? r.newMenu : [],
        modals: r.modals,
        search: r.search,
        widgets: r.widgets,
        headerWidgets: r.headerWidgets,
      };
    }
    return manifest;
  });
  metaKnown = read.then(
    () => undefined,
    () => undefined,
  );
  started = (async () => {
    try {
      const manifest = await read;
      const now = manifest.remotes.filter((r) => !Array.isArray(r.routes) || r.headerWidgets);
      await Promise.all(now.map((r) => (remotesState.modules[r.name] ? undefined : loadOne(r.name))));
    } catch (e) {
      remotesState.manifestError = (e as Error).message;
      started = null;
    } finally {
      remotesState.status = 'ready';
    }
  })();
  return started;
}

/** Starts the remotes if need be and waits for the manifest's metadata only (not for the header's remotes). */
function whenMetaKnown(): Promise<void> {
  const all = startRemotes();
  return metaKnown ?? all;
}

/**
 * Loads one remote's module when something of it is used (a route, a modal, a widget, a search). It waits for the
 * manifest, not for the remotes the shell loads at once: home's widgets do not queue behind the header's remote.
 */
export async function ensureRemote(name: RemoteName): Promise<void> {
  if (remotesState.modules[name]) return;
  await whenMetaKnown();
  if (remotesState.modules[name] || !registered.has(name)) return;
  await loadOne(name);
}

/**
 * Every remote whose metadata says it has this: the search providers when a search starts, widgets on home.
 * A remote that failed is left to its Try again (a search does not retry it on every keystroke).
 */
export function ensureRemotesWith(what: 'search' | 'widgets'): Promise<void> {
  const names = (Object.keys(remotesState.meta) as RemoteName[]).filter(
    (n) => remotesState.meta[n]?.[what] && !remotesState.failed[n],
  );
  return Promise.all(names.map(ensureRemote)).then(() => undefined);
}

/**
 * Home's widget remotes as soon as the manifest is read (on a cold load of '/' side by side with the session check):
 * `onWidget` gets each widget of a remote as soon as that remote's module is in (home starts fetching its chunk).
 * Settles when each remote has loaded or failed.
 */
export async function loadHomeWidgets(
  onWidget: (widget: RemoteModule['widgets'][number]) => void = () => undefined,
): Promise<void> {
  await whenMetaKnown();
  const names = (Object.keys(remotesState.meta) as RemoteName[]).filter(
    (n) => remotesState.meta[n]?.widgets && !remotesState.failed[n],
  );
  await Promise.all(
    names.map(async (name) => {
      await ensureRemote(name);
      for (const w of remotesState.modules[name]?.widgets ?? []) onWidget(w);
    }),
  );
}

/** The remote that offers a modal: a loaded module's, else the one whose metadata announces it. */
export function modalOwner(
  id: ModalId,
  snap: Snapshot<Pick<RemotesState, 'meta' | 'modules'>> = remotesState,
): RemoteName | undefined {
  const loaded = Object.values(snap.modules).find((m) => m?.modals?.some((x) => x.id === id));
  if (loaded) return loaded.name;
  return (Object.keys(snap.meta) as RemoteName[]).find((n) => snap.meta[n]?.modals?.includes(id));
}

/**
 * Sidebar and '+ New' entries by remote, drawn without loading anything: a loaded module's own, else its
 * metadata's. A remote that failed to load contributes none until it loads.
 */
export function remoteContributions(snap: Snapshot<Pick<RemotesState, 'meta' | 'modules' | 'failed'>> = remotesState) {
  const names = new Set([...Object.keys(snap.meta), ...Object.keys(snap.modules)] as RemoteName[]);
  return [...names]
    .filter((n) => snap.modules[n] || !snap.failed[n])
    .map((name) => {
      const source = snap.modules[name] ?? snap.meta[name]!;
      return { name, nav: source.nav, newMenu: source.newMenu };
    });
}

/**
 * A visitor (signed in or not) opened a path no host route serves. If the manifest names a remote that serves it
 * publicly, that remote alone is registered and loaded, so its public route can render without a sign-in.
 * Resolves to that remote's name, or null (no such remote, or the manifest could not be read).
 */
export async function loadPublicRemote(pathname: string): Promise<RemoteName | null> {
  let manifest: RemotesManifest;
  try {
    manifest = await fetchManifest();
  } catch {
    return null;
  }
  const name = publicRemoteFor(pathname, manifest.remotes);
  if (!name) return null;
  if (!remotesState.modules[name]) {
    register(manifest.remotes.filter((r) => r.name === name));
    await loadOne(name);
  }
  return name;
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
