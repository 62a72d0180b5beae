import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { ResponseListParamsData } from '@atrium/domain-documents/schemas';
import type { Database, Executor } from '../../db/client';
import { businessMembers, businesses, contactForms, formSubmissions, users } from '../../db/schema';
import { escapeLike } from '../../lib/filter-sql';

export type ContactFormRow = typeof contactForms.$inferSelect;
export type ContactFormFields = Omit<typeof contactForms.$inferInsert, 'id' | 'businessId' | 'createdAt' | 'updatedAt'>;
const { searchText: _searchText, ...SUBMISSION_COLUMNS } = getTableColumns(formSubmissions);
export type SubmissionRow = Omit<typeof formSubmissions.$inferSelect, 'searchText'>;
export type NewSubmission = Omit<typeof formSubmissions.$inferInsert, 'id' | 'searchText' | 'createdAt'>;
const { answers: _answers, ...SUMMARY_COLUMNS } = SUBMISSION_COLUMNS;
export type SubmissionSummaryRow = Omit<SubmissionRow, 'answers'>;

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

  async removeSubmission(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(formSubmissions)
      .where(and(eq(formSubmissions.businessId, businessId), eq(formSubmissions.id, id)))
      .returning({ id: formSubmissions.id });
    return rows.length > 0;
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
}

function submissionCount(): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM form_submissions s WHERE s.form_id = "contact_forms"."id")`;
}
