/**
 * Test-only helpers (`@atrium/api-client/testing`): a test sets up the session a sign-in or a sign-out would have
 * left. Product code never imports this entry (lint refuses it outside tests); it reads the session through
 * `sessionView`, `getSession()` or `onSessionChange()`.
 */
import { clearSession, session, type SessionState } from './session';

/** Puts the session store in the given state (e.g. `{ status: 'authenticated', user }`). */
export function setTestSession(patch: Partial<SessionState>): void {
  Object.assign(session, patch);
}

/** Signed out: no user, the local-storage markers gone (as a sign-out leaves it). */
export const clearTestSession = clearSession;

export { sampleUser } from '@atrium/contracts/src/testing';
