import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businesses, emailCampaignRecipients, emailCampaigns, emailUnsubscribes, users } from '../../db/schema';
import type { CampaignCounts, RecipientStatus } from '@atrium/domain-comms/schemas';

export type CampaignRow = typeof emailCampaigns.$inferSelect;
export type RecipientRow = typeof emailCampaignRecipients.$inferSelect;
export type NewCampaign = Omit<typeof emailCampaigns.$inferInsert, 'id' | 'createdAt'>;
export type NewRecipient = Pick<RecipientRow, 'contactId' | 'email' | 'firstName' | 'lastName' | 'phone' | 'company'>;

export interface CampaignListRow extends CampaignRow {
  senderName: string;
  counts: CampaignCounts;
}

const INSERT_BATCH = 1000;
const emptyCounts = (): CampaignCounts => ({ queued: 0, sending: 0, sent: 0, failed: 0, bounced: 0, unknown: 0 });

/** Every read of the routes is scoped to one business; the sender's job works by campaign id (it is the business's). */
export class CampaignsRepository {
  constructor(private readonly db: Database) {}

  /** The business's unsubscribed addresses (lower-cased). */
  async unsubscribed(businessId: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ email: emailUnsubscribes.email })
      .from(emailUnsubscribes)
      .where(eq(emailUnsubscribes.businessId, businessId));
    return new Set(rows.map((r) => r.email));
  }

  async isUnsubscribed(businessId: string, email: string): Promise<boolean> {
    const rows = await this.db
      .select({ email: emailUnsubscribes.email })
      .from(emailUnsubscribes)
      .where(and(eq(emailUnsubscribes.businessId, businessId), eq(emailUnsubscribes.email, email.toLowerCase())));
    return rows.length > 0;
  }

  async unsubscribe(businessId: string, email: string, campaignId: string | null): Promise<void> {
    await this.db
      .insert(emailUnsubscribes)
      .values({ businessId, email: email.toLowerCase(), campaignId })
      .onConflictDoNothing();
  }

  /** The campaign and all its recipients, in one transaction (nothing half written). */
  async create(campaign: NewCampaign, recipients: NewRecipient[]): Promise<CampaignRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(emailCampaigns).values(campaign).returning();
      for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
        await tx.insert(emailCampaignRecipients).values(
          recipients.slice(i, i + INSERT_BATCH).map((r, j) => ({
            ...r,
            campaignId: row!.id,
            businessId: campaign.businessId,
            seq: i + j,
          })),
        );
      }
      return row!;
    });
  }

  async find(businessId: string, id: string): Promise<CampaignRow | null> {
    const [row] = await this.db
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.businessId, businessId), eq(emailCampaigns.id, id)));
    return row ?? null;
  }

  async byId(id: string): Promise<CampaignRow | null> {
    const [row] = await this.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
    return row ?? null;
  }

  /** The business's campaigns (newest first) or one of them, with the sender's name and the recipients per status. */
  async list(businessId: string, id?: string): Promise<CampaignListRow[]> {
    const rows = await this.db
      .select({
        campaign: emailCampaigns,
        senderName: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      })
      .from(emailCampaigns)
      .innerJoin(users, eq(users.id, emailCampaigns.senderId))
      .where(and(eq(emailCampaigns.businessId, businessId), id ? eq(emailCampaigns.id, id) : undefined))
      .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
      .limit(500);
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.campaign.id);
    const tallies = await this.db
      .select({ campaignId: emailCampaignRecipients.campaignId, status: emailCampaignRecipients.status, n: count() })
      .from(emailCampaignRecipients)
      .where(inArray(emailCampaignRecipients.campaignId, ids))
      .groupBy(emailCampaignRecipients.campaignId, emailCampaignRecipients.status);
    const byCampaign = new Map<string, CampaignCounts>();
    for (const t of tallies) {
      const c = byCampaign.get(t.campaignId) ?? emptyCounts();
      c[t.status as RecipientStatus] = Number(t.n);
      byCampaign.set(t.campaignId, c);
    }
    return rows.map((r) => ({
      ...r.campaign,
      senderName: r.senderName,
      counts: byCampaign.get(r.campaign.id) ?? emptyCounts(),
    }));
  }

  async recipients(
    businessId: string,
    campaignId: string,
    q: { status?: RecipientStatus; page: number; limit: number },
  ): Promise<{ rows: RecipientRow[]; total: number }> {
    const where = and(
      eq(emailCampaignRecipients.businessId, businessId),
      eq(emailCampaignRecipients.campaignId, campaignId),
      q.status ? eq(emailCampaignRecipients.status, q.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(emailCampaignRecipients)
        .where(where)
        .orderBy(asc(emailCampaignRecipients.seq))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(emailCampaignRecipients).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async setState(
    id: string,
    fields: Partial<Pick<CampaignRow, 'status' | 'startedAt' | 'finishedAt' | 'note' | 'sendAt'>>,
    onlyIf?: CampaignRow['status'][],
  ): Promise<boolean> {
    const rows = await this.db
      .update(emailCampaigns)
      .set(fields)
      .where(and(eq(emailCampaigns.id, id), onlyIf ? inArray(emailCampaigns.status, onlyIf) : undefined))
      .returning({ id: emailCampaigns.id });
    return rows.length > 0;
  }

  /**
   * The run `runner` takes the campaign for `seconds` when no live run holds it (none, or its lease ran out): the one
   * place that decides which run sends. False while another run holds it.
   */
  async claimRun(id: string, runner: string, seconds: number): Promise<boolean> {
    const rows = await this.db
      .update(emailCampaigns)
      .set({ runner, runLeaseUntil: sql`now() + ${seconds}::int * interval '1 second'` })
      .where(
        and(
          eq(emailCampaigns.id, id),
          or(
            isNull(emailCampaigns.runLeaseUntil),
            lt(emailCampaigns.runLeaseUntil, sql`now()`),
            eq(emailCampaigns.runner, runner),
          ),
        ),
      )
      .returning({ id: emailCampaigns.id });
    return rows.length > 0;
  }

  /** The holder's heartbeat: false when the run no longer holds the campaign (its lease ran out and another took it). */
  async renewRun(id: string, runner: string, seconds: number): Promise<boolean> {
    const rows = await this.db
      .update(emailCampaigns)
      .set({ runLeaseUntil: sql`now() + ${seconds}::int * interval '1 second'` })
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.runner, runner)))
      .returning({ id: emailCampaigns.id });
    return rows.length > 0;
  }

  /** The run is over: the next one may take the campaign at once. */
  async releaseRun(id: string, runner: string): Promise<void> {
    await this.db
      .update(emailCampaigns)
      .set({ runner: null, runLeaseUntil: null })
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.runner, runner)));
  }

  async hasQueued(campaignId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: emailCampaignRecipients.id })
      .from(emailCampaignRecipients)
      .where(and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.status, 'queued')))
      .limit(1);
    return rows.length > 0;
  }

  /** The campaign's recipients per status (the note of a campaign that stopped). */
  async counts(campaignId: string): Promise<CampaignCounts> {
    const rows = await this.db
      .select({ status: emailCampaignRecipients.status, n: count() })
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, campaignId))
      .groupBy(emailCampaignRecipients.status);
    const counts = emptyCounts();
    for (const r of rows) counts[r.status as RecipientStatus] = Number(r.n);
    return counts;
  }

  /** Rows a stopped run left claimed: they may have gone out, so they become 'unknown' and are never sent again. */
  async claimedToUnknown(campaignId: string): Promise<number> {
    const rows = await this.db
      .update(emailCampaignRecipients)
      .set({ status: 'unknown', error: 'The sender stopped while sending this message; it may have been sent' })
      .where(and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.status, 'sending')))
      .returning({ id: emailCampaignRecipients.id });
    return rows.length;
  }

  /**
   * Claims the next queued recipient (queued → sending, committed before the send) — only for the run that holds the
   * campaign's live lease (`claimRun`): a run that lost it claims nobody.
   */
  async claimNext(campaignId: string, runner: string): Promise<RecipientRow | null> {
    const next = this.db
      .select({ id: emailCampaignRecipients.id })
      .from(emailCampaignRecipients)
      .where(and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.status, 'queued')))
      .orderBy(asc(emailCampaignRecipients.seq))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(emailCampaignRecipients)
      .set({ status: 'sending', claimedAt: new Date() })
      // `= (subquery)`: one row, evaluated once (an IN semi-join may rescan the subquery and claim several).
      .where(
        and(
          eq(emailCampaignRecipients.id, sql`(${next})`),
          eq(emailCampaignRecipients.status, 'queued'),
          sql`EXISTS (SELECT 1 FROM ${emailCampaigns} c WHERE c.id = ${campaignId} AND c.runner = ${runner}
            AND c.run_lease_until > now())`,
        ),
      )
      .returning();
    return row ?? null;
  }

  async record(
    id: string,
    result: { status: RecipientStatus; error?: string | null; gmailMessageId?: string | null },
  ): Promise<void> {
    await this.db
      .update(emailCampaignRecipients)
      .set({
        status: result.status,
        error: result.error ?? null,
        gmailMessageId: result.gmailMessageId ?? null,
        sentAt: result.status === 'sent' ? new Date() : null,
      })
      .where(eq(emailCampaignRecipients.id, id));
  }

  /** The queued recipients of a cancelled campaign: failed, 'Cancelled'. */
  async cancelQueued(campaignId: string): Promise<void> {
    await this.db
      .update(emailCampaignRecipients)
      .set({ status: 'failed', error: 'Cancelled' })
      .where(and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.status, 'queued')));
  }

  /** When the sender's messages went out since `since` (oldest first), across the business's campaigns. */
  async sentTimesSince(businessId: string, senderId: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ at: emailCampaignRecipients.sentAt })
      .from(emailCampaignRecipients)
      .innerJoin(emailCampaigns, eq(emailCampaigns.id, emailCampaignRecipients.campaignId))
      .where(
        and(
          eq(emailCampaignRecipients.businessId, businessId),
          gt(emailCampaignRecipients.sentAt, since),
          eq(emailCampaigns.senderId, senderId),
        ),
      )
      .orderBy(asc(emailCampaignRecipients.sentAt));
    return rows.map((r) => r.at!);
  }

  /** Campaigns that should have a job (scheduled or sending), for the start-up check. */
  async unfinished(): Promise<Pick<CampaignRow, 'id' | 'sendAt'>[]> {
    return this.db
      .select({ id: emailCampaigns.id, sendAt: emailCampaigns.sendAt })
      .from(emailCampaigns)
      .where(inArray(emailCampaigns.status, ['scheduled', 'sending']));
  }

  /** A recipient and its business's name, for the unsubscribe link. */
  async recipientForUnsubscribe(
    id: string,
  ): Promise<{ recipient: RecipientRow; businessName: string; unsubscribed: boolean } | null> {
    const [row] = await this.db
      .select({ recipient: emailCampaignRecipients, businessName: businesses.name })
      .from(emailCampaignRecipients)
      .innerJoin(businesses, eq(businesses.id, emailCampaignRecipients.businessId))
      .where(eq(emailCampaignRecipients.id, id));
    if (!row) return null;
    const unsubscribed = await this.isUnsubscribed(row.recipient.businessId, row.recipient.email);
    return { ...row, unsubscribed };
  }

  /** The business's name (the {{business.name}} merge tag). */
  async businessName(businessId: string): Promise<string> {
    const [row] = await this.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    return row?.name ?? '';
  }
}
