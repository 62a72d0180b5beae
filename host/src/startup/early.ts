// Runs in main.js, before the shared modules are negotiated and the app's chunks arrive (the first few hundred ms of
// a cold load): nothing here may import a shared module statically (react, the api-client, @atrium/ui…), only plain
// files; what needs them is asked for with import(), which waits for the sharing like the app's own bootstrap.
import { HOME_AUTO_LOGIN_STOP_MS, STORAGE_KEYS } from '@atrium/contracts/constants';

/** The marker a signed-in browser keeps in local storage (never the credential, which is an HttpOnly cookie). */
export function hadSession(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.token) !== null;
  } catch {
    return false;
  }
}

let manifest: Promise<Response> | null = null;

/**
 * A browser that was signed in needs /remotes.json on every signed-in page (the session check waits for it to know
 * whether a remote serves the path publicly; the sidebar and the home widgets come from it): its request starts with
 * main.js instead of after the app's chunks. On home '/', the session check and the widget remotes start as soon as
 * the few chunks they need are in, side by side with the rest of the app (docs/architecture.md, "A cold home load").
 * A signed-out visitor (/signin) asks for nothing here.
 */
export function startEarly(): void {
  if (typeof window === 'undefined' || !hadSession()) return;
  manifest = fetch('/remotes.json', { cache: 'no-store' });
  // Read later (or never, if the page turns out to be a signed-out one): no unhandled rejection meanwhile.
  manifest.catch(() => undefined);
  if (window.location.pathname !== '/' || navigator.onLine === false) return;
  // The same attempt the page's RequireAuth makes (the api-client runs one at a time: it joins this one).
  import('@atrium/api-client')
    .then(({ api }) => api.auth.autoLogin({ stopAfterMs: HOME_AUTO_LOGIN_STOP_MS }))
    .catch(() => undefined);
  // The remotes with home widgets (entries, modules, widget chunks: public code, no data; the widgets' API calls
  // wait for the session like any page's).
  import('./home-widgets-early').then((m) => m.startHomeWidgets()).catch(() => undefined);
}

/**
 * Home's own chunks and the query layer around it download beside the shared modules instead of after them (the app
 * asks for the same chunks when it renders: webpack fetches each once). A failure is the app's to retry then.
 */
export function startEarlyPages(): void {
  if (typeof window === 'undefined' || window.location.pathname !== '/' || !hadSession()) return;
  import('../query-layer').catch(() => undefined);
  import('../pages/home-page').catch(() => undefined);
}

/** The early /remotes.json request, once (a later read, e.g. a retry after a failure, fetches again). */
export function takeEarlyManifest(): Promise<Response> | null {
  const p = manifest;
  manifest = null;
  return p;
}
