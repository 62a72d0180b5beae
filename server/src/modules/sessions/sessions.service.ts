import type { SessionInfo } from '@atrium/domain-identity/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { RelocateScope, SessionsRepository } from './sessions.repository';

/** Why a session ended (stored in `sessions.revoked_reason`). */
export type RevokeReason =
  | 'logout'
  | 'refresh_token_reuse'
  | 'no_membership'
  | 'password_changed'
  | 'password_reset'
  | 'google_email_proof'
  | 'revoked_by_user';

/**
 * Ending sessions, for the user (their session list, sign out one or all others) and for the other modules
 * (auth: sign-out and reuse; users: password change; google-auth: a proven address). `tx`: run inside the
 * caller's transaction, so the revocation commits or rolls back with the change that caused it.
 */
export class SessionsService {
  constructor(private readonly repo: SessionsRepository) {}

  /** The user's live sessions, the caller's own flagged `current`. */
  async list(userId: string, currentSessionId: string): Promise<SessionInfo[]> {
    const rows = await this.repo.active(userId);
    return rows.map((r) => ({
      id: r.id,
      userAgent: r.userAgent,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt.toISOString(),
      current: r.id === currentSessionId,
    }));
  }

  /** Signs out one of the user's own live sessions; 404 for any other id. */
  async revokeOwn(userId: string, sessionId: string): Promise<void> {
    if (!(await this.repo.revokeOwn(userId, sessionId, 'revoked_by_user'))) {
      throw new AppError('NOT_FOUND', 'Session not found');
    }
  }

  /** Signs out every session of the user but the current one; answers how many. */
  revokeOthers(userId: string, currentSessionId: string): Promise<number> {
    return this.repo.revokeAllOf(userId, 'revoked_by_user', currentSessionId);
  }

  /** Every live session of the user (but `except`) ends. */
  revokeAllOf(userId: string, reason: RevokeReason, options: { except?: string; tx?: Executor } = {}): Promise<number> {
    return this.repo.revokeAllOf(userId, reason, options.except, options.tx);
  }

  /**
   * Sessions leave a business that is deleted or that their user left: to another business of their user, or they
   * end when there is none. `tx`: the deletion's or removal's transaction.
   */
  relocateOff(scope: RelocateScope, tx?: Executor): Promise<void> {
    return this.repo.relocateOff(scope, tx);
  }

  /** The caller's own live session (its current business and remember-me flag), or null. */
  findLive(sessionId: string, userId: string) {
    return this.repo.findLive(sessionId, userId);
  }

  /** Makes `businessId` the session's current business; false when the session is gone. */
  moveTo(sessionId: string, businessId: string): Promise<boolean> {
    return this.repo.moveTo(sessionId, businessId);
  }

  /** One session ends (it may be anyone's: the caller found it through a token). */
  revoke(sessionId: string, reason: RevokeReason): Promise<void> {
    return this.repo.revoke(sessionId, reason);
  }
}
