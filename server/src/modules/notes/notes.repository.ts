import { and, count, eq, like, sql, type SQL } from 'drizzle-orm';
import type { CheckedGroup, NoteCategory, NoteEntityType, NotePriority } from '@atrium/contracts';
import type { Database } from '../../db/client';
import { contacts, notes, users } from '../../db/schema';
import { escapeLike, filterGroupsSql, type FilterColumns } from '../../lib/filter-sql';

const selection = {
  note: {
    id: notes.id,
    entityType: notes.entityType,
    entityId: notes.entityId,
    title: notes.title,
    content: notes.content,
    category: notes.category,
    priority: notes.priority,
    isPinned: notes.isPinned,
    tags: notes.tags,
    createdAt: notes.createdAt,
    updatedAt: notes.updatedAt,
  },
  author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};
export interface NoteRow {
  note: {
    id: string;
    entityType: NoteEntityType;
    entityId: string;
    title: string | null;
    content: string;
    category: NoteCategory;
    priority: NotePriority | null;
    isPinned: boolean;
    tags: string[];
    createdAt: Date;
    updatedAt: Date;
  };
  author: { id: string; firstName: string; lastName: string } | null;
}

export interface NoteFields {
  title: string | null;
  content: string;
  contentText: string;
  category: NoteCategory;
  priority: NotePriority | null;
  isPinned: boolean;
  tags: string[];
}

export interface NoteListFilter {
  entityType: NoteEntityType;
  entityId: string;
  category?: NoteCategory;
  priority?: NotePriority;
  search?: string;
  pinned?: boolean;
  filters?: CheckedGroup[];
  page: number;
  limit: number;
}

/** Filter fields (contracts' NOTE_FILTER_FIELDS) → SQL. The pin state reads as the text 'pinned' / 'unpinned'. */
const FILTER_COLUMNS: FilterColumns = {
  title: notes.title,
  content: notes.contentText,
  category: notes.category,
  priority: notes.priority,
  status: sql`(CASE WHEN ${notes.isPinned} THEN 'pinned' ELSE 'unpinned' END)`,
  isPinned: sql`(CASE WHEN ${notes.isPinned} THEN 'true' ELSE 'false' END)`,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};

/** Every query here is scoped to one business. */
export class NotesRepository {
  constructor(private readonly db: Database) {}

  async contactExists(businessId: string, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
      .limit(1);
    return Boolean(row);
  }

  /** Pinned first, then newest first (the order of notes_entity_idx). */
  async list(businessId: string, f: NoteListFilter): Promise<{ rows: NoteRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [
      eq(notes.businessId, businessId),
      eq(notes.entityType, f.entityType),
      eq(notes.entityId, f.entityId),
    ];
    if (f.category) conditions.push(eq(notes.category, f.category));
    if (f.priority) conditions.push(eq(notes.priority, f.priority));
    if (f.pinned !== undefined) conditions.push(eq(notes.isPinned, f.pinned));
    // search_text is lower(title || content_text), trigram-indexed.
    if (f.search) conditions.push(like(notes.searchText, `%${escapeLike(f.search.toLowerCase())}%`));
    conditions.push(filterGroupsSql(f.filters, FILTER_COLUMNS));
    const where = and(...conditions);
    const offset = (f.page - 1) * f.limit;
    // The total rides along as a scalar subquery: one round trip for page and count.
    const found = await this.db
      .select({
        ...selection,
        matches: sql<number>`(${this.db.select({ n: count() }).from(notes).where(where)})`.mapWith(Number),
      })
      .from(notes)
      .leftJoin(users, eq(users.id, notes.createdBy))
      .where(where)
      .orderBy(
        sql`${notes.isPinned} DESC NULLS LAST`,
        sql`${notes.createdAt} DESC NULLS LAST`,
        sql`${notes.id} DESC NULLS LAST`,
      )
      .limit(f.limit)
      .offset(offset);
    const rows = found.map(({ matches: _matches, ...row }) => row as NoteRow);
    if (found[0]) return { rows, total: found[0].matches };
    if (offset === 0) return { rows, total: 0 };
    const [counted] = await this.db.select({ total: count() }).from(notes).where(where);
    return { rows, total: counted?.total ?? 0 };
  }

  async findById(businessId: string, id: string): Promise<NoteRow | null> {
    const [row] = await this.db
      .select(selection)
      .from(notes)
      .leftJoin(users, eq(users.id, notes.createdBy))
      .where(and(eq(notes.businessId, businessId), eq(notes.id, id)))
      .limit(1);
    return (row as NoteRow | undefined) ?? null;
  }

  async create(
    businessId: string,
    createdBy: string,
    entity: { entityType: NoteEntityType; entityId: string },
    fields: NoteFields,
  ): Promise<string> {
    const [row] = await this.db
      .insert(notes)
      .values({ ...fields, ...entity, businessId, createdBy })
      .returning({ id: notes.id });
    return row!.id;
  }

  async update(businessId: string, id: string, fields: Partial<NoteFields>): Promise<boolean> {
    const rows = await this.db
      .update(notes)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(notes.businessId, businessId), eq(notes.id, id)))
      .returning({ id: notes.id });
    return rows.length > 0;
  }

  /** Flips the pin in one statement (two quick clicks cannot both read the old state). */
  async togglePin(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(notes)
      .set({ isPinned: sql`NOT ${notes.isPinned}`, updatedAt: sql`now()` })
      .where(and(eq(notes.businessId, businessId), eq(notes.id, id)))
      .returning({ id: notes.id });
    return rows.length > 0;
  }

  async delete(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(notes)
      .where(and(eq(notes.businessId, businessId), eq(notes.id, id)))
      .returning({ id: notes.id });
    return rows.length > 0;
  }
}
