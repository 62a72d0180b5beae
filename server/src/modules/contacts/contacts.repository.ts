import { and, count, eq, getTableColumns, inArray, like, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ContactListParamsData, ContactSortField, SortOrder } from '@atrium/contracts';
import type { Database, Executor } from '../../db/client';
import { contactGroupMembers, contactGroups, contacts, contactTagLinks, contactTags, notes } from '../../db/schema';
import { dateBoundsSql, escapeLike, filterGroupsSql, type FilterColumns } from '../../lib/filter-sql';

const {
  searchText: _searchText,
  businessId: _businessId,
  createdBy: _createdBy,
  ...contactColumns
} = getTableColumns(contacts);

// One query per page: memberships and tags come as arrays from correlated subqueries on their primary keys.
const groupIds = sql<string[]>`coalesce((
  SELECT array_agg(${contactGroupMembers.groupId} ORDER BY ${contactGroupMembers.createdAt}, ${contactGroupMembers.groupId})
  FROM ${contactGroupMembers} WHERE ${contactGroupMembers.contactId} = ${contacts.id}
), '{}')`;
const tagIds = sql<string[]>`coalesce((
  SELECT array_agg(${contactTagLinks.tagId} ORDER BY ${contactTagLinks.createdAt}, ${contactTagLinks.tagId})
  FROM ${contactTagLinks} WHERE ${contactTagLinks.contactId} = ${contacts.id}
), '{}')`;

const selection = { ...contactColumns, groupIds, tags: tagIds };
export type ContactRow = { [K in keyof typeof contactColumns]: (typeof contacts.$inferSelect)[K] } & {
  groupIds: string[];
  tags: string[];
};

export type NewContact = Omit<
  typeof contacts.$inferInsert,
  'id' | 'businessId' | 'createdBy' | 'searchText' | 'createdAt' | 'updatedAt'
>;

/** The whitelist of filter fields (contracts' CONTACT_FILTER_FIELDS) → columns. */
const FILTER_COLUMNS: FilterColumns = {
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  phoneCode: contacts.phoneCode,
  phoneNumber: contacts.phoneNumber,
  business: contacts.business,
  status: contacts.status,
  jobTitle: contacts.jobTitle,
  industry: contacts.industry,
  specialities: contacts.specialities,
  foundDate: contacts.foundDate,
  lastContact: contacts.lastContact,
  dateCreated: contacts.createdAt,
  address: contacts.address,
  address2: contacts.address2,
  city: contacts.city,
  state: contacts.state,
  zipCode: contacts.zipCode,
  country: contacts.country,
  linkedin: contacts.linkedin,
  x: contacts.x,
  instagram: contacts.instagram,
  facebook: contacts.facebook,
  blog: contacts.blog,
  youtube: contacts.youtube,
  tiktok: contacts.tiktok,
  other: contacts.other,
  notes: contacts.notes,
};

/**
 * ORDER BY per sort, written to match an index of schema.ts exactly (including NULLS placement), with the id as
 * tie-breaker so pages are stable. Text sorts ignore case; empty last names / businesses come last both ways;
 * contacts never contacted count as the least recently contacted.
 */
