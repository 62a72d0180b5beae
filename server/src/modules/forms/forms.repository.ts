import { and, count, desc, eq, getTableColumns, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ResponseListParamsData } from '@atrium/domain-documents/schemas';
import type { Database, Executor } from '../../db/client';
import {
  businessMembers,
  businesses,
  contactForms,
  formSubmissions,
  formUploads,
  users,
  workFiles,
} from '../../db/schema';
import { escapeLike } from '../../lib/filter-sql';

export type ContactFormRow = typeof contactForms.$inferSelect;
export type ContactFormFields = Omit<typeof contactForms.$inferInsert, 'id' | 'businessId' | 'createdAt' | 'updatedAt'>;
const { searchText: _searchText, ...SUBMISSION_COLUMNS } = getTableColumns(formSubmissions);
export type SubmissionRow = Omit<typeof formSubmissions.$inferSelect, 'searchText'>;
export type NewSubmission = Omit<typeof formSubmissions.$inferInsert, 'id' | 'searchText' | 'createdAt'>;
const { answers: _answers, ...SUMMARY_COLUMNS } = SUBMISSION_COLUMNS;
export type SubmissionSummaryRow = Omit<SubmissionRow, 'answers'>;

/** Where a visitor's upload belongs: a contact form, or a questionnaire through its link. */
export type UploadTarget = { businessId: string } & (
  { formId: string; documentId?: undefined } | { documentId: string; formId?: undefined }
);

const ofTarget = (t: UploadTarget): SQL =>
  and(
    eq(formUploads.businessId, t.businessId),
    t.formId !== undefined ? eq(formUploads.formId, t.formId) : eq(formUploads.documentId, t.documentId),
  )!;

