// The service worker at /sw.js (built by shared/build/service-worker.mjs, production builds only; registered by
// host/src/offline/register-sw.ts). docs/requirements.md "Offline shell" has the decisions.
import {
  REMOTES_CACHE_MAX_ENTRIES,
  SW_NETWORK_FAILED,
  cacheNames,
  isKeepLoaded,
  precacheList,
  remoteOrigins,
  routeFor,
  staleCaches,
  type Route,
} from './routing';

/** The host build this worker belongs to (its webpack hash) and the build's files, set by the build. */
declare const __ATRIUM_SHELL__: { version: string; files: string[] };

// The worker's own types: the host compiles against the DOM library, which has no ServiceWorkerGlobalScope.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerClient {
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options?: { includeUncontrolled?: boolean }): Promise<WorkerClient[]>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const names = cacheNames(__ATRIUM_SHELL__.version);
/** A path of this site as a full URL. */
const here = (path: string) => new URL(path, scope.location.href).href;
const SHELL_PAGE = here('/index.html');
const MANIFEST = here('/remotes.json');

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(names.shell);
      // The HTTP cache's rules: the entry files (served no-cache) are revalidated with the server, and the hashed
      // chunks this page already loaded (immutable) are not downloaded again.
      await cache.addAll(precacheList(__ATRIUM_SHELL__.files).map((path) => new Request(here(path))));
      // The remotes' addresses: what the worker may store from other origins, and the shell's manifest offline.
      await caches
        .open(names.remotes)
        .then((c) => c.add(new Request(MANIFEST, { cache: 'no-store' })))
        .catch(() => undefined);
      // A new build's worker takes over at once (docs: why that is safe).
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), __ATRIUM_SHELL__.version).map((n) => caches.delete(n)));
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeFor({ url: request.url, method: request.method, mode: request.mode }, scope.location.origin);
  if (route.strategy === 'bypass') return;
  event.respondWith(answer(request, route));
});

// The page that registered the worker loaded its remotes before the worker was in control: it sends their addresses
// so they are kept too (from the HTTP cache mostly), and the next load works offline.
scope.addEventListener('message', (event) => {
  if (!isKeepLoaded(event.data)) return;
  event.waitUntil(
    Promise.allSettled(
      event.data.urls.slice(0, 200).map(async (url) => {
        const route = routeFor({ url, method: 'GET', mode: 'no-cors' }, scope.location.origin);
        if (route.strategy !== 'network-first' && route.strategy !== 'cache-first') return;
        const cacheName = names[route.cache];
        if (await caches.match(url, { cacheName })) return;
        const request = new Request(url);
        await store(request, await fromNetwork(request, route.cors), cacheName);
      }),
    ),
  );
});

function answer(request: Request, route: Exclude<Route, { strategy: 'bypass' }>): Promise<Response> {
  switch (route.strategy) {
    case 'navigation':
      return navigation(request);
    case 'network-first':
      return networkFirst(request, names[route.cache], route.cors);
    case 'cache-first':
      return cacheFirst(request, names[route.cache], route.cors);
  }
}

/** Tells the pages the network failed (they show "You're offline" and watch for its return). */
function announceOffline(): void {
  void scope.clients
    .matchAll({ includeUncontrolled: true })
    .then((all) => all.forEach((client) => client.postMessage(SW_NETWORK_FAILED)));
}

/** A page load: always the network's answer; the shell's page only when the network cannot be reached. */
async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: names.shell });
    if (!shell) throw error;
    announceOffline();
    return shell;
  }
}

/**
 * Another origin's script or stylesheet is fetched in CORS mode (the remotes' servers allow any origin), so the
 * worker can see its status and never stores an error; a server that refuses CORS is fetched as the page asked.
 */
function fromNetwork(request: Request, cors: boolean): Promise<Response> {
  return cors ? fetch(request.url, { mode: 'cors', credentials: 'omit' }) : fetch(request);
}

/** Only a remote's own origin (per the last /remotes.json) is stored; anything else just passes through. */
async function mayStore(request: Request, cacheName: string): Promise<boolean> {
  const origin = new URL(request.url).origin;
  if (origin === scope.location.origin) return true;
  const manifest = await caches.match(MANIFEST, { cacheName: names.remotes });
  if (!manifest) return false;
  const body: unknown = await manifest.json().catch(() => null);
  return cacheName === names.remotes && remoteOrigins(body).includes(origin);
}

async function store(request: Request, response: Response, cacheName: string): Promise<void> {
  if (!response.ok || response.type === 'opaque' || !(await mayStore(request, cacheName))) return;
  const cache = await caches.open(cacheName);
  await cache.put(request.url, response);
  if (cacheName === names.remotes) {
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - REMOTES_CACHE_MAX_ENTRIES)).map((k) => cache.delete(k)));
  }
}

/** Entry files: the network's copy whenever it answers (a redeploy is seen at once), the cached one otherwise. */
async function networkFirst(request: Request, cacheName: string, cors: boolean): Promise<Response> {
  let response: Response;
  try {
    response = await fromNetwork(request, cors);
  } catch (error) {
    const cached = await caches.match(request.url, { cacheName });
    if (cached) {
      announceOffline();
      return cached;
    }
    if (cors) return fetch(request);
    throw error;
  }
  await store(request, response.clone(), cacheName).catch(() => undefined);
  return response;
}

/** Content-hashed files never change: the cached copy (of any of the worker's caches), else the network's. */
async function cacheFirst(request: Request, cacheName: string, cors: boolean): Promise<Response> {
  const cached = await caches.match(request.url, { cacheName });
  if (cached) return cached;
  let response: Response;
  try {
    response = await fromNetwork(request, cors);
  } catch (error) {
    if (cors) return fetch(request);
    throw error;
  }
  await store(request, response.clone(), cacheName).catch(() => undefined);
  return response;
}
