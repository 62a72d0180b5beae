import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, gmailConnections, gmailMessages, gmailSends, projects } from '../../db/schema';

export type GmailConnectionRow = typeof gmailConnections.$inferSelect;
export type GmailMessageRow = typeof gmailMessages.$inferSelect;
export type NewGmailMessage = typeof gmailMessages.$inferInsert;

export interface NewGmailConnection {
  userId: string;
  businessId: string;
  googleEmail: string | null;
  accessTokenSealed: string | null;
  refreshTokenSealed: string | null;
  tokenExpiresAt: Date | null;
  scope: string | null;
  historyId: string | null;
}

/** The SQL of Gmail: the members' connections and the emails kept with projects (always scoped to a business). */
export class GmailRepository {
  constructor(private readonly db: Database) {}

  async connectionOf(userId: string, businessId: string): Promise<GmailConnectionRow | null> {
    const [row] = await this.db
      .select()
      .from(gmailConnections)
      .where(and(eq(gmailConnections.userId, userId), eq(gmailConnections.businessId, businessId)));
    return row ?? null;
  }

  async connectionById(id: string): Promise<GmailConnectionRow | null> {
    const [row] = await this.db.select().from(gmailConnections).where(eq(gmailConnections.id, id));
    return row ?? null;
  }

  /** A first connect or a reconnect: connected, polling from the mailbox's history id now. */
  async saveConnection(c: NewGmailConnection): Promise<GmailConnectionRow> {
    const [row] = await this.db
      .insert(gmailConnections)
      .values({ ...c, status: 'connected' })
      .onConflictDoUpdate({
        target: [gmailConnections.userId, gmailConnections.businessId],
        set: {
          googleEmail: c.googleEmail,
          accessTokenSealed: c.accessTokenSealed,
          refreshTokenSealed: c.refreshTokenSealed,
          tokenExpiresAt: c.tokenExpiresAt,
          scope: c.scope,
          historyId: c.historyId,
          status: 'connected',
          lastError: null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  }

  async saveTokens(
    id: string,
    tokens: { accessTokenSealed: string | null; expiresAt: Date | null; refreshTokenSealed?: string },
  ): Promise<void> {
    await this.db
      .update(gmailConnections)
      .set({
        accessTokenSealed: tokens.accessTokenSealed,
        tokenExpiresAt: tokens.expiresAt,
        ...(tokens.refreshTokenSealed ? { refreshTokenSealed: tokens.refreshTokenSealed } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(gmailConnections.id, id));
  }

  /** Google refused the grant: reconnect; the useless tokens are forgotten. */
  async markReconnect(id: string, error: string): Promise<void> {
    await this.db
      .update(gmailConnections)
      .set({
        status: 'reconnect',
        lastError: error.slice(0, 500),
        accessTokenSealed: null,
        refreshTokenSealed: null,
        tokenExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(gmailConnections.id, id));
  }

  async recordError(id: string, error: string | null): Promise<void> {
    await this.db
      .update(gmailConnections)
      .set({ lastError: error?.slice(0, 500) ?? null, updatedAt: sql`now()` })
      .where(eq(gmailConnections.id, id));
  }

  async savePolled(id: string, historyId: string | null): Promise<void> {
    await this.db
      .update(gmailConnections)
      .set({
        ...(historyId ? { historyId } : {}),
        lastPolledAt: sql`now()`,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(gmailConnections.id, id));
  }

  async deleteConnection(id: string): Promise<void> {
    await this.db.delete(gmailConnections).where(eq(gmailConnections.id, id));
  }

  async claimLease(id: string, seconds: number): Promise<boolean> {
    const rows = await this.db
      .update(gmailConnections)
      .set({ pollLeaseUntil: sql`now() + ${seconds}::int * interval '1 second'` })
      .where(
        and(
          eq(gmailConnections.id, id),
          or(isNull(gmailConnections.pollLeaseUntil), lt(gmailConnections.pollLeaseUntil, sql`now()`)),
        ),
      )
      .returning({ id: gmailConnections.id });
    return rows.length > 0;
  }

  async releaseLease(id: string): Promise<void> {
    await this.db.update(gmailConnections).set({ pollLeaseUntil: null }).where(eq(gmailConnections.id, id));
  }

  /** Connected mailboxes that have project threads and were not polled for `seconds`. */
  async dueConnections(seconds: number, limit = 500): Promise<string[]> {
    const rows = await this.db
      .select({ id: gmailConnections.id })
      .from(gmailConnections)
      .where(
        and(
          eq(gmailConnections.status, 'connected'),
          or(
            isNull(gmailConnections.lastPolledAt),
            lt(gmailConnections.lastPolledAt, sql`now() - ${seconds}::int * interval '1 second'`),
          ),
          sql`exists (select 1 from ${gmailMessages} m where m.user_id = ${gmailConnections.userId} and m.business_id = ${gmailConnections.businessId})`,
        ),
      )
      .orderBy(sql`${gmailConnections.lastPolledAt} NULLS FIRST`)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  // ---- project emails ------------------------------------------------------------------------------------------

  /**
   * The business's contact with this address (lower-cased), case-insensitively; the earliest when several share it.
   * Reads the business's (business_id, email) index only.
   */
  async contactByEmail(
    businessId: string,
    address: string,
  ): Promise<{ id: string; firstName: string; lastName: string | null } | null> {
    const [row] = await this.db
      .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), sql`lower(${contacts.email}) = ${address}`))
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .limit(1);
    return row ?? null;
  }

  async projectExists(businessId: string, projectId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.businessId, businessId)));
    return !!row;
  }

  /** The project a thread of this mailbox belongs to (null: not a project thread). */
  async projectOfThread(userId: string, businessId: string, threadId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ projectId: gmailMessages.projectId })
      .from(gmailMessages)
      .where(
        and(
          eq(gmailMessages.userId, userId),
          eq(gmailMessages.businessId, businessId),
          eq(gmailMessages.gmailThreadId, threadId),
        ),
      )
      .limit(1);
    return row?.projectId ?? null;
  }

