import type { KeepLoadedMessage } from '../sw/routing';

/** Replaced by webpack's DefinePlugin ('production' or 'development'); jest's own is 'test'. */
declare const process: { env: { NODE_ENV?: string } };

/**
 * Registers the service worker at /sw.js in production builds only (webpack defines NODE_ENV; jest and the dev
 * server never register it), once the page has loaded and is idle. When the worker takes control of this page (its
 * first visit), it is handed the remote entries and chunks already loaded, so the next load works offline too.
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
  // After the load and when the page is idle: installing precaches the host's build, which must not compete with
  // the first visit's own requests (the home page's widgets load after the load event).
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(register, { timeout: 5_000 })
      : setTimeout(register, 2_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
