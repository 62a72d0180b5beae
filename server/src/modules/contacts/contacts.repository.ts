import { and, count, eq, getTableColumns, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { ContactStatus } from '@atrium/contracts';
import type { Database } from '../../db/client';
import { contactGroupMembers, contactGroups, contacts } from '../../db/schema';

const {
  searchText: _searchText,
  businessId: _businessId,
  createdBy: _createdBy,
  ...contactColumns
} = getTableColumns(contacts);

const groupIds = sql<string[]>`coalesce((
  SELECT array_agg(${contactGroupMembers.groupId} ORDER BY ${contactGroupMembers.createdAt}, ${contactGroupMembers.groupId})
  FROM ${contactGroupMembers} WHERE ${contactGroupMembers.contactId} = ${contacts.id}
), '{}')`;

const selection = { ...contactColumns, groupIds };
export type ContactRow = { [K in keyof typeof contactColumns]: (typeof contacts.$inferSelect)[K] } & {
  groupIds: string[];
};

export type NewContact = Omit<typeof contacts.$inferInsert, 'id' | 'businessId' | 'createdBy' | 'searchText'>;

export interface ContactFilter {
  page: number;
  limit: number;
  search?: string;
  status?: ContactStatus;
}

/** Escapes LIKE wildcards so a search is a plain substring match. */
function likeSubstring(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every query here is scoped to one business. */
export class ContactsRepository {
  constructor(private readonly db: Database) {}

  async list(businessId: string, filter: ContactFilter): Promise<{ rows: ContactRow[]; total: number }> {
    const conditions: SQL[] = [eq(contacts.businessId, businessId)];
    // search_text is lower(first last email business phone), trigram-indexed (GIN gin_trgm_ops).
    if (filter.search) conditions.push(like(contacts.searchText, likeSubstring(filter.search)));
    if (filter.status) conditions.push(eq(contacts.status, filter.status));
    const where = and(...conditions);

    const [rows, totals] = await Promise.all([
      this.db
        .select(selection)
        .from(contacts)
        .where(where)
        .orderBy(sql`${contacts.createdAt} DESC NULLS LAST`, sql`${contacts.id} DESC NULLS LAST`)
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit),
      this.db.select({ total: count() }).from(contacts).where(where),
    ]);
    return { rows: rows as ContactRow[], total: totals[0]?.total ?? 0 };
  }

  async findById(businessId: string, id: string): Promise<ContactRow | null> {
    const [row] = await this.db
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

  async create(businessId: string, createdBy: string, data: NewContact, groups: string[]): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(contacts)
        .values({ ...data, businessId, createdBy })
        .returning({ id: contacts.id });
      if (groups.length > 0) {
        await tx
          .insert(contactGroupMembers)
          .values(groups.map((groupId) => ({ contactId: created!.id, groupId, businessId })));
      }
      return created!.id;
    });
  }
}