  /** Which of these threads are project threads of the mailbox: threadId → projectId. */
  async projectThreads(userId: string, businessId: string, threadIds: string[]): Promise<Map<string, string>> {
    if (threadIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinct({ threadId: gmailMessages.gmailThreadId, projectId: gmailMessages.projectId })
      .from(gmailMessages)
      .where(
        and(
          eq(gmailMessages.userId, userId),
          eq(gmailMessages.businessId, businessId),
          inArray(gmailMessages.gmailThreadId, threadIds),
        ),
      );
    return new Map(rows.map((r) => [r.threadId, r.projectId]));
  }

  /** The mailbox's most recent project threads (a resync after the history was lost). */
  async recentThreads(userId: string, businessId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ threadId: gmailMessages.gmailThreadId, last: sql<Date>`max(${gmailMessages.sentAt})` })
      .from(gmailMessages)
      .where(and(eq(gmailMessages.userId, userId), eq(gmailMessages.businessId, businessId)))
      .groupBy(gmailMessages.gmailThreadId)
      .orderBy(desc(sql`max(${gmailMessages.sentAt})`))
      .limit(limit);
    return rows.map((r) => r.threadId);
  }

  async knownMessageIds(userId: string, businessId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: gmailMessages.gmailMessageId })
      .from(gmailMessages)
      .where(
        and(
          eq(gmailMessages.userId, userId),
          eq(gmailMessages.businessId, businessId),
          inArray(gmailMessages.gmailMessageId, ids),
        ),
      );
    return new Set(rows.map((r) => r.id));
  }

  /** Stores a message once (a second poll of the same message stores nothing); true when it was new. */
  async insertMessage(m: NewGmailMessage): Promise<boolean> {
    const rows = await this.db
      .insert(gmailMessages)
      .values(m)
      .onConflictDoNothing({
        target: [gmailMessages.userId, gmailMessages.businessId, gmailMessages.gmailMessageId],
      })
      .returning({ id: gmailMessages.id });
    return rows.length > 0;
  }

  /** The project's newest `limit` messages (a long-running project keeps its latest threads), oldest first. */
  async projectMessages(businessId: string, projectId: string, limit = 500): Promise<GmailMessageRow[]> {
    const newest = await this.db
      .select()
      .from(gmailMessages)
      .where(and(eq(gmailMessages.businessId, businessId), eq(gmailMessages.projectId, projectId)))
      .orderBy(desc(gmailMessages.sentAt), desc(gmailMessages.createdAt))
      .limit(limit);
    return newest.reverse();
  }

  // ---- the send log ----------------------------------------------------------------------------------------------

  /** A send about to be asked of Gmail (before the call): its id. */
  async startSend(userId: string, businessId: string, rfcMessageId: string): Promise<string> {
    const [row] = await this.db
      .insert(gmailSends)
      .values({ userId, businessId, rfcMessageId })
      .returning({ id: gmailSends.id });
    return row!.id;
  }

  async finishSend(
    id: string,
    outcome:
      | { status: 'sent'; gmailMessageId: string; gmailThreadId: string }
      | { status: 'failed' | 'unknown'; error: string },
  ): Promise<void> {
    await this.db
      .update(gmailSends)
      .set({
        ...(outcome.status === 'sent'
          ? { status: 'sent', gmailMessageId: outcome.gmailMessageId, gmailThreadId: outcome.gmailThreadId }
          : { status: outcome.status, error: outcome.error.slice(0, 500) }),
        updatedAt: sql`now()`,
      })
      .where(eq(gmailSends.id, id));
  }

  /** When the mailbox sent (or may have sent: sending, unknown) since `since`, oldest first. */
  async sendTimesSince(userId: string, businessId: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ at: gmailSends.createdAt })
      .from(gmailSends)
      .where(
        and(
          eq(gmailSends.userId, userId),
          eq(gmailSends.businessId, businessId),
          gt(gmailSends.createdAt, since),
          inArray(gmailSends.status, ['sending', 'sent', 'unknown']),
        ),
      )
      .orderBy(asc(gmailSends.createdAt));
    return rows.map((r) => r.at);
  }
}