/** Contact forms and their submissions (form_submissions also holds questionnaires' answers). */
export class FormsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(run: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => run(tx));
  }

  async listForms(
    businessId: string,
    f: { page: number; limit: number; search?: string; status?: 'active' | 'inactive' },
  ): Promise<{ rows: (ContactFormRow & { submissionCount: number })[]; total: number }> {
    const where = and(
      eq(contactForms.businessId, businessId),
      f.status ? eq(contactForms.status, f.status) : undefined,
      f.search ? sql`${contactForms.name} ILIKE ${`%${escapeLike(f.search)}%`}` : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ ...getTableColumns(contactForms), submissionCount: submissionCount() })
        .from(contactForms)
        .where(where)
        .orderBy(desc(contactForms.createdAt), desc(contactForms.id))
        .limit(f.limit)
        .offset((f.page - 1) * f.limit),
      this.db.select({ n: count() }).from(contactForms).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  async findForm(businessId: string, id: string): Promise<(ContactFormRow & { submissionCount: number }) | null> {
    const [row] = await this.db
      .select({ ...getTableColumns(contactForms), submissionCount: submissionCount() })
      .from(contactForms)
      .where(and(eq(contactForms.businessId, businessId), eq(contactForms.id, id)));
    return row ?? null;
  }

  async formByPublicId(publicId: string): Promise<ContactFormRow | null> {
    const [row] = await this.db.select().from(contactForms).where(eq(contactForms.publicId, publicId));
    return row ?? null;
  }

  async insertForm(businessId: string, fields: ContactFormFields): Promise<string> {
    const [row] = await this.db
      .insert(contactForms)
      .values({ ...fields, businessId })
      .returning({ id: contactForms.id });
    return row!.id;
  }

  async updateForm(businessId: string, id: string, fields: Partial<ContactFormFields>): Promise<boolean> {
    const rows = await this.db
      .update(contactForms)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(contactForms.businessId, businessId), eq(contactForms.id, id)))
      .returning({ id: contactForms.id });
    return rows.length > 0;
  }

  async removeForm(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(contactForms)
      .where(and(eq(contactForms.businessId, businessId), eq(contactForms.id, id)))
      .returning({ id: contactForms.id });
    return rows.length > 0;
  }

  async insertSubmission(tx: Executor, row: NewSubmission): Promise<string> {
    const [created] = await tx.insert(formSubmissions).values(row).returning({ id: formSubmissions.id });
    return created!.id;
  }

  async listSubmissions(
    businessId: string,
    f: ResponseListParamsData,
  ): Promise<{ rows: SubmissionSummaryRow[]; total: number }> {
    const where = and(
      eq(formSubmissions.businessId, businessId),
      f.formId ? eq(formSubmissions.formId, f.formId) : undefined,
      f.documentId ? eq(formSubmissions.documentId, f.documentId) : undefined,
      f.source ? eq(formSubmissions.source, f.source) : undefined,
      f.search ? sql`${formSubmissions.searchText} LIKE ${`%${escapeLike(f.search.toLowerCase())}%`}` : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select(SUMMARY_COLUMNS)
        .from(formSubmissions)
        .where(where)
        .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
        .limit(f.limit)
        .offset((f.page - 1) * f.limit),
      this.db.select({ n: count() }).from(formSubmissions).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  async submissionsOfDocument(businessId: string, documentId: string): Promise<SubmissionRow[]> {
    return this.db
      .select(SUBMISSION_COLUMNS)
      .from(formSubmissions)
      .where(and(eq(formSubmissions.businessId, businessId), eq(formSubmissions.documentId, documentId)))
      .orderBy(desc(formSubmissions.createdAt));
  }

  async findSubmission(businessId: string, id: string): Promise<SubmissionRow | null> {
    const [row] = await this.db
      .select(SUBMISSION_COLUMNS)
      .from(formSubmissions)
      .where(and(eq(formSubmissions.businessId, businessId), eq(formSubmissions.id, id)));
    return row ?? null;
  }

  /**
   * Deletes the response. Its files stay the business's (the file manager lists them; the owner deletes them there):
   * their bindings go first, so they are neither free for another submission nor taken for unused uploads.
   */
  async removeSubmission(businessId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.delete(formUploads).where(and(eq(formUploads.businessId, businessId), eq(formUploads.submissionId, id)));
      const rows = await tx
        .delete(formSubmissions)
        .where(and(eq(formSubmissions.businessId, businessId), eq(formSubmissions.id, id)))
        .returning({ id: formSubmissions.id });
      return rows.length > 0;
    });
  }

  /** The business's name and its owners' addresses (who is told of a submission). */
  async businessAndOwners(businessId: string): Promise<{ name: string; owners: string[] }> {
    const [business] = await this.db
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    const owners = await this.db
      .select({ email: users.email })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, 'owner')));
    return { name: business?.name ?? '', owners: owners.map((o) => o.email) };
  }

  // ---- visitors' uploads ----

  async insertUpload(target: UploadTarget, fileId: string): Promise<void> {
    await this.db.insert(formUploads).values({
      fileId,
      businessId: target.businessId,
      formId: target.formId ?? null,
      documentId: target.documentId ?? null,
    });
  }

  /**
   * The uploads of `target` among `fileIds` not used by a submission yet, locked until `tx` ends (two submissions
   * naming one file: the second finds it used), with their stored names.
   */
  async lockUnusedUploads(
    tx: Executor,
    target: UploadTarget,
    fileIds: string[],
  ): Promise<{ fileId: string; name: string }[]> {
    if (fileIds.length === 0) return [];
    return tx
      .select({ fileId: formUploads.fileId, name: workFiles.name })
      .from(formUploads)
      .innerJoin(workFiles, eq(workFiles.id, formUploads.fileId))
      .where(and(ofTarget(target), inArray(formUploads.fileId, fileIds), isNull(formUploads.submissionId)))
      .for('update', { of: formUploads });
  }

  async useUploads(tx: Executor, target: UploadTarget, fileIds: string[], submissionId: string): Promise<void> {
    if (fileIds.length === 0) return;
    await tx
      .update(formUploads)
      .set({ submissionId })
      .where(and(ofTarget(target), inArray(formUploads.fileId, fileIds), isNull(formUploads.submissionId)));
  }

  /** Deletes the business's visitors' files never used by a submission for longer than `olderThanMs`; how many. */
  async removeUnusedUploads(businessId: string, olderThanMs: number): Promise<number> {
    const cutoff = new Date(Date.now() - olderThanMs);
    const stale = this.db
      .select({ id: formUploads.fileId })
      .from(formUploads)
      .where(
        and(
          eq(formUploads.businessId, businessId),
          isNull(formUploads.submissionId),
          lt(formUploads.createdAt, cutoff),
        ),
      );
    const gone = await this.db
      .delete(workFiles)
      .where(and(eq(workFiles.businessId, businessId), inArray(workFiles.id, stale)))
      .returning({ id: workFiles.id });
    return gone.length;
  }
}

function submissionCount(): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM form_submissions s WHERE s.form_id = "contact_forms"."id")`;
}
