import { and, count, eq, like, sql } from 'drizzle-orm';
import type { CheckedGroup, NoteCategory, NoteEntityType, NotePriority } from '@atrium/contracts';
import type { Database } from '../../db/client';
import { contacts, notes, users } from '../../db/schema';
import { escapeLike, filterGroupsSql, type FilterColumns } from '../../lib/filter-sql';
import { StatementCache } from '../../lib/statements';

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

/** The values of the list statements' placeholders (null: that filter is not in the statement). */
type NoteValues = {
  businessId: string;
  entityType: NoteEntityType;
  entityId: string;
  category: NoteCategory | null;
  priority: NotePriority | null;
  pinned: boolean | null;
  pattern: string | null;
  offset: number;
  limit: number;
};
const N = Object.fromEntries(
  (
    ['businessId', 'entityType', 'entityId', 'category', 'priority', 'pinned', 'pattern', 'offset', 'limit'] as const
  ).map((k) => [k, sql.placeholder(k)]),
) as { [K in keyof NoteValues]: ReturnType<typeof sql.placeholder<K>> };

/** Every query here is scoped to one business. */
export class NotesRepository {
  constructor(private readonly db: Database) {}

  async contactExists(businessId: string, id: string): Promise<boolean> {
    const found = await this.contactCheck
      .get('contact', () =>
        this.db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.businessId, N.businessId), eq(contacts.id, N.entityId)))
          .limit(1),
      )
      .execute({ businessId, entityId: id });
    return found.length > 0;
  }

  /**
   * Pinned first, then newest first (the order of notes_entity_idx). The simple filters are placeholders, so the
   * statement of each combination is built once (lib/statements.ts); a filters JSON is written in as literals.
   */
  async list(businessId: string, f: NoteListFilter): Promise<{ rows: NoteRow[]; total: number }> {
    const offset = (f.page - 1) * f.limit;
    const values: NoteValues = {
      businessId,
      entityType: f.entityType,
      entityId: f.entityId,
      category: f.category ?? null,
      priority: f.priority ?? null,
      pinned: f.pinned ?? null,
      // search_text is lower(title || content_text), trigram-indexed.
      pattern: f.search ? `%${escapeLike(f.search.toLowerCase())}%` : null,
      offset,
      limit: f.limit,
    };
    const where = () =>
      and(
        eq(notes.businessId, N.businessId),
        eq(notes.entityType, N.entityType),
        eq(notes.entityId, N.entityId),
        f.category ? eq(notes.category, N.category) : undefined,
        f.priority ? eq(notes.priority, N.priority) : undefined,
        f.pinned !== undefined ? eq(notes.isPinned, N.pinned) : undefined,
        f.search ? like(notes.searchText, N.pattern) : undefined,
        filterGroupsSql(f.filters, FILTER_COLUMNS),
      );
    const shape =
      f.filters && f.filters.length > 0
        ? null
        : [f.category, f.priority, f.pinned, f.search].map((v) => (v === undefined || v === '' ? '-' : '+')).join('');
    // The total rides along as a scalar subquery: one round trip for page and count.
    const found = (await this.statements
      .get(shape && `page:${shape}`, () =>
        this.db
          .select({
            ...selection,
            matches: sql<number>`(${this.db.select({ n: count() }).from(notes).where(where())})`.mapWith(Number),
          })
          .from(notes)
          .leftJoin(users, eq(users.id, notes.createdBy))
          .where(where())
          .orderBy(
            sql`${notes.isPinned} DESC NULLS LAST`,
            sql`${notes.createdAt} DESC NULLS LAST`,
            sql`${notes.id} DESC NULLS LAST`,
          )
          .limit(N.limit)
          .offset(N.offset),
      )
      .execute(values)) as (NoteRow & { matches: number })[];
    // The rows keep their `matches` (unread past here), as contacts.repository's pages do.
    const rows: NoteRow[] = found;
    if (found[0]) return { rows, total: found[0].matches };
    if (offset === 0) return { rows, total: 0 };
    const [counted] = (await this.statements
      .get(shape && `count:${shape}`, () => this.db.select({ total: count() }).from(notes).where(where()))
      .execute(values)) as { total: number }[];
    return { rows, total: counted?.total ?? 0 };
  }

  /** The list statements (lib/statements.ts), by which simple filters are set, and the contact check. */
  private readonly statements = new StatementCache<NoteValues>();
  private readonly contactCheck = new StatementCache<Pick<NoteValues, 'businessId' | 'entityId'>>();

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
