import { and, count, eq, like, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CheckedGroup, Note, NoteCategory, NoteEntityType, NotePriority } from '@atrium/contracts';
import type { Database } from '../../db/client';
import { isoJson, jsonArray, jsonObject, jsonRow, jsonText, type JsonText } from '../../db/json-answers';
import { contacts, notes, projects, tasks, users } from '../../db/schema';
import { escapeLike, filterGroupsSql, type FilterColumns } from '../../lib/filter-sql';
import { StatementCache } from '../../lib/statements';

/**
 * A note as every answer shows it (contracts' Note), built by PostgreSQL (db/json-answers.ts); the author is null
 * when their account is gone (the panel shows 'Unknown User'). Reads notes left-joined to users.
 */
const NOTE_ANSWER = {
  _id: notes.id,
  title: notes.title,
  content: notes.content,
  category: notes.category,
  priority: notes.priority,
  isPinned: notes.isPinned,
  tags: notes.tags,
  entityType: notes.entityType,
  entityId: notes.entityId,
  createdBy: sql`CASE WHEN ${users.id} IS NULL THEN NULL ELSE ${jsonObject({
    _id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
  } satisfies Record<keyof NonNullable<Note['createdBy']>, SQLWrapper>)} END`,
  createdAt: isoJson(notes.createdAt),
  updatedAt: isoJson(notes.updatedAt),
} satisfies Record<keyof Note, SQLWrapper>;
const noteJson = jsonObject(NOTE_ANSWER);

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

/**
 * The kinds of entity whose existence is checked, each by its table's row of the placeholders' id in the
 * placeholders' business (meetings have no table yet: not checked).
 */
const ENTITY_TABLES = {
  contact: { table: contacts, where: and(eq(contacts.businessId, N.businessId), eq(contacts.id, N.entityId)) },
  project: { table: projects, where: and(eq(projects.businessId, N.businessId), eq(projects.id, N.entityId)) },
  task: { table: tasks, where: and(eq(tasks.businessId, N.businessId), eq(tasks.id, N.entityId)) },
} as const;
type CheckedEntity = keyof typeof ENTITY_TABLES;
const isChecked = (entityType: NoteEntityType): entityType is CheckedEntity => entityType in ENTITY_TABLES;

/** Whether the entity of the placeholders is the business's, as a scalar; undefined for unchecked kinds. */
function entityFound(entityType: NoteEntityType): SQL<boolean> | undefined {
  if (!isChecked(entityType)) return undefined;
  const { table, where } = ENTITY_TABLES[entityType];
  return sql<boolean>`EXISTS (SELECT 1 FROM ${table} WHERE ${where})`;
}

/** Every query here is scoped to one business. */
export class NotesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Whether the entity notes hang off (a contact, a project, a task) is the business's. Meetings have no table yet:
   * not checked.
   */
  async entityExists(businessId: string, entityType: NoteEntityType, entityId: string): Promise<boolean> {
    if (!isChecked(entityType)) return true;
    const { table, where } = ENTITY_TABLES[entityType];
    const found = await this.entityCheck
      .get(entityType, () =>
        this.db
          .select({ found: sql<number>`1` })
          .from(table)
          .where(where)
          .limit(1),
      )
      .execute({ businessId, entityId });
    return found.length > 0;
  }

  /**
   * A page as JSON text, pinned first, then newest first (the order of notes_entity_idx), with the total and
   * whether the entity is the business's (entityExists' check) — one statement, for an empty page too. The simple
   * filters are placeholders, so the statement of each combination is built once (lib/statements.ts); a filters
   * JSON is written in as literals.
   */
  async list(businessId: string, f: NoteListFilter): Promise<{ data: JsonText; total: number; entityFound: boolean }> {
    const values: NoteValues = {
      businessId,
      entityType: f.entityType,
      entityId: f.entityId,
      category: f.category ?? null,
      priority: f.priority ?? null,
      pinned: f.pinned ?? null,
      // search_text is lower(title || content_text), trigram-indexed.
      pattern: f.search ? `%${escapeLike(f.search.toLowerCase())}%` : null,
      offset: (f.page - 1) * f.limit,
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
    const check = entityFound(f.entityType);
    const [page] = (await this.statements
      .get(shape && `page:${f.entityType}:${shape}`, () => {
        // The page's notes as JSON with their sort keys, aggregated in the same order outside; the total and the
        // entity check ride along as scalar subqueries (each run once).
        const order = [notes.isPinned, notes.createdAt, notes.id];
        const desc = (key: SQLWrapper) => sql`${key} DESC NULLS LAST`;
        const rows = this.db
          .select({
            note: sql`${noteJson}`.as('note'),
            ...Object.fromEntries(order.map((column, i) => [`k${i}`, sql`${column}`.as(`k${i}`)])),
          })
          .from(notes)
          .leftJoin(users, eq(users.id, notes.createdBy))
          .where(where())
          .orderBy(...order.map(desc))
          .limit(N.limit)
          .offset(N.offset)
          .as('page');
        const key = (i: number) => desc(sql`${sql.identifier('page')}.${sql.identifier(`k${i}`)}`);
        return this.db
          .select({
            data: jsonArray(
              sql`${sql.identifier('page')}.${sql.identifier('note')}`,
              order.map((_, i) => key(i)),
            ),
            total: sql<number>`(${this.db.select({ n: count() }).from(notes).where(where())})`.mapWith(Number),
            entityFound: check ?? sql<boolean>`true`,
          })
          .from(rows);
      })
      .execute(values)) as { data: string; total: number; entityFound: boolean }[];
    return { data: jsonText(page!.data), total: page!.total, entityFound: page!.entityFound };
  }

  /** The list statements (lib/statements.ts), by which simple filters are set, and the entity checks. */
  private readonly statements = new StatementCache<NoteValues>();
  private readonly entityCheck = new StatementCache<Pick<NoteValues, 'businessId' | 'entityId'>>();

  /** The note's answer (the same JSON a list page holds), or null. */
  async findById(businessId: string, id: string): Promise<Note | null> {
    const [row] = await this.db
      .select({ json: jsonRow(noteJson) })
      .from(notes)
      .leftJoin(users, eq(users.id, notes.createdBy))
      .where(and(eq(notes.businessId, businessId), eq(notes.id, id)))
      .limit(1);
    return row ? (JSON.parse(row.json) as Note) : null;
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
