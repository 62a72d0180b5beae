import type { KeepLoadedMessage } from '../sw/routing';

/** Replaced by webpack's DefinePlugin ('production' or 'development'); jest's own is 'test'. */
declare const process: { env: { NODE_ENV?: string } };

/**
 * Registers the service worker at /sw.js in production builds only (webpack defines NODE_ENV; jest and the dev
 * server never register it), after the page has loaded so it never competes with the first paint. When the worker
 * takes control of this page (its first visit), it is handed the remote entries and chunks already loaded, so the
 * next load works offline too.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    void navigator.serviceWorker.ready.then((registration) => {
      const message: KeepLoadedMessage = {
        type: 'atrium-sw',
        event: 'keep-loaded',
        urls: performance.getEntriesByType('resource').map((entry) => entry.name),
      };
      registration.active?.postMessage(message);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