const ORDER: Record<ContactSortField, Record<SortOrder, SQL[]>> = {
  firstName: {
    asc: [sql`lower(${contacts.firstName}) ASC`, sql`${contacts.id} ASC`],
    desc: [sql`lower(${contacts.firstName}) DESC`, sql`${contacts.id} DESC`],
  },
  lastName: {
    asc: [sql`lower(${contacts.lastName}) ASC NULLS LAST`, sql`${contacts.id} ASC`],
    desc: [sql`lower(${contacts.lastName}) DESC NULLS LAST`, sql`${contacts.id} DESC NULLS LAST`],
  },
  email: {
    asc: [sql`${contacts.email} ASC`, sql`${contacts.id} ASC`],
    desc: [sql`${contacts.email} DESC`, sql`${contacts.id} DESC`],
  },
  business: {
    asc: [sql`lower(${contacts.business}) ASC NULLS LAST`, sql`${contacts.id} ASC`],
    desc: [sql`lower(${contacts.business}) DESC NULLS LAST`, sql`${contacts.id} DESC NULLS LAST`],
  },
  status: {
    asc: [sql`${contacts.status} ASC`, sql`${contacts.id} ASC`],
    desc: [sql`${contacts.status} DESC`, sql`${contacts.id} DESC`],
  },
  dateCreated: {
    asc: [sql`${contacts.createdAt} ASC NULLS FIRST`, sql`${contacts.id} ASC NULLS FIRST`],
    desc: [sql`${contacts.createdAt} DESC NULLS LAST`, sql`${contacts.id} DESC NULLS LAST`],
  },
  lastContact: {
    asc: [sql`${contacts.lastContact} ASC NULLS FIRST`, sql`${contacts.id} ASC NULLS FIRST`],
    desc: [sql`${contacts.lastContact} DESC NULLS LAST`, sql`${contacts.id} DESC NULLS LAST`],
  },
};

export type ContactListFilter = ContactListParamsData & { sortOrder: SortOrder };

const memberOf = (groupIdsList: string[]) =>
  sql`EXISTS (SELECT 1 FROM ${contactGroupMembers} WHERE ${contactGroupMembers.contactId} = ${contacts.id} AND ${inArray(contactGroupMembers.groupId, groupIdsList)})`;

