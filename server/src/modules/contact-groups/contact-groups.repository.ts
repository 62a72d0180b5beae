import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@atrium/contracts';
import type { ContactGroupListQueryData, ContactGroupSortField } from '@atrium/domain-crm/schemas';
import type { Database } from '../../db/client';
import { contactGroupMembers, contactGroups, contacts } from '../../db/schema';
import { dateBoundsSql, escapeLike, filterGroupsSql } from '../../lib/filter-sql';

export type GroupRow = typeof contactGroups.$inferSelect & { contactCount: number };
export interface GroupFields {
  name: string;
  color: string;
  description: string | null;
}

/** Inserts and deletes of memberships go in chunks well under PostgreSQL's 65535 parameters. */
const CHUNK = 5000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export type GroupListFilter = ContactGroupListQueryData & { sortOrder: SortOrder; start: number };

/** Every query here is scoped to one business. */
export class ContactGroupsRepository {
  constructor(private readonly db: Database) {}

  /** Member counts of all the business's groups: one index-only aggregate, joined to the groups. */
  private counts(businessId: string) {
    return this.db
      .select({ groupId: contactGroupMembers.groupId, n: sql<number>`count(*)::int`.as('n') })
      .from(contactGroupMembers)
      .where(eq(contactGroupMembers.businessId, businessId))
      .groupBy(contactGroupMembers.groupId)
      .as('member_counts');
  }

  async list(businessId: string, f: GroupListFilter): Promise<{ rows: GroupRow[]; total: number }> {
    const counts = this.counts(businessId);
    const contactCount = sql<number>`coalesce(${counts.n}, 0)::int`;
    const conditions: (SQL | undefined)[] = [eq(contactGroups.businessId, businessId)];
    if (f.search) {
      const pattern = `%${escapeLike(f.search)}%`;
      conditions.push(or(ilike(contactGroups.name, pattern), ilike(contactGroups.description, pattern)));
    }
    if (f.color) conditions.push(sql`lower(${contactGroups.color}) = ${f.color}`);
    if (f.hasContacts !== undefined)
      conditions.push(f.hasContacts ? sql`${contactCount} > 0` : sql`${contactCount} = 0`);
    conditions.push(...dateBoundsSql(contactGroups.createdAt, f.createdDateFrom, f.createdDateTo));
    conditions.push(
      filterGroupsSql(f.filters, {
        name: contactGroups.name,
        color: contactGroups.color,
        description: contactGroups.description,
        createdAt: contactGroups.createdAt,
        contactCount,
      }),
    );
    const where = and(...conditions);
    const direction = f.sortOrder === 'asc' ? asc : desc;
    const order: Record<ContactGroupSortField, SQL[]> = {
      name: [direction(sql`lower(${contactGroups.name})`), direction(contactGroups.id)],
      createdAt: [direction(contactGroups.createdAt), direction(contactGroups.id)],
      contactCount: [
        direction(contactCount),
        direction(sql`lower(${contactGroups.name})`),
        direction(contactGroups.id),
      ],
    };
    const [rows, totals] = await Promise.all([
      this.db
        .select({ group: contactGroups, contactCount })
        .from(contactGroups)
        .leftJoin(counts, eq(counts.groupId, contactGroups.id))
        .where(where)
        .orderBy(...order[f.sortBy])
        .limit(f.limit)
        .offset(f.start),
      this.db
        .select({ total: count() })
        .from(contactGroups)
        .leftJoin(counts, eq(counts.groupId, contactGroups.id))
        .where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r.group, contactCount: r.contactCount })),
      total: totals[0]?.total ?? 0,
    };
  }

  async findById(businessId: string, id: string): Promise<GroupRow | null> {
    const [row] = await this.db
      .select({
        group: contactGroups,
        contactCount: sql<number>`(SELECT count(*)::int FROM ${contactGroupMembers} WHERE ${contactGroupMembers.groupId} = ${contactGroups.id})`,
      })
      .from(contactGroups)
      .where(and(eq(contactGroups.businessId, businessId), eq(contactGroups.id, id)))
      .limit(1);
    return row ? { ...row.group, contactCount: row.contactCount } : null;
  }

  async exists(businessId: string, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(and(eq(contactGroups.businessId, businessId), eq(contactGroups.id, id)))
      .limit(1);
    return Boolean(row);
  }

  /** Throws the driver's unique violation on a duplicate name (the service turns it into 409). */
  async create(businessId: string, fields: GroupFields): Promise<string> {
    const [row] = await this.db
      .insert(contactGroups)
      .values({ ...fields, businessId })
      .returning({ id: contactGroups.id });
    return row!.id;
  }

  async update(businessId: string, id: string, fields: Partial<GroupFields>): Promise<boolean> {
    const rows = await this.db
      .update(contactGroups)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(contactGroups.businessId, businessId), eq(contactGroups.id, id)))
      .returning({ id: contactGroups.id });
    return rows.length > 0;
  }

  /** Memberships go with the group (foreign key cascade). */
  async delete(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(contactGroups)
      .where(and(eq(contactGroups.businessId, businessId), eq(contactGroups.id, id)))
      .returning({ id: contactGroups.id });
    return rows.length > 0;
  }

  /** The subset of `ids` that are contacts of this business. */
  async existingContactIds(businessId: string, ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(ids)) {
      const rows = await this.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, part)));
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  /** Adds memberships; answers how many were new. */
  async addMembers(businessId: string, groupId: string, contactIds: string[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      let added = 0;
      for (const part of chunks(contactIds)) {
        const rows = await tx
          .insert(contactGroupMembers)
          .values(part.map((contactId) => ({ contactId, groupId, businessId })))
          .onConflictDoNothing()
          .returning({ contactId: contactGroupMembers.contactId });
        added += rows.length;
      }
      return added;
    });
  }

  /** Removes memberships; answers how many existed. */
  async removeMembers(businessId: string, groupId: string, contactIds: string[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      let removed = 0;
      for (const part of chunks(contactIds)) {
        const rows = await tx
          .delete(contactGroupMembers)
          .where(
            and(
              eq(contactGroupMembers.businessId, businessId),
              eq(contactGroupMembers.groupId, groupId),
              inArray(contactGroupMembers.contactId, part),
            ),
          )
          .returning({ contactId: contactGroupMembers.contactId });
        removed += rows.length;
      }
      return removed;
    });
  }
}
