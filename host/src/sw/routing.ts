// What the service worker (sw.ts) does with each request. Pure, so it is unit-tested without a worker.

/** Every cache the worker owns starts with this; activate deletes the ones of other versions. */
export const CACHE_PREFIX = 'atrium-';

/**
 * The shell's cache is per host build (its hashed files change with every build); the remotes' cache is not tied to
 * the host's build (a remote deploys alone), only to this worker's cache layout: bump REMOTES_LAYOUT when what it
 * stores changes meaning.
 */
const REMOTES_LAYOUT = 'v1';

export function cacheNames(shellVersion: string): { shell: string; remotes: string } {
  return { shell: `${CACHE_PREFIX}shell-${shellVersion}`, remotes: `${CACHE_PREFIX}remotes-${REMOTES_LAYOUT}` };
}

/** The caches to delete when this version activates: the worker's own of other versions, never anyone else's. */
export function staleCaches(existing: readonly string[], shellVersion: string): string[] {
  const keep = new Set(Object.values(cacheNames(shellVersion)));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name));
}

/** What the worker tells its pages when it answered from its cache because the network failed. */
export const SW_NETWORK_FAILED = { type: 'atrium-sw', event: 'network-failed' } as const;

/** What a page tells the worker once it is in control: the files this page loaded before it was (to keep them). */
export interface KeepLoadedMessage {
  type: 'atrium-sw';
  event: 'keep-loaded';
  urls: string[];
}

export function isKeepLoaded(data: unknown): data is KeepLoadedMessage {
  const m = data as Partial<KeepLoadedMessage> | null;
  return m?.type === 'atrium-sw' && m.event === 'keep-loaded' && Array.isArray(m.urls);
}

/** The most entries the remotes' cache keeps; the oldest go first (each redeploy of a remote adds new chunks). */
export const REMOTES_CACHE_MAX_ENTRIES = 400;

export type Route =
  /** Not handled: the browser fetches it as if there were no worker (the API, other sites, non-GET). */
  | { strategy: 'bypass' }
  /** A page load: the network's index.html, or the shell's cached one when the network fails. Never stored. */
  | { strategy: 'navigation' }
  /** Entry files (stable names): the network first, the cached copy only when the network fails. */
  | { strategy: 'network-first'; cache: 'shell' | 'remotes'; cors: boolean }
  /** Content-hashed files: the cached copy if there is one, else the network (then cached). */
  | { strategy: 'cache-first'; cache: 'shell' | 'remotes'; cors: boolean };

export interface RequestInfo {
  url: string;
  method: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
}

/** webpack's hashed chunk and CSS names: assets/<name>.<contenthash:8>.js|css (shared/build/webpack.mjs). */
const HASHED_ASSET = /^\/assets\/[^/]+\.[0-9a-f]{8}\.(?:js|css)$/;
const API = /^\/api(?:\/|$)/;

/**
 * The strategy for one request. Same origin: the API is never touched (its answers carry user data and must not
 * outlive the session), page loads fall back to the shell, the host's entry and /remotes.json are network-first,
 * its hashed assets cache-first. Another origin: only a remote's remoteEntry.js (network-first) and its hashed
 * assets (cache-first) — the worker checks the origin is a remote's (sw.ts) before storing anything.
 */
export function routeFor(request: RequestInfo, origin: string): Route {
  if (request.method !== 'GET') return { strategy: 'bypass' };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { strategy: 'bypass' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { strategy: 'bypass' };
  const path = url.pathname;
  if (url.origin === origin) {
    if (API.test(path)) return { strategy: 'bypass' };
    if (request.mode === 'navigate') return { strategy: 'navigation' };
    if (path === '/main.js') return { strategy: 'network-first', cache: 'shell', cors: false };
    if (path === '/remotes.json') return { strategy: 'network-first', cache: 'remotes', cors: false };
    if (HASHED_ASSET.test(path)) return { strategy: 'cache-first', cache: 'shell', cors: false };
    return { strategy: 'bypass' };
  }
  if (path.endsWith('/remoteEntry.js')) return { strategy: 'network-first', cache: 'remotes', cors: true };
  if (HASHED_ASSET.test(path.replace(/^.*(?=\/assets\/)/, ''))) {
    return { strategy: 'cache-first', cache: 'remotes', cors: true };
  }
  return { strategy: 'bypass' };
}

/** The origins of the remotes a /remotes.json body lists (what the worker may store from other origins). */
export function remoteOrigins(manifest: unknown): string[] {
  const remotes = (manifest as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) return [];
  const out = new Set<string>();
  for (const r of remotes) {
    const entry = (r as { entry?: unknown } | null)?.entry;
    if (typeof entry !== 'string') continue;
    try {
      out.add(new URL(entry).origin);
    } catch {
      // a relative or broken entry: nothing to allow
    }
  }
  return [...out];
}

/**
 * Which of the host build's files the worker precaches: the page, its entry and every hashed chunk and stylesheet
 * (not source maps, licences or the host's own remoteEntry.js, which no page loads). Paths from the site's root.
 */
export function precacheList(buildFiles: readonly string[]): string[] {
  const files = buildFiles.filter(
    (f) => f === 'index.html' || f === 'main.js' || /^assets\/[^/]+\.(?:js|css)$/.test(f),
  );
  return files.map((f) => `/${f}`).sort();
}
