import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { WorkflowListParamsData } from '@atrium/domain-documents/schemas';
import type { Database, Executor } from '../../db/client';
import { signatureAudit, signatureSigners, signatureWorkflows } from '../../db/schema';
import { escapeLike } from '../../lib/filter-sql';

export type WorkflowRow = typeof signatureWorkflows.$inferSelect;
export type WorkflowInsert = typeof signatureWorkflows.$inferInsert;
export type SignerRow = typeof signatureSigners.$inferSelect;
export type SignerInsert = typeof signatureSigners.$inferInsert;
export type AuditRow = typeof signatureAudit.$inferSelect;
export type AuditInsert = typeof signatureAudit.$inferInsert;
/** A workflow with its signers' counts and names, for the list. */
export type WorkflowListRow = WorkflowRow & { signerCount: number; signedCount: number; signerNames: string[] };

/** Workflows that still wait for signatures. */
export const OPEN_STATUSES = ['draft', 'sent', 'in_progress'] as const;

/** All the SQL of signatures: signature_workflows, signature_signers, signature_audit. */
export class SignaturesRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---- workflows ----

  async list(businessId: string, f: WorkflowListParamsData): Promise<{ rows: WorkflowListRow[]; total: number }> {
    const term = f.search ? `%${escapeLike(f.search.toLowerCase())}%` : null;
    const where = and(
      eq(signatureWorkflows.businessId, businessId),
      f.status ? eq(signatureWorkflows.status, f.status) : undefined,
      f.documentId ? eq(signatureWorkflows.documentId, f.documentId) : undefined,
      term
        ? sql`(lower(${signatureWorkflows.documentTitle}) LIKE ${term} OR EXISTS (SELECT 1 FROM ${signatureSigners} s
              WHERE s.workflow_id = ${signatureWorkflows.id}
                AND (lower(s.name) LIKE ${term} OR lower(s.email) LIKE ${term})))`
        : undefined,
    );
    const stats = this.db
      .select({
        workflowId: signatureSigners.workflowId,
        signerCount: sql<number>`count(*)::int`.as('signer_count'),
        signedCount: sql<number>`(count(*) FILTER (WHERE ${signatureSigners.status} = 'signed'))::int`.as(
          'signed_count',
        ),
        signerNames: sql<string[]>`array_agg(${signatureSigners.name} ORDER BY ${signatureSigners.position})`.as(
          'signer_names',
        ),
      })
      .from(signatureSigners)
      .groupBy(signatureSigners.workflowId)
      .as('stats');
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          workflow: signatureWorkflows,
          signerCount: stats.signerCount,
          signedCount: stats.signedCount,
          signerNames: stats.signerNames,
        })
        .from(signatureWorkflows)
        .leftJoin(stats, eq(stats.workflowId, signatureWorkflows.id))
        .where(where)
        .orderBy(desc(signatureWorkflows.updatedAt), desc(signatureWorkflows.id))
        .limit(f.limit)
        .offset((f.page - 1) * f.limit),
      this.db.select({ n: count() }).from(signatureWorkflows).where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        ...r.workflow,
        signerCount: Number(r.signerCount ?? 0),
        signedCount: Number(r.signedCount ?? 0),
        signerNames: r.signerNames ?? [],
      })),
      total: Number(total?.n ?? 0),
    };
  }

  /** The business's workflow; with `lock`, its row stays locked until `db` (a transaction) ends. */
  async find(businessId: string, id: string, db: Executor = this.db, lock = false): Promise<WorkflowRow | null> {
    const query = db
      .select()
      .from(signatureWorkflows)
      .where(and(eq(signatureWorkflows.id, id), eq(signatureWorkflows.businessId, businessId)));
    const [row] = await (lock ? query.for('update') : query);
    return row ?? null;
  }

  /** A workflow by id alone (a signer's link and the jobs know no business yet); locked like find. */
  async byId(id: string, db: Executor = this.db, lock = false): Promise<WorkflowRow | null> {
    const query = db.select().from(signatureWorkflows).where(eq(signatureWorkflows.id, id));
    const [row] = await (lock ? query.for('update') : query);
    return row ?? null;
  }

  async latestOfDocument(businessId: string, documentId: string): Promise<WorkflowRow | null> {
    const [row] = await this.db
      .select()
      .from(signatureWorkflows)
      .where(and(eq(signatureWorkflows.businessId, businessId), eq(signatureWorkflows.documentId, documentId)))
      .orderBy(desc(signatureWorkflows.createdAt), desc(signatureWorkflows.id))
      .limit(1);
    return row ?? null;
  }

  /** The document's workflow still open (draft, sent, in progress), if any. */
  async openOfDocument(businessId: string, documentId: string, db: Executor = this.db): Promise<WorkflowRow | null> {
    const [row] = await db
      .select()
      .from(signatureWorkflows)
      .where(
        and(
          eq(signatureWorkflows.businessId, businessId),
          eq(signatureWorkflows.documentId, documentId),
          inArray(signatureWorkflows.status, [...OPEN_STATUSES]),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async insert(values: WorkflowInsert, signers: Omit<SignerInsert, 'workflowId'>[], tx: Executor): Promise<string> {
    const [row] = await tx.insert(signatureWorkflows).values(values).returning({ id: signatureWorkflows.id });
    const id = row!.id;
    if (signers.length) await tx.insert(signatureSigners).values(signers.map((s) => ({ ...s, workflowId: id })));
    return id;
  }

  async update(id: string, patch: Partial<WorkflowInsert>, db: Executor = this.db): Promise<void> {
    await db
      .update(signatureWorkflows)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(signatureWorkflows.id, id));
  }

  /** Sets the sealed file once: false when another run stored one first. */
  async setSealed(id: string, fileId: string, sha256: string, db: Executor = this.db): Promise<boolean> {
    const rows = await db
      .update(signatureWorkflows)
      .set({ signedFileId: fileId, signedSha256: sha256, updatedAt: new Date() })
      .where(and(eq(signatureWorkflows.id, id), isNull(signatureWorkflows.signedFileId)))
      .returning({ id: signatureWorkflows.id });
    return rows.length > 0;
  }

  /** Open workflows whose expiry has passed. */
  async expiredOpen(now: Date, limit = 100): Promise<WorkflowRow[]> {
    return this.db
      .select()
      .from(signatureWorkflows)
      .where(and(inArray(signatureWorkflows.status, [...OPEN_STATUSES]), lte(signatureWorkflows.expiresAt, now)))
      .limit(limit);
  }

  /**
   * Completed workflows whose sealed PDF is not stored yet (a seal that failed is tried again); one sealed before
   * (its hash recorded) is not sealed again.
   */
  async unsealed(limit = 20): Promise<WorkflowRow[]> {
    return (
      this.db
        .select()
        .from(signatureWorkflows)
        .where(
          and(
            eq(signatureWorkflows.status, 'completed'),
            isNull(signatureWorkflows.signedFileId),
            isNull(signatureWorkflows.signedSha256),
          ),
        )
        // Oldest first, so a few that keep failing do not hide the newer ones for ever.
        .orderBy(asc(signatureWorkflows.completedAt), asc(signatureWorkflows.id))
        .limit(limit)
    );
  }

  /**
   * Invited signers who have not signed, of sent or in-progress workflows with reminders on, whose last
   * invitation or reminder is at least the workflow's interval old.
   */
  async dueReminders(now: Date, limit = 200): Promise<{ workflowId: string; signerId: string }[]> {
    return this.db
      .select({ workflowId: signatureSigners.workflowId, signerId: signatureSigners.id })
      .from(signatureSigners)
      .innerJoin(signatureWorkflows, eq(signatureWorkflows.id, signatureSigners.workflowId))
      .where(
        and(
          inArray(signatureWorkflows.status, ['sent', 'in_progress']),
          sql`${signatureWorkflows.reminderIntervalDays} > 0`,
          sql`${signatureWorkflows.expiresAt} > ${now}`,
          inArray(signatureSigners.status, ['sent', 'opened', 'consented']),
          isNotNull(signatureSigners.tokenHash),
          sql`coalesce(${signatureSigners.lastRemindedAt}, ${signatureSigners.invitedAt}) <=
              ${now}::timestamptz - make_interval(days => ${signatureWorkflows.reminderIntervalDays})`,
        ),
      )
      .limit(limit);
  }

  // ---- signers ----

  async signersOf(workflowId: string, db: Executor = this.db): Promise<SignerRow[]> {
    return db
      .select()
      .from(signatureSigners)
      .where(eq(signatureSigners.workflowId, workflowId))
      .orderBy(asc(signatureSigners.position));
  }

  async signerByTokenHash(tokenHash: string, db: Executor = this.db): Promise<SignerRow | null> {
    const [row] = await db.select().from(signatureSigners).where(eq(signatureSigners.tokenHash, tokenHash));
    return row ?? null;
  }

  async updateSigner(id: string, patch: Partial<SignerInsert>, db: Executor = this.db): Promise<void> {
    await db.update(signatureSigners).set(patch).where(eq(signatureSigners.id, id));
  }

  // ---- audit ----

  async lastAudit(workflowId: string, db: Executor): Promise<{ sequence: number; hash: string } | null> {
    const [row] = await db
      .select({ sequence: signatureAudit.sequence, hash: signatureAudit.hash })
      .from(signatureAudit)
      .where(eq(signatureAudit.workflowId, workflowId))
      .orderBy(desc(signatureAudit.sequence))
      .limit(1);
    return row ?? null;
  }

  async insertAudit(row: AuditInsert, db: Executor): Promise<void> {
    await db.insert(signatureAudit).values(row);
  }

  async auditOf(workflowId: string, db: Executor = this.db): Promise<AuditRow[]> {
    return db
      .select()
      .from(signatureAudit)
      .where(eq(signatureAudit.workflowId, workflowId))
      .orderBy(asc(signatureAudit.sequence));
  }
}
