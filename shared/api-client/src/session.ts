import { proxy } from 'valtio';
import { STORAGE_KEYS, type User } from '@atrium/contracts';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

/** Session state shared by every app (the api-client package is a federation singleton). */
export interface SessionState {
  status: SessionStatus;
  user: User | null;
}

const KEY = '__atriumSession__';
const holder = globalThis as unknown as Record<string, SessionState | undefined>;
export const session: SessionState = (holder[KEY] ??= proxy<SessionState>({ status: 'unknown', user: null }));

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

/** Sign-out and expiry both clear token, authTokenTimestamp and lastActivity. */
export function clearSession(): void {
  session.user = null;
  session.status = 'anonymous';
  const s = storage();
  s?.removeItem(STORAGE_KEYS.token);
  s?.removeItem(STORAGE_KEYS.authTokenTimestamp);
  s?.removeItem(STORAGE_KEYS.lastActivity);
}
