import { bus, type BusEvents } from '@atrium/event-bus';

/**
 * What happens before the error reporting is up (its SDK loads after the first paint, and only when a DSN is
 * configured): uncaught errors, unhandled rejections and failed API calls are kept (at most MAX_KEPT), then handed
 * over, or dropped when reporting turns out to be off. Tiny on purpose: it is in the shell's first chunk.
 */
export type EarlyEntry =
  | { kind: 'error'; error: unknown; message: string }
  | { kind: 'rejection'; reason: unknown }
  | { kind: 'api'; failure: BusEvents['api:failure'] };

const MAX_KEPT = 20;

export interface EarlyCapture {
  /** Hands what was kept to `sink` and stops keeping; later API failures go straight to `sink` too. */
  drain(sink: (entry: EarlyEntry) => void): void;
  /** Reporting is off: forget and stop listening. */
  stop(): void;
}

export function captureEarlyErrors(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): EarlyCapture {
  const kept: EarlyEntry[] = [];
  let sink: ((entry: EarlyEntry) => void) | null = null;
  const keep = (entry: EarlyEntry) => {
    if (sink) sink(entry);
    else if (kept.length < MAX_KEPT) kept.push(entry);
  };
  const onError = (e: ErrorEvent) => keep({ kind: 'error', error: e.error, message: e.message });
  const onRejection = (e: PromiseRejectionEvent) => keep({ kind: 'rejection', reason: e.reason });
  target.addEventListener('error', onError as EventListener);
  target.addEventListener('unhandledrejection', onRejection as EventListener);
  const api = bus.on('api:failure').subscribe((failure) => keep({ kind: 'api', failure }));
  // The SDK listens for window errors itself once it runs: these listeners only bridge the gap until then.
  const unlisten = () => {
    target.removeEventListener('error', onError as EventListener);
    target.removeEventListener('unhandledrejection', onRejection as EventListener);
  };
  return {
    drain(next) {
      unlisten();
      sink = (entry) => {
        // Window errors are the SDK's own from here on; only API failures still come through the bus.
        if (entry.kind === 'api') next(entry);
      };
      for (const entry of kept.splice(0)) next(entry);
    },
    stop() {
      unlisten();
      api.unsubscribe();
      kept.length = 0;
    },
  };
}