function listWhere(businessId: string, f: ContactListFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(contacts.businessId, businessId)];
  // search_text is lower(first last email business phone), trigram-indexed (GIN gin_trgm_ops).
  if (f.search) conditions.push(like(contacts.searchText, `%${escapeLike(f.search.toLowerCase())}%`));
  if (f.status) conditions.push(eq(contacts.status, f.status));
  if (f.groupId) conditions.push(memberOf([f.groupId]));
  const anyOf = [...new Set([...(f.groupIds ?? []), ...(f.groups ?? [])])];
  if (anyOf.length > 0) conditions.push(memberOf(anyOf));
  if (f.hasGroups !== undefined) {
    const exists = sql`EXISTS (SELECT 1 FROM ${contactGroupMembers} WHERE ${contactGroupMembers.contactId} = ${contacts.id})`;
    conditions.push(f.hasGroups ? exists : sql`NOT ${exists}`);
  }
  if (f.tags && f.tags.length > 0) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${contactTagLinks} WHERE ${contactTagLinks.contactId} = ${contacts.id} AND ${inArray(contactTagLinks.tagId, f.tags)})`,
    );
  }
  conditions.push(...dateBoundsSql(contacts.createdAt, f.dateCreatedFrom, f.dateCreatedTo));
  conditions.push(...dateBoundsSql(contacts.lastContact, f.lastContactFrom, f.lastContactTo));
  conditions.push(filterGroupsSql(f.filters, FILTER_COLUMNS));
  return and(...conditions)!;
}

/** Every query here is scoped to one business. */
export class ContactsRepository {
  constructor(private readonly db: Database) {}

  /** A page of contacts (or, with `export`, every match) and the number of matches. */
  async list(businessId: string, filter: ContactListFilter): Promise<{ rows: ContactRow[]; total: number }> {
    const where = listWhere(businessId, filter);
    const order = ORDER[filter.sortBy][filter.sortOrder];
    const [rows, totals] = await Promise.all([
      filter.export
        ? this.db
            .select(selection)
            .from(contacts)
            .where(where)
            .orderBy(...order)
        : this.page(businessId, where, order, filter),
      this.db.select({ total: count() }).from(contacts).where(where),
    ]);
    return { rows: rows as ContactRow[], total: totals[0]?.total ?? 0 };
  }

  /**
   * One page in two steps: the page's ids first (the sort index alone), then the full rows with their group and
   * tag ids for just those ids. The array subqueries would otherwise run for every row OFFSET skips.
   */
  private async page(
    businessId: string,
    where: SQL | undefined,
    order: SQL[],
    filter: ContactListFilter,
  ): Promise<ContactRow[]> {
    const page = await this.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const ids = page.map((r) => r.id);
    if (ids.length === 0) return [];
    const found = (await this.db
      .select(selection)
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, ids)))) as ContactRow[];
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async findById(businessId: string, id: string, db: Executor = this.db): Promise<ContactRow | null> {
    const [row] = await db
      .select(selection)
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
      .limit(1);
    return (row as ContactRow | undefined) ?? null;
  }

  /** The subset of `ids` that are groups of this business. */
  async existingGroupIds(businessId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(and(eq(contactGroups.businessId, businessId), inArray(contactGroups.id, ids)));
    return rows.map((r) => r.id);
  }

  /** The subset of `ids` that are tags of this business. */
  async existingTagIds(businessId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: contactTags.id })
      .from(contactTags)
      .where(and(eq(contactTags.businessId, businessId), inArray(contactTags.id, ids)));
    return rows.map((r) => r.id);
  }

  async create(
    businessId: string,
    createdBy: string,
    data: NewContact,
    groups: string[],
    tags: string[],
  ): Promise<ContactRow> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(contacts)
        .values({ ...data, businessId, createdBy })
        .returning({ id: contacts.id });
      const id = created!.id;
      await setGroups(tx, businessId, id, groups);
      await setTags(tx, businessId, id, tags);
      return (await this.findById(businessId, id, tx))!;
    });
  }

  /** Replaces the fields, the memberships and (when given) the tags. Null when the contact is not found. */
  async update(
    businessId: string,
    id: string,
    data: NewContact,
    groups: string[],
    tags: string[] | undefined,
  ): Promise<ContactRow | null> {
    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(contacts)
        .set({ ...data, updatedAt: sql`now()` })
        .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
        .returning({ id: contacts.id });
      if (!updated) return null;
      await setGroups(tx, businessId, id, groups);
      if (tags) await setTags(tx, businessId, id, tags);
      return this.findById(businessId, id, tx);
    });
  }

  /** Deletes the contact with its memberships, tag links and notes, in one transaction. */
  async delete(businessId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
        .for('update');
      if (!found) return false;
      await tx.delete(contactGroupMembers).where(eq(contactGroupMembers.contactId, id));
      await tx.delete(contactTagLinks).where(eq(contactTagLinks.contactId, id));
      await tx
        .delete(notes)
        .where(and(eq(notes.businessId, businessId), eq(notes.entityType, 'contact'), eq(notes.entityId, id)));
      await tx.delete(contacts).where(eq(contacts.id, id));
      return true;
    });
  }
}

/** Makes the contact's groups exactly `groups` (ids already checked to belong to the business). */
async function setGroups(tx: Executor, businessId: string, contactId: string, groups: string[]): Promise<void> {
  await tx
    .delete(contactGroupMembers)
    .where(
      and(
        eq(contactGroupMembers.contactId, contactId),
        groups.length > 0 ? notInArray(contactGroupMembers.groupId, groups) : undefined,
      ),
    );
  if (groups.length > 0) {
    await tx
      .insert(contactGroupMembers)
      .values(groups.map((groupId) => ({ contactId, groupId, businessId })))
      .onConflictDoNothing();
  }
}

/** Makes the contact's tags exactly `tags` (ids already checked to belong to the business). */
async function setTags(tx: Executor, businessId: string, contactId: string, tags: string[]): Promise<void> {
  await tx
    .delete(contactTagLinks)
    .where(
      and(
        eq(contactTagLinks.contactId, contactId),
        tags.length > 0 ? notInArray(contactTagLinks.tagId, tags) : undefined,
      ),
    );
  if (tags.length > 0) {
    await tx
      .insert(contactTagLinks)
      .values(tags.map((tagId) => ({ contactId, tagId, businessId })))
      .onConflictDoNothing();
  }
}
