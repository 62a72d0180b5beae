import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PackageListParamsData } from '@atrium/domain-documents/schemas';
import type { Database, Executor } from '../../db/client';
import { businesses, contacts, packageItems, packageLinks, packages } from '../../db/schema';
import { escapeLike } from '../../lib/filter-sql';

export type PackageRow = typeof packages.$inferSelect;
export type PackageLinkRow = typeof packageLinks.$inferSelect;
/** A package with its contact's name and email as they are now. */
export type PackageViewRow = PackageRow & { contactFullName: string | null; contactEmail: string | null };

const VIEW = {
  id: packages.id,
  businessId: packages.businessId,
  createdBy: packages.createdBy,
  name: packages.name,
  contactId: packages.contactId,
  status: packages.status,
  sentAt: packages.sentAt,
  createdAt: packages.createdAt,
  updatedAt: packages.updatedAt,
  contactFullName: sql<
    string | null
  >`nullif(trim(${contacts.firstName} || ' ' || coalesce(${contacts.lastName}, '')), '')`,
  contactEmail: contacts.email,
};

/** All the SQL of packages: packages, package_items, package_links (and the contact's name for the answers). */
export class PackagesRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async list(businessId: string, f: PackageListParamsData): Promise<{ rows: PackageViewRow[]; total: number }> {
    const where = and(
      eq(packages.businessId, businessId),
      f.contactId ? eq(packages.contactId, f.contactId) : undefined,
      f.search ? sql`lower(${packages.name}) LIKE ${`%${escapeLike(f.search.toLowerCase())}%`}` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(VIEW)
        .from(packages)
        .leftJoin(contacts, eq(contacts.id, packages.contactId))
        .where(where)
        .orderBy(sql`${packages.updatedAt} DESC`, sql`${packages.id} DESC`)
        .limit(f.limit)
        .offset((f.page - 1) * f.limit),
      this.db.select({ n: count() }).from(packages).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async find(businessId: string, id: string, db: Executor = this.db, lock = false): Promise<PackageRow | null> {
    const query = db
      .select()
      .from(packages)
      .where(and(eq(packages.id, id), eq(packages.businessId, businessId)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async findView(businessId: string, id: string): Promise<PackageViewRow | null> {
    const [row] = await this.db
      .select(VIEW)
      .from(packages)
      .leftJoin(contacts, eq(contacts.id, packages.contactId))
      .where(and(eq(packages.id, id), eq(packages.businessId, businessId)));
    return row ?? null;
  }

  /** The document ids of these packages, each package's in order. */
  async itemsOf(packageIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(packageIds.map((id) => [id, []]));
    if (packageIds.length === 0) return out;
    const rows = await this.db
      .select({ packageId: packageItems.packageId, documentId: packageItems.documentId })
      .from(packageItems)
      .where(inArray(packageItems.packageId, [...packageIds]))
      .orderBy(asc(packageItems.packageId), asc(packageItems.position));
    for (const r of rows) out.get(r.packageId)?.push(r.documentId);
    return out;
  }

  /** Which of these documents already sit in another package of the business, and its name. */
  async packagesHolding(
    businessId: string,
    documentIds: readonly string[],
    exceptPackageId: string | null,
  ): Promise<{ documentId: string; packageName: string }[]> {
    if (documentIds.length === 0) return [];
    return this.db
      .select({ documentId: packageItems.documentId, packageName: packages.name })
      .from(packageItems)
      .innerJoin(packages, eq(packages.id, packageItems.packageId))
      .where(
        and(
          eq(packageItems.businessId, businessId),
          inArray(packageItems.documentId, [...documentIds]),
          exceptPackageId ? ne(packageItems.packageId, exceptPackageId) : undefined,
        ),
      );
  }

  /** The package a document sits in (at most one), with its business and who made it; null when none. */
  async packageOfDocument(
    documentId: string,
  ): Promise<{ packageId: string; businessId: string; createdBy: string | null } | null> {
    const [row] = await this.db
      .select({ packageId: packages.id, businessId: packages.businessId, createdBy: packages.createdBy })
      .from(packageItems)
      .innerJoin(packages, eq(packages.id, packageItems.packageId))
      .where(eq(packageItems.documentId, documentId));
    return row ?? null;
  }

  async contactOf(businessId: string, id: string): Promise<{ id: string } | null> {
    const [row] = await this.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.businessId, businessId)));
    return row ?? null;
  }

  async insert(
    businessId: string,
    fields: { name: string; contactId: string; createdBy: string },
    db: Executor,
  ): Promise<PackageRow> {
    const [row] = await db
      .insert(packages)
      .values({ ...fields, businessId })
      .returning();
    return row!;
  }

  async update(
    businessId: string,
    id: string,
    fields: Partial<Pick<PackageRow, 'name' | 'contactId' | 'status' | 'sentAt'>>,
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .update(packages)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(packages.id, id), eq(packages.businessId, businessId)));
  }

  /** Replaces the package's documents by these, in this order. */
  async setItems(businessId: string, packageId: string, documentIds: readonly string[], db: Executor): Promise<void> {
    await db.delete(packageItems).where(eq(packageItems.packageId, packageId));
    if (documentIds.length === 0) return;
    await db
      .insert(packageItems)
      .values(documentIds.map((documentId, position) => ({ packageId, documentId, businessId, position })));
  }

  async remove(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(packages)
      .where(and(eq(packages.id, id), eq(packages.businessId, businessId)))
      .returning({ id: packages.id });
    return rows.length > 0;
  }

  async businessName(id: string): Promise<string> {
    const [row] = await this.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, id));
    return row?.name ?? '';
  }

  // ---- links ----

  async insertLink(
    link: { packageId: string; businessId: string; tokenHash: string; expiresAt: Date; createdBy: string },
    db: Executor = this.db,
  ): Promise<PackageLinkRow> {
    const [row] = await db.insert(packageLinks).values(link).returning();
    return row!;
  }

  async linkByHash(tokenHash: string): Promise<PackageLinkRow | null> {
    const [row] = await this.db.select().from(packageLinks).where(eq(packageLinks.tokenHash, tokenHash));
    return row ?? null;
  }
}
