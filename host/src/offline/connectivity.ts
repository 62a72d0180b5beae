import { proxy } from 'valtio';
import { API_ROOT } from '@atrium/contracts/constants';
import { SW_NETWORK_FAILED } from '../sw/routing';

/**
 * Whether Atrium can reach its server (the offline banner, the offline shell in RequireAuth). Offline when the
 * browser says so (navigator.onLine, its offline event) or when the service worker had to answer from its cache
 * because a fetch failed; online again once a probe of the API's health reaches the server — no reload, nothing to
 * press.
 */
export const connectivity = proxy({ offline: typeof navigator !== 'undefined' && navigator.onLine === false });

/** How often an offline page asks whether the server is back. */
export const PROBE_INTERVAL_MS = 5_000;

/** Any answer from the server (even an error status) means it is reachable again. */
export async function probeServer(): Promise<boolean> {
  try {
    await fetch(`${API_ROOT}/health`, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Follows the browser's online and offline events and the service worker's messages; while offline, probes the
 * server every PROBE_INTERVAL_MS (and at once when the browser says it is online again). Returns the stop.
 */
export function watchConnectivity(probe: () => Promise<boolean> = probeServer): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const schedule = (delay: number) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void check(), delay);
  };
  const check = async () => {
    timer = null;
    const reachable = navigator.onLine !== false && (await probe());
    if (stopped) return;
    if (reachable) connectivity.offline = false;
    else {
      connectivity.offline = true;
      schedule(PROBE_INTERVAL_MS);
    }
  };
  const goneOffline = () => {
    connectivity.offline = true;
    schedule(PROBE_INTERVAL_MS);
  };
  const online = () => schedule(0);
  const fromWorker = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; event?: unknown } | null;
    if (data?.type === SW_NETWORK_FAILED.type && data.event === SW_NETWORK_FAILED.event) goneOffline();
  };

  window.addEventListener('offline', goneOffline);
  window.addEventListener('online', online);
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  worker?.addEventListener('message', fromWorker);
  if (navigator.onLine === false) goneOffline();

  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    window.removeEventListener('offline', goneOffline);
    window.removeEventListener('online', online);
    worker?.removeEventListener('message', fromWorker);
  };
}
