import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { DocumentListParamsData, DocumentStatus } from '@atrium/domain-documents/schemas';
import type { Database, Executor } from '../../db/client';
import {
  businesses,
  contacts,
  documentCounts,
  documentLinks,
  documentSearch,
  documentNumberSequences,
  documents,
  images,
  projects,
  signatureWorkflows,
  taxRates,
} from '../../db/schema';
import { escapeLike } from '../../lib/filter-sql';

const { searchText: _searchText, ...DOCUMENT_COLUMNS } = getTableColumns(documents);
export type DocumentRow = Omit<typeof documents.$inferSelect, 'searchText'>;
export type DocumentFields = Omit<
  typeof documents.$inferInsert,
  'id' | 'businessId' | 'searchText' | 'createdAt' | 'updatedAt' | 'received'
>;
export type TaxRateRow = typeof taxRates.$inferSelect;
export type DocumentLinkRow = typeof documentLinks.$inferSelect;

/** The columns of the list (no jsonb body). */
const SUMMARY = {
  id: documents.id,
  type: documents.type,
  status: documents.status,
  title: documents.title,
  number: documents.number,
  contactId: documents.contactId,
  contactName: documents.contactName,
  projectId: documents.projectId,
  isTemplate: documents.isTemplate,
  templateId: documents.templateId,
  currency: documents.currency,
  total: documents.total,
  dueDate: documents.dueDate,
  expiresAt: documents.expiresAt,
  sentAt: documents.sentAt,
  viewedAt: documents.viewedAt,
  completedAt: documents.completedAt,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};
/** The linked contact's and project's names as they are now (joined by primary key). */
const LINKED = {
  contactFullName: sql<
    string | null
  >`nullif(trim(${contacts.firstName} || ' ' || coalesce(${contacts.lastName}, '')), '')`,
  contactEmail: contacts.email,
  projectName: projects.title,
};
export type Linked = { contactFullName: string | null; contactEmail: string | null; projectName: string | null };
export type DocumentSummaryRow = { [K in keyof typeof SUMMARY]: (typeof documents.$inferSelect)[K] } & Linked;
export type DocumentViewRow = DocumentRow & Linked;

/**
 * A sent or viewed document whose expires_at has passed reads as expired: the stored status never says
 * 'expired', so moving expires_at into the future makes it sent/viewed again without a write of the status.
 */
const EXPIRED = sql`(${documents.status} IN ('sent', 'viewed') AND ${documents.expiresAt} IS NOT NULL AND ${documents.expiresAt} <= now())`;

function statusWhere(status: DocumentStatus): SQL {
  if (status === 'expired') return sql`(${documents.status} = 'expired' OR ${EXPIRED})`;
  if (status === 'sent' || status === 'viewed') return sql`(${documents.status} = ${status} AND NOT ${EXPIRED})`;
  return eq(documents.status, status);
}

