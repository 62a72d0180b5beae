import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactTags } from '../../db/schema';

export type TagRow = typeof contactTags.$inferSelect;
export interface TagFields {
  name: string;
  color: string;
}

/** Every query here is scoped to one business. Duplicate names raise the driver's unique violation. */
export class ContactTagsRepository {
  constructor(private readonly db: Database) {}

  list(businessId: string): Promise<TagRow[]> {
    return this.db
      .select()
      .from(contactTags)
      .where(eq(contactTags.businessId, businessId))
      .orderBy(asc(sql`lower(${contactTags.name})`), asc(contactTags.id));
  }

  async create(businessId: string, fields: TagFields): Promise<TagRow> {
    const [row] = await this.db
      .insert(contactTags)
      .values({ ...fields, businessId })
      .returning();
    return row!;
  }

  async update(businessId: string, id: string, fields: Partial<TagFields>): Promise<TagRow | null> {
    const [row] = await this.db
      .update(contactTags)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(contactTags.businessId, businessId), eq(contactTags.id, id)))
      .returning();
    return row ?? null;
  }

  /** The tag's links to contacts go with it (foreign key cascade). */
  async delete(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(contactTags)
      .where(and(eq(contactTags.businessId, businessId), eq(contactTags.id, id)))
      .returning({ id: contactTags.id });
    return rows.length > 0;
  }
}
