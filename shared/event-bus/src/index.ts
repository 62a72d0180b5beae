import { Subject, type Observable, filter, map } from 'rxjs';

export type ToastType = 'success' | 'error' | 'info' | 'warning';
/** Spec section 3 "Toast". */
export interface Toast {
  id: string;
  message: string;
  type: ToastType;
}

/** Every cross-app event. Remotes and host talk only through these. */
export interface BusEvents {
  'toast:show': Toast;
  'toast:dismiss': { id: string };
  'auth:signed-in': { userId: string };
  'auth:signed-out': { reason?: string };
  /** The api-client gave up on the session: the host goes to /signin with this message. */
  'auth:session-expired': { message: string };
  navigate: { to: string; state?: unknown; replace?: boolean };
  'modal:open': { id: string; data?: unknown };
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