/** The effective status of a row (see EXPIRED). */
export function effectiveStatus(row: { status: DocumentStatus; expiresAt: Date | null }, now = new Date()) {
  if ((row.status === 'sent' || row.status === 'viewed') && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

const ORDER: Record<DocumentListParamsData['sortBy'], SQL> = {
  updatedAt: sql`${documents.updatedAt}`,
  createdAt: sql`${documents.createdAt}`,
  title: sql`lower(${documents.title})`,
  number: sql`${documents.number}`,
  dueDate: sql`${documents.dueDate}`,
};

export class DocumentsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private listWhere(businessId: string, f: DocumentListParamsData): SQL {
    return and(
      eq(documents.businessId, businessId),
      eq(documents.isTemplate, f.isTemplate),
      f.type ? eq(documents.type, f.type) : undefined,
      f.status ? statusWhere(f.status) : undefined,
      f.contactId ? eq(documents.contactId, f.contactId) : undefined,
      f.projectId ? eq(documents.projectId, f.projectId) : undefined,
      f.search ? sql`${documents.searchText} LIKE ${`%${escapeLike(f.search.toLowerCase())}%`}` : undefined,
    )!;
  }

  /**
   * The total of a list filtered by type and/or status alone (or not at all): the counters of document_counts,
   * corrected for expiry — a sent or viewed document past its expires_at counts as expired (documents_expiring_idx
   * finds those few).
   */
  private async countedTotal(businessId: string, f: DocumentListParamsData): Promise<number> {
    const stored = f.status === 'expired' ? undefined : f.status;
    const [counted] = await this.db
      .select({ n: sql<number>`coalesce(sum(${documentCounts.documents}), 0)`.mapWith(Number) })
      .from(documentCounts)
      .where(
        and(
          eq(documentCounts.businessId, businessId),
          eq(documentCounts.isTemplate, f.isTemplate),
          f.type ? eq(documentCounts.type, f.type) : undefined,
          stored ? eq(documentCounts.status, stored) : undefined,
          f.status === 'expired' ? eq(documentCounts.status, 'expired') : undefined,
        ),
      );
    let total = counted?.n ?? 0;
    if (f.status === 'sent' || f.status === 'viewed' || f.status === 'expired') {
      const [expired] = await this.db
        .select({ n: count() })
        .from(documents)
        .where(
          and(
            eq(documents.businessId, businessId),
            eq(documents.isTemplate, f.isTemplate),
            f.type ? eq(documents.type, f.type) : undefined,
            f.status === 'expired' ? undefined : eq(documents.status, f.status),
            EXPIRED,
          ),
        );
      const n = Number(expired?.n ?? 0);
      total = f.status === 'expired' ? total + n : total - n;
    }
    return total;
  }

  /** The business's document_search rows matching a search (one partition's trigram scan, migration 0028). */
  private searchWhere(businessId: string, f: DocumentListParamsData): SQL {
    return and(
      eq(documentSearch.businessId, businessId),
      eq(documentSearch.isTemplate, f.isTemplate),
      f.type ? eq(documentSearch.type, f.type) : undefined,
      sql`${documentSearch.searchText} LIKE ${`%${escapeLike(f.search!.toLowerCase())}%`}`,
    )!;
  }

  /**
   * One page of the list and the total of matches. The page's rows come from the (business, template, order)
   * indexes; a search from the trigram index (patterns under 3 characters scan the business's rows). The total is
   * the counters' (countedTotal) unless a contact, project or search narrows the list: then a count of the matches
   * (a search alone, or with a type: of document_search's short rows, one partition of them).
   */
  async list(businessId: string, f: DocumentListParamsData): Promise<{ rows: DocumentSummaryRow[]; total: number }> {
    const narrowed = Boolean(f.contactId || f.projectId || f.search);
    // A search alone (or with a type) is counted on document_search's narrow rows.
    const searchOnly = Boolean(f.search) && !f.contactId && !f.projectId && !f.status;
    const dir = f.sortOrder === 'asc' ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
    // Its page comes from documents, whose statistics autovacuum keeps: a partitioned table's own statistics come
    // only from an explicit ANALYZE, and without them a rare term's page walked the whole order index (migration
    // 0028's document_search_business_updated_idx: 578 ms at p95 under ten connections in the bench).
    const where = this.listWhere(businessId, f);
    const [rows, totals] = await Promise.all([
      this.db
        .select({ ...SUMMARY, ...LINKED })
        .from(documents)
        .leftJoin(contacts, eq(contacts.id, documents.contactId))
        .leftJoin(projects, eq(projects.id, documents.projectId))
        .where(where)
        .orderBy(sql`${ORDER[f.sortBy]} ${dir}`, sql`${documents.id} ${dir}`)
        .limit(f.limit)
        .offset((f.page - 1) * f.limit),
      searchOnly
        ? this.db
            .select({ n: count() })
            .from(documentSearch)
            .where(this.searchWhere(businessId, f))
            .then(([row]) => Number(row?.n ?? 0))
        : narrowed
          ? this.db
              .select({ n: count() })
              .from(documents)
              .where(where)
              .then(([row]) => Number(row?.n ?? 0))
          : this.countedTotal(businessId, f),
    ]);
    return { rows: rows as DocumentSummaryRow[], total: totals };
  }

  /** A project's documents (not templates), newest first. */
  async ofProject(businessId: string, projectId: string): Promise<DocumentSummaryRow[]> {
    return (await this.db
      .select({ ...SUMMARY, ...LINKED })
      .from(documents)
      .leftJoin(contacts, eq(contacts.id, documents.contactId))
      .leftJoin(projects, eq(projects.id, documents.projectId))
      .where(
        and(eq(documents.businessId, businessId), eq(documents.projectId, projectId), eq(documents.isTemplate, false)),
      )
      .orderBy(sql`${documents.updatedAt} DESC NULLS LAST`, sql`${documents.id} DESC NULLS LAST`)
      .limit(500)) as DocumentSummaryRow[];
  }

  /** These documents of the business (unknown or others' ids left out). */
  async summariesOf(businessId: string, ids: readonly string[]): Promise<DocumentSummaryRow[]> {
    return (await this.db
      .select({ ...SUMMARY, ...LINKED })
      .from(documents)
      .leftJoin(contacts, eq(contacts.id, documents.contactId))
      .leftJoin(projects, eq(projects.id, documents.projectId))
      .where(and(eq(documents.businessId, businessId), inArray(documents.id, [...ids])))) as DocumentSummaryRow[];
  }

  async find(businessId: string, id: string, db: Executor = this.db, lock = false): Promise<DocumentRow | null> {
    const query = db
      .select(DOCUMENT_COLUMNS)
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.businessId, businessId)));
    const [row] = lock ? await query.for('update') : await query;
    return (row as DocumentRow | undefined) ?? null;
  }

  /** The document with its contact's and project's names (null when it is not the business's). */
  async findView(businessId: string | null, id: string): Promise<DocumentViewRow | null> {
    const [row] = await this.db
      .select({ ...DOCUMENT_COLUMNS, ...LINKED })
      .from(documents)
      .leftJoin(contacts, eq(contacts.id, documents.contactId))
      .leftJoin(projects, eq(projects.id, documents.projectId))
      .where(and(eq(documents.id, id), businessId === null ? undefined : eq(documents.businessId, businessId)));
    return (row as DocumentViewRow | undefined) ?? null;
  }

  /** The document by id alone (the public link; the caller checks the link's business). */
  async findById(id: string): Promise<DocumentRow | null> {
    const [row] = await this.db.select(DOCUMENT_COLUMNS).from(documents).where(eq(documents.id, id));
    return (row as DocumentRow | undefined) ?? null;
  }

  async insert(businessId: string, fields: DocumentFields, db: Executor = this.db): Promise<DocumentRow> {
    const [row] = await db
      .insert(documents)
      .values({ ...fields, businessId })
      .returning(DOCUMENT_COLUMNS);
    return row as DocumentRow;
  }

  async update(
    businessId: string,
    id: string,
    fields: Partial<DocumentFields>,
    db: Executor = this.db,
  ): Promise<DocumentRow | null> {
    const [row] = await db
      .update(documents)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(documents.id, id), eq(documents.businessId, businessId)))
      .returning(DOCUMENT_COLUMNS);
    return (row as DocumentRow | undefined) ?? null;
  }

  /**
   * Deletes the document. A contract's draft signature workflows go with it (nothing was sent, so no evidence);
   * false with `kept` when a workflow past its draft holds it (its evidence stays: the foreign key does not cascade).
   */
  async remove(businessId: string, id: string): Promise<boolean | 'kept'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.businessId, businessId)))
        .for('update');
      if (!row) return false;
      const [held] = await tx
        .select({ id: signatureWorkflows.id })
        .from(signatureWorkflows)
        .where(and(eq(signatureWorkflows.documentId, id), sql`${signatureWorkflows.status} <> 'draft'`))
        .limit(1);
      if (held) return 'kept' as const;
      await tx.delete(signatureWorkflows).where(eq(signatureWorkflows.documentId, id));
      const rows = await tx
        .delete(documents)
        .where(and(eq(documents.id, id), eq(documents.businessId, businessId)))
        .returning({ id: documents.id });
      return rows.length > 0;
    });
  }

  /** The next number of the business's `kind` sequence (1, 2, …), inside the creating transaction. */
  async nextNumber(businessId: string, kind: string, db: Executor): Promise<number> {
    const [row] = await db
      .insert(documentNumberSequences)
      .values({ businessId, kind, lastValue: 1 })
      .onConflictDoUpdate({
        target: [documentNumberSequences.businessId, documentNumberSequences.kind],
        set: { lastValue: sql`${documentNumberSequences.lastValue} + 1` },
      })
      .returning({ value: documentNumberSequences.lastValue });
    return row!.value;
  }

  /** Marks a sent document viewed, once (the first open of its link). */
  async markViewed(id: string): Promise<void> {
    await this.db
      .update(documents)
      .set({ status: 'viewed', viewedAt: sql`now()` })
      .where(and(eq(documents.id, id), eq(documents.status, 'sent')));
  }

  // ---- what a document refers to ----

  async contactOf(
    businessId: string,
    id: string,
    db: Executor = this.db,
  ): Promise<{
    id: string;
    firstName: string;
    lastName: string | null;
    email: string;
    phone: string | null;
    company: string | null;
  } | null> {
    const [row] = await db
      .select({
        id: contacts.id,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
        phone: sql<
          string | null
        >`nullif(trim(coalesce(${contacts.phoneCode}, '') || ' ' || coalesce(${contacts.phoneNumber}, '')), '')`,
        company: contacts.business,
      })
      .from(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.businessId, businessId)));
    return row ?? null;
  }

  async projectOf(
    businessId: string,
    id: string,
    db: Executor = this.db,
  ): Promise<{ id: string; name: string } | null> {
    const [row] = await db
      .select({ id: projects.id, name: projects.title })
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.businessId, businessId)));
    return row ?? null;
  }

  async businessOf(id: string): Promise<{ name: string; logo: string | null; colors: unknown } | null> {
    const [row] = await this.db
      .select({ name: businesses.name, logo: businesses.logo, colors: businesses.colors })
      .from(businesses)
      .where(eq(businesses.id, id));
    return row ?? null;
  }

  /** The business's logo bytes (the images module's row), for the PDF; null without one. */
  async businessLogo(businessId: string): Promise<Uint8Array | null> {
    const [row] = await this.db
      .select({ bytes: images.bytes })
      .from(images)
      .where(and(eq(images.kind, 'business_logo'), eq(images.businessId, businessId)))
      .limit(1);
    return row ? new Uint8Array(row.bytes) : null;
  }

  // ---- tax rates ----

  async taxRates(businessId: string, db: Executor = this.db): Promise<TaxRateRow[]> {
    return db
      .select()
      .from(taxRates)
      .where(eq(taxRates.businessId, businessId))
      .orderBy(sql`lower(${taxRates.name})`, taxRates.id);
  }

  async insertTaxRate(businessId: string, name: string, rate: number): Promise<TaxRateRow> {
    const [row] = await this.db.insert(taxRates).values({ businessId, name, rate }).returning();
    return row!;
  }

  async updateTaxRate(
    businessId: string,
    id: string,
    fields: { name?: string; rate?: number },
  ): Promise<TaxRateRow | null> {
    const [row] = await this.db
      .update(taxRates)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(taxRates.id, id), eq(taxRates.businessId, businessId)))
      .returning();
    return row ?? null;
  }

  async removeTaxRate(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(taxRates)
      .where(and(eq(taxRates.id, id), eq(taxRates.businessId, businessId)))
      .returning({ id: taxRates.id });
    return rows.length > 0;
  }

  // ---- links ----

  async insertLink(
    link: { documentId: string; businessId: string; tokenHash: string; expiresAt: Date; createdBy: string },
    db: Executor = this.db,
  ): Promise<DocumentLinkRow> {
    const [row] = await db.insert(documentLinks).values(link).returning();
    return row!;
  }

  async linkByHash(tokenHash: string): Promise<DocumentLinkRow | null> {
    const [row] = await this.db.select().from(documentLinks).where(eq(documentLinks.tokenHash, tokenHash));
    return row ?? null;
  }
}
