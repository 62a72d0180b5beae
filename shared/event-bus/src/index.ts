import { Subject, type Observable, filter, map } from 'rxjs';
import type { ModalId, ModalOpen, ModalPayloads } from '@atrium/contracts';

export type { ModalId, ModalOpen, ModalPayloads };

export type ToastType = 'success' | 'error' | 'info' | 'warning';
/** docs/requirements.md §3 "Toast". */
export interface Toast {
  id: string;
  message: string;
  type: ToastType;
}

/**
 * Every cross-app event. Remotes and host talk only through these; each has an emitter and a listener
 * outside tests (who is named on each line).
 */
export interface BusEvents {
  /** Any app (toast.*) → the host's toast stack. */
  'toast:show': Toast;
  /** toast.dismiss or a toast's close button → the toast stack. */
  'toast:dismiss': { id: string };
  /** api-client, after a sign-in → the host starts loading the remotes at once. */
  'auth:signed-in': { userId: string };
  /** api-client, after sign-out → the host forgets this browser's recent searches. */
  'auth:signed-out': { reason?: string };
  /** The api-client gave up on the session: the host goes to /signin with this message. */
  'auth:session-expired': { message: string };
  /** Any app → the host's router. */
  navigate: { to: string; state?: unknown; replace?: boolean };
  /** Any app → the host mounts the modal a remote offers under that id, with that id's payload (ModalPayloads). */
  'modal:open': ModalOpen;
  /**
   * api-client, when a call fails 5xx or 429 (not a quiet pass-through, spec §8 "Reporting") → the host's error
   * reporting (high severity; a rate-limit warning).
   */
  'api:failure': { status: number; code: string; message: string; method: string; path: string };
  /** Whoever changed data other apps may show → the host refreshes cached global-search results. */
  'entity:changed': { entity: string; id?: string };
}
export type BusEventName = keyof BusEvents;
export interface BusMessage<K extends BusEventName = BusEventName> {
  type: K;
  payload: BusEvents[K];
}

type Store = { subject: Subject<BusMessage> };
const KEY = '__atriumEventBus__';
const holder = globalThis as unknown as Record<string, Store | undefined>;
// One subject per page even if a bundle ever carried a second copy of this module.
const store: Store = (holder[KEY] ??= { subject: new Subject<BusMessage>() });

export const bus = {
  /** Open a modal another app offers, with the payload its id takes. */
  openModal<K extends ModalId>(
    id: K,
    ...data: undefined extends ModalPayloads[K] ? [data?: ModalPayloads[K]] : [data: ModalPayloads[K]]
  ): void {
    const payload = data.length > 0 && data[0] !== undefined ? { id, data: data[0] } : { id };
    store.subject.next({ type: 'modal:open', payload } as BusMessage);
  },
  emit<K extends BusEventName>(type: K, payload: BusEvents[K]): void {
    store.subject.next({ type, payload } as BusMessage);
  },
  on<K extends BusEventName>(type: K): Observable<BusEvents[K]> {
    return store.subject.pipe(
      filter((m): m is BusMessage<K> => m.type === type),
      map((m) => m.payload),
    );
  },
  all(): Observable<BusMessage> {
    return store.subject.asObservable();
  },
};

let counter = 0;
function show(type: ToastType, message: string): string {
  counter += 1;
  const id = `t${Date.now().toString(36)}${counter}`;
  bus.emit('toast:show', { id, message, type });
  return id;
}

/** Raise a toast from anywhere (host or remote); the host's stack shows it. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  dismiss: (id: string) => bus.emit('toast:dismiss', { id }),
};
