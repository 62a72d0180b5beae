import { proxy, snapshot, subscribe } from 'valtio';
import type { User } from '@atrium/contracts';
// Subpath (zod-free) imports: the first screen loads the api-client but not the contracts singleton, which holds zod.
import { STORAGE_KEYS } from '@atrium/contracts/constants';
import { bus } from '@atrium/event-bus';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

/** Session state shared by every app (the api-client package is a federation singleton). */
export interface SessionState {
  status: SessionStatus;
  user: User | null;
}

/** The session as every app outside the api-client sees it: nothing in it can be assigned. */
export interface ReadonlySession {
  readonly status: SessionStatus;
  readonly user: Readonly<User> | null;
}

const KEY = '__atriumSession__';
const holder = globalThis as unknown as Record<string, SessionState | undefined>;
const state: SessionState = (holder[KEY] ??= proxy<SessionState>({ status: 'unknown', user: null }));

/**
 * The writable store, internal to the api-client (not exported by the package): only the api-client changes it
 * (sign-in, refresh, sign-out, and the explicit writes below). Apps read through `sessionView`, `getSession()` or
 * `onSessionChange()`; tests set one up with `setTestSession` from `@atrium/api-client/testing`.
 */
export const session: SessionState = state;

/** The same store, typed read-only: `useSnapshot(sessionView)` re-renders on change, assignments do not compile. */
export const sessionView: ReadonlySession = state;

/** The session now, as a read-only copy (a valtio snapshot: assigning to it throws). */
export function getSession(): ReadonlySession {
  return snapshot(state) as ReadonlySession;
}

/** Calls back with a read-only copy after every change; returns the unsubscribe. */
export function onSessionChange(listener: (now: ReadonlySession) => void): () => void {
  return subscribe(state, () => listener(getSession()));
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The credential itself lives only in HttpOnly cookies. Local storage keeps the spec's keys as markers:
 * `token` says a session exists (never the token), `authTokenTimestamp` when it was issued,
 * `lastActivity` the last call.
 */
export function markSignedIn(user: User): void {
  session.user = user;
  session.status = 'authenticated';
  const s = storage();
  const now = String(Date.now());
  s?.setItem(STORAGE_KEYS.token, 'cookie-session');
  s?.setItem(STORAGE_KEYS.authTokenTimestamp, now);
  s?.setItem(STORAGE_KEYS.lastActivity, now);
}

export function touchActivity(): void {
  if (session.status === 'authenticated') storage()?.setItem(STORAGE_KEYS.lastActivity, String(Date.now()));
}

/**
 * The server answered the session's user anew (a business switch, a business left or deleted, a Google link, a
 * profile change): the session takes it, and a change of current business is announced on the bus.
 */
export function adoptSessionUser(user: User): void {
  const before = session.user?.businessId;
  markSignedIn(user);
  if (before !== user.businessId) bus.emit('entity:changed', { entity: 'business', id: user.businessId });
}

/** The current business was renamed or retyped: the session user's copy follows (header, user menu). */
export function sessionBusinessChanged(business: { id: string; name: string; type: string | null }): void {
  if (!session.user || session.user.businessId !== business.id) return;
  session.user.businessName = business.name;
  session.user.businessType = business.type;
}

/** Sign-out and expiry both clear token, authTokenTimestamp and lastActivity. */
export function clearSession(): void {
  session.user = null;
  session.status = 'anonymous';
  const s = storage();
  s?.removeItem(STORAGE_KEYS.token);
  s?.removeItem(STORAGE_KEYS.authTokenTimestamp);
  s?.removeItem(STORAGE_KEYS.lastActivity);
}
