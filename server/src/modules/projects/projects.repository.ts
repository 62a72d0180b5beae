import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@atrium/contracts';
import {
  PROJECT_STAGE_LABELS,
  type ActivitySubject,
  type Address,
  type ProjectListParamsData,
  type ProjectStage,
} from '@atrium/domain-work/schemas';
import { resultRows, type Database, type Executor } from '../../db/client';
import { isoJson } from '../../db/json-answers';
import { orderAtEnd, orderForPosition, PROJECT_BOARD } from '../../db/board-order';
import { lockBoardColumn } from '../../db/locks';
import {
  notes,
  projectActivities,
  projectContacts,
  projectCounts,
  projects,
  projectTypes,
  tasks,
  users,
} from '../../db/schema';
import { datedOverlapSql, type DatedRange, type DatedRow } from '../../lib/calendar';
import { dateBoundsSql, escapeLike, filterGroupsSql, type FilterColumns } from '../../lib/filter-sql';
import { StatementCache } from '../../lib/statements';

/** A project row as the service maps it to the contract (its files' count comes from the files module). */
export interface ProjectRow {
  id: string;
  title: string;
  description: string | null;
  stage: ProjectStage;
  type: string;
  startDate: string | null;
  dueDate: string | null;
  isAllDay: boolean;
  location: string | null;
  address: Address | null;
  contacts: string[];
  boardOrder: number;
  taskCount: number;
  createdById: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The columns a create or an update writes (never the business, the creator, the order or the search text). */
export interface ProjectFields {
  title: string;
  description: string | null;
  stage: ProjectStage;
  type: string;
  startDate: Date | null;
  dueDate: Date | null;
  isAllDay: boolean;
  location: string | null;
  address: Address | null;
}

export interface ActivityRow {
  id: string;
  type: string;
  message: string;
  subjectType: ActivitySubject | null;
  subjectId: string | null;
  subjectTitle: string | null;
  actorId: string | null;
  actorName: string | null;
  timestamp: string;
}

export interface NewActivity {
  businessId: string;
  projectId: string;
  type: string;
  message: string;
  subject?: { type: ActivitySubject; id: string; title: string | null };
  actorId: string | null;
}

export type ProjectListFilter = ProjectListParamsData & { sortOrder: SortOrder };

/** A person's name as answers show it: first and last name joined by a space. */
const nameOf = (first: SQL | typeof users.firstName, last: SQL | typeof users.lastName) =>
  sql<string>`trim(concat_ws(' ', ${first}, ${last}))`;

const creators = sql.raw('"project_creator"');

// The project's tasks (tasks_project_idx) and linked contacts (its primary key) as correlated subqueries: a page
// computes them for its own rows only.
const taskCount = sql<number>`(SELECT count(*) FROM ${tasks} WHERE ${tasks.projectId} = ${projects.id})`.mapWith(
  Number,
);
const contactIds = sql<string[]>`coalesce((
  SELECT array_agg(${projectContacts.contactId} ORDER BY ${projectContacts.createdAt}, ${projectContacts.contactId})
  FROM ${projectContacts} WHERE ${projectContacts.projectId} = ${projects.id}
), '{}')`;

/** The select list of ProjectRow (projects left-joined to their creator, aliased project_creator). */
const ROW = {
  id: projects.id,
  title: projects.title,
  description: projects.description,
  stage: projects.stage,
  type: projects.type,
  startDate: isoJson(projects.startDate),
  dueDate: isoJson(projects.dueDate),
  isAllDay: projects.isAllDay,
  location: projects.location,
  address: projects.address,
  contacts: contactIds,
  boardOrder: projects.boardOrder,
  taskCount,
  createdById: sql<string | null>`${creators}.id`,
  createdByName: sql<string | null>`CASE WHEN ${creators}.id IS NULL THEN NULL ELSE ${nameOf(
    sql`${creators}.first_name`,
    sql`${creators}.last_name`,
  )} END`,
  createdAt: sql<string>`${isoJson(projects.createdAt)}`,
  updatedAt: sql<string>`${isoJson(projects.updatedAt)}`,
};
const creatorJoin = sql`${users} AS ${creators}`;
const creatorOn = sql`${creators}.id = ${projects.createdBy}`;

/** Filter fields (the slice's PROJECT_FILTER_FIELDS) → columns. */
const FILTER_COLUMNS: FilterColumns = {
  title: projects.title,
  description: projects.description,
  stage: projects.stage,
  type: projects.type,
  location: projects.location,
  startDate: projects.startDate,
  dueDate: projects.dueDate,
  createdAt: projects.createdAt,
};

/** A stage's label as the feed writes it (the slice's PROJECT_STAGE_LABELS), in SQL. */
const stageLabel = (stage: SQL) =>
  sql`(CASE ${stage} ${sql.join(
    Object.entries(PROJECT_STAGE_LABELS).map(([key, label]) => sql`WHEN ${key} THEN ${label}`),
    sql` `,
  )} END)`;

/** The stage board's column order (the enum's order, not the alphabet's). */
const stageRank = sql`CASE ${projects.stage} WHEN 'planning' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'review' THEN 2 ELSE 3 END`;

/** ORDER BY of a list: the sort, then the id so pages are stable. Dates without a value come last either way. */
function orderOf(f: ProjectListFilter): SQL[] {
  const dir = f.sortOrder === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
  const tie = f.sortOrder === 'asc' ? asc(projects.id) : desc(projects.id);
  switch (f.sortBy) {
    case 'board':
      // With one stage asked for, the board index (business, stage, board_order, id) gives the order as is.
      return f.stage
        ? [sql`${projects.boardOrder} ${dir}`, tie]
        : [sql`${stageRank} ${dir}`, sql`${projects.boardOrder} ${dir}`, tie];
    case 'title':
      return [sql`lower(${projects.title}) ${dir}`, tie];
    case 'startDate':
      return [sql`${projects.startDate} ${dir} NULLS LAST`, tie];
    case 'dueDate':
      return [sql`${projects.dueDate} ${dir} NULLS LAST`, tie];
    case 'updatedAt':
      return [sql`${projects.updatedAt} ${dir}`, tie];
    case 'createdAt':
    default:
      // As projects_business_created_idx (created_at DESC NULLS LAST, id DESC NULLS LAST), or its backward scan.
      return f.sortOrder === 'asc'
        ? [sql`${projects.createdAt} ASC NULLS FIRST`, sql`${projects.id} ASC NULLS FIRST`]
        : [sql`${projects.createdAt} DESC NULLS LAST`, sql`${projects.id} DESC NULLS LAST`];
  }
}

/** The values of a list statement's placeholders. */
type ListValues = { businessId: string; stage: string; pattern: string; limit: number; offset: number };
const P = {
  businessId: sql.placeholder('businessId'),
  stage: sql.placeholder('stage'),
  pattern: sql.placeholder('pattern'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** The list's own filters (its only ones when `simpleShape`): business, search, stage, as placeholders. */
const hasOtherFilters = (f: ProjectListFilter) =>
  !!f.type || !!f.startDate || !!f.dueDate || !!f.contactId || (f.filters?.length ?? 0) > 0;

/** The business, the search pattern and the stage are placeholders (P); every other filter is written in. */
function listWhere(f: ProjectListFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(projects.businessId, P.businessId)];
  // search_text is lower(title type location), trigram-indexed (projects_search_trgm_idx).
  if (f.search) conditions.push(like(projects.searchText, P.pattern));
  if (f.stage) conditions.push(eq(projects.stage, P.stage));
  if (f.type) conditions.push(sql`lower(${projects.type}) = ${f.type.toLowerCase()}`);
  // startDate: starting on or after that day; dueDate: due on or before that day (its whole UTC day).
  conditions.push(...dateBoundsSql(projects.startDate, f.startDate, undefined));
  conditions.push(...dateBoundsSql(projects.dueDate, undefined, f.dueDate));
  if (f.contactId) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${projectContacts} WHERE ${projectContacts.projectId} = ${projects.id} AND ${projectContacts.contactId} = ${f.contactId})`,
    );
  }
  conditions.push(filterGroupsSql(f.filters, FILTER_COLUMNS));
  return and(...conditions)!;
}

const ofBusiness = (businessId: string, id: string) => and(eq(projects.businessId, businessId), eq(projects.id, id));

/** All the SQL of projects, their types, contact links and feed. Every query is scoped to one business. */
export class ProjectsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Holds the lock of the stage board's `stage` column until the transaction ends (a new card's place, a move). */
  async lockColumn(tx: Executor, businessId: string, stage: ProjectStage): Promise<void> {
    await lockBoardColumn(tx, businessId, 'projects', stage);
  }

  /**
   * A page of projects (every match with `export`) and the number of matches. The page's ids come from the sort's
   * index alone (ORDER BY, OFFSET, LIMIT on projects); the rows with their creator, task count and contacts are
   * read for those ids only — not for every row the OFFSET skips. A list filtered by nothing but the search and
   * the stage (the list and the board as opened) is a statement built once per shape (lib/statements.ts).
   */
  async list(businessId: string, f: ProjectListFilter): Promise<{ rows: ProjectRow[]; total: number }> {
    const values: ListValues = {
      businessId,
      stage: f.stage ?? '',
      pattern: f.search ? `%${escapeLike(f.search.toLowerCase())}%` : '',
      limit: f.limit,
      offset: (f.page - 1) * f.limit,
    };
    const shape = hasOtherFilters(f)
      ? null
      : `${f.sortBy}:${f.sortOrder}:${f.stage ? 's' : '-'}${f.search ? 'q' : '-'}`;
    const order = orderOf(f);
    if (f.export) {
      const rows = (await this.statements
        .get(shape && `${shape}:all`, () =>
          this.db
            .select(ROW)
            .from(projects)
            .leftJoin(creatorJoin, creatorOn)
            .where(listWhere(f))
            .orderBy(...order),
        )
        .execute(values)) as ProjectRow[];
      return { rows, total: rows.length };
    }
    // A search visits every match anyway (the trigram bitmap): it counts them in the same scan (a window count).
    const windowed = !!f.search;
    const rows = (await this.statements
      .get(shape && `${shape}:page`, () => {
        const page = this.db
          .select({
            pageId: sql<string>`${projects.id}`.as('page_id'),
            ...(windowed ? { matches: sql<number>`count(*) OVER ()`.as('matches') } : {}),
          })
          .from(projects)
          .where(listWhere(f))
          .orderBy(...order)
          .limit(P.limit)
          .offset(P.offset)
          .as('page');
        const matches = sql<number>`${sql.identifier('page')}.${sql.identifier('matches')}`.mapWith(Number);
        return this.db
          .select({ ...ROW, ...(windowed ? { matches } : {}) })
          .from(page)
          .innerJoin(projects, eq(projects.id, page.pageId))
          .leftJoin(creatorJoin, creatorOn)
          .orderBy(...order);
      })
      .execute(values)) as (ProjectRow & { matches?: number })[];
    // A first page that is not full holds every match: no count needed.
    if (f.page === 1 && rows.length < f.limit) return { rows, total: rows.length };
    if (windowed && rows.length > 0) return { rows, total: Number(rows[0]!.matches) };
    // Without a filter, or with only a stage (a board column): the business's counters (project_counts, kept by
    // triggers); else a count of the matches.
    const counted = !f.search && !hasOtherFilters(f);
    const [row] = (await this.statements
      .get(shape && `${shape}:count`, () =>
        counted
          ? this.db
              .select({ n: sql<number>`coalesce(sum(${projectCounts.projects}), 0)`.mapWith(Number) })
              .from(projectCounts)
              .where(
                and(eq(projectCounts.businessId, P.businessId), f.stage ? eq(projectCounts.stage, P.stage) : undefined),
              )
          : this.db.select({ n: count() }).from(projects).where(listWhere(f)),
      )
      .execute(values)) as { n: number }[];
    return { rows, total: Number(row?.n ?? 0) };
  }

  /** The list statements, by shape (sort, order, which of stage and search are set) and kind. */
  private readonly statements = new StatementCache<ListValues>();

  async findById(businessId: string, id: string, db: Executor = this.db): Promise<ProjectRow | null> {
    const [row] = await db
      .select(ROW)
      .from(projects)
      .leftJoin(creatorJoin, creatorOn)
      .where(ofBusiness(businessId, id))
      .limit(1);
    return (row as ProjectRow | undefined) ?? null;
  }

  /** The project's id, title, stage and dates (locked for update inside a transaction when `lock`). */
  async head(
    businessId: string,
    id: string,
    db: Executor = this.db,
    lock = false,
  ): Promise<{ id: string; title: string; stage: ProjectStage; startDate: Date | null; dueDate: Date | null } | null> {
    const query = db
      .select({
        id: projects.id,
        title: projects.title,
        stage: projects.stage,
        startDate: projects.startDate,
        dueDate: projects.dueDate,
      })
      .from(projects)
      .where(ofBusiness(businessId, id))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  /** The full stored fields of a project (for a duplicate), or null. */
  async fields(businessId: string, id: string, db: Executor = this.db): Promise<ProjectFields | null> {
    const [row] = await db
      .select({
        title: projects.title,
        description: projects.description,
        stage: projects.stage,
        type: projects.type,
        startDate: projects.startDate,
        dueDate: projects.dueDate,
        isAllDay: projects.isAllDay,
        location: projects.location,
        address: projects.address,
      })
      .from(projects)
      .where(ofBusiness(businessId, id))
      .limit(1);
    return row ?? null;
  }

  /** A new project placed last in its stage column (the caller's transaction holds that column's lock). */
  async insert(tx: Executor, businessId: string, createdBy: string, fields: ProjectFields): Promise<string> {
    const boardOrder = await orderAtEnd(tx, PROJECT_BOARD, businessId, fields.stage);
    const [row] = await tx
      .insert(projects)
      .values({ ...fields, businessId, createdBy, boardOrder })
      .returning({ id: projects.id });
    return row!.id;
  }

  /** Writes the given columns (and, when given, the board order); false when the project is not the business's. */
  async update(
    tx: Executor,
    businessId: string,
    id: string,
    fields: Partial<ProjectFields> & { boardOrder?: number },
  ): Promise<boolean> {
    const rows = await tx
      .update(projects)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(ofBusiness(businessId, id))
      .returning({ id: projects.id });
    return rows.length > 0;
  }

  /**
   * Moves the card to `stage` at `order` (0 = top; undefined = last) under the stage's lock: the key comes from
   * the neighbours as they are now, so concurrent moves never share a place. Answers the stage it left and its
   * title (read by the same statement that moves it), or null when the project is not the business's. With
   * `actorId`, the same statement writes the feed's project.stage_changed entry when the stage changed ("Moved
   * from Planning to Review"): the lock is held for as few round trips as a move can take.
   */
  async moveOnBoard(
    tx: Executor,
    businessId: string,
    id: string,
    stage: ProjectStage,
    order?: number,
    actorId?: string,
  ): Promise<{ from: ProjectStage; title: string } | null> {
    await this.lockColumn(tx, businessId, stage);
    const boardOrder =
      order === undefined
        ? await orderAtEnd(tx, PROJECT_BOARD, businessId, stage)
        : await orderForPosition(tx, PROJECT_BOARD, businessId, stage, id, order);
    // `old` is the row as it is now, locked (FOR UPDATE waits for a move of the same card into another column and
    // reads what it wrote): its stage is the one the card leaves.
    const moved = sql`
      WITH old AS (SELECT id, stage FROM ${projects} WHERE id = ${id} AND business_id = ${businessId} FOR UPDATE)
      UPDATE ${projects} p SET stage = ${stage}, board_order = ${boardOrder}, updated_at = now()
      FROM old
      WHERE old.id = p.id
      RETURNING old.stage AS "from", p.title AS title, p.id AS id`;
    const result = await tx.execute(
      actorId === undefined
        ? moved
        : sql`
      WITH moved AS (${moved}),
      logged AS (
        INSERT INTO ${projectActivities} (id, business_id, project_id, type, message, subject_type, subject_id, subject_title, actor_id, created_at)
        SELECT ${randomUUID()}, ${businessId}, m.id, 'project.stage_changed',
               'Moved from ' || ${stageLabel(sql`m."from"`)} || ' to ' || ${PROJECT_STAGE_LABELS[stage]},
               'project', m.id, m.title, ${actorId}, clock_timestamp()
        FROM moved m WHERE m."from" <> ${stage}
      )
      SELECT "from", title FROM moved`,
    );
    return resultRows<{ from: ProjectStage; title: string }>(result)[0] ?? null;
  }

  /**
   * Deletes the project; its tasks, files, contact links and feed go by the foreign keys' cascades, and the notes
   * on it and on its tasks (notes name their entity without a foreign key) in the same transaction.
   */
  async delete(businessId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const found = await this.head(businessId, id, tx, true);
      if (!found) return false;
      await tx
        .delete(notes)
        .where(
          and(
            eq(notes.businessId, businessId),
            sql`((${notes.entityType} = 'project' AND ${notes.entityId} = ${id}) OR (${notes.entityType} = 'task' AND ${notes.entityId} IN (SELECT ${tasks.id} FROM ${tasks} WHERE ${tasks.projectId} = ${id})))`,
          ),
        );
      await tx.delete(projects).where(ofBusiness(businessId, id));
      return true;
    });
  }

  /** Makes the project's contacts exactly `contactIds` (already checked to be the business's). */
  async setContacts(tx: Executor, businessId: string, projectId: string, contactIds: string[]): Promise<void> {
    await tx
      .delete(projectContacts)
      .where(
        and(
          eq(projectContacts.projectId, projectId),
          contactIds.length > 0 ? sql`${projectContacts.contactId} <> ALL(${toArray(contactIds)})` : undefined,
        ),
      );
    await this.addContacts(tx, businessId, projectId, contactIds);
  }

  /** Links contacts (already checked) to the project; already linked ones stay as they are. */
  async addContacts(db: Executor, businessId: string, projectId: string, contactIds: string[]): Promise<number> {
    if (contactIds.length === 0) return 0;
    const rows = await db
      .insert(projectContacts)
      // Linked in the order given: the answers list a project's contacts by when they were linked.
      .values(
        contactIds.map((contactId, i) => ({
          projectId,
          contactId,
          businessId,
          createdAt: sql`clock_timestamp() + ${`${i} microseconds`}::interval`,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: projectContacts.contactId });
    return rows.length;
  }

  async removeContact(businessId: string, projectId: string, contactId: string): Promise<boolean> {
    const rows = await this.db
      .delete(projectContacts)
      .where(
        and(
          eq(projectContacts.businessId, businessId),
          eq(projectContacts.projectId, projectId),
          eq(projectContacts.contactId, contactId),
        ),
      )
      .returning({ id: projectContacts.contactId });
    return rows.length > 0;
  }

  /** Copies the contact links of one project to another (a duplicate). */
  async copyContacts(tx: Executor, businessId: string, fromId: string, toId: string): Promise<void> {
    await tx.execute(sql`
      INSERT INTO ${projectContacts} (project_id, contact_id, business_id, created_at)
      SELECT ${toId}, contact_id, business_id, created_at FROM ${projectContacts}
      WHERE project_id = ${fromId} AND business_id = ${businessId}
      ON CONFLICT DO NOTHING`);
  }

  /** The projects a contact is linked to, newest first. */
  async ofContact(businessId: string, contactId: string): Promise<ProjectRow[]> {
    return (await this.db
      .select(ROW)
      .from(projects)
      .leftJoin(creatorJoin, creatorOn)
      .where(
        and(
          eq(projects.businessId, businessId),
          sql`EXISTS (SELECT 1 FROM ${projectContacts} WHERE ${projectContacts.projectId} = ${projects.id} AND ${projectContacts.contactId} = ${contactId})`,
        ),
      )
      .orderBy(desc(projects.createdAt), desc(projects.id))) as ProjectRow[];
  }

  /** Adds the names to the business's project types (case-insensitively unique: an existing spelling stays). */
  async upsertTypes(db: Executor, businessId: string, names: string[]): Promise<void> {
    const byKey = new Map<string, string>();
    for (const name of names) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
    const unique = [...byKey.values()];
    if (unique.length === 0) return;
    await db.execute(sql`
      INSERT INTO ${projectTypes} (business_id, name)
      SELECT ${businessId}, n FROM unnest(${toArray(unique)}) AS n
      ON CONFLICT DO NOTHING`);
  }

  /** The business's project types, A→Z, with how many of its projects have each (case-insensitively). */
  async types(businessId: string): Promise<{ name: string; projectCount: number }[]> {
    const rows = await this.db
      .select({
        name: projectTypes.name,
        projectCount:
          sql<number>`(SELECT count(*) FROM ${projects} WHERE ${projects.businessId} = ${projectTypes.businessId} AND lower(${projects.type}) = lower(${projectTypes.name}))`.mapWith(
            Number,
          ),
      })
      .from(projectTypes)
      .where(eq(projectTypes.businessId, businessId))
      .orderBy(sql`lower(${projectTypes.name})`, projectTypes.name);
    return rows;
  }

  /** Sets each listed project's type in one statement; only the business's projects change. */
  async bulkUpdateTypes(businessId: string, updates: { id: string; type: string }[]): Promise<number> {
    // The last update of an id wins, as if applied in order.
    const byId = new Map(updates.map((u) => [u.id, u.type]));
    return this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        UPDATE ${projects} p SET type = u.type, updated_at = now()
        FROM unnest(${toArray([...byId.keys()])}, ${toArray([...byId.values()])}) AS u(id, type)
        WHERE p.id = u.id AND p.business_id = ${businessId}
        RETURNING p.id`);
      const applied = new Set(resultRows<{ id: string }>(result).map((r) => r.id));
      // Only the types a project of the business now has join its list (the first spelling of each, in order).
      await this.upsertTypes(
        tx,
        businessId,
        [...byId].filter(([id]) => applied.has(id)).map(([, type]) => type),
      );
      return applied.size;
    });
  }

  /** Writes a feed entry, only when the project is the business's (else nothing). */
  async recordActivity(entry: NewActivity, db: Executor = this.db): Promise<string | null> {
    const result = await db.execute(sql`
      INSERT INTO ${projectActivities} (id, business_id, project_id, type, message, subject_type, subject_id, subject_title, actor_id, created_at)
      SELECT ${randomUUID()}, ${entry.businessId}, p.id, ${entry.type}, ${entry.message}, ${entry.subject?.type ?? null},
             ${entry.subject?.id ?? null}, ${entry.subject?.title ?? null}, ${entry.actorId}, clock_timestamp()
      FROM ${projects} p WHERE p.id = ${entry.projectId} AND p.business_id = ${entry.businessId}
      RETURNING id`);
    return resultRows<{ id: string }>(result)[0]?.id ?? null;
  }

  async activity(businessId: string, id: string): Promise<ActivityRow | null> {
    const [row] = await this.activitySelect()
      .where(and(eq(projectActivities.businessId, businessId), eq(projectActivities.id, id)))
      .limit(1);
    return row ?? null;
  }

  /**
   * The feed newest first: entries before `before` (whole milliseconds, as timestamps are shown), at most `limit`
   * — plus the rest of the last entry's millisecond, so paging by its timestamp never skips an entry.
   */
  async feed(
    businessId: string,
    projectId: string,
    before: string | undefined,
    limit: number,
  ): Promise<{ rows: ActivityRow[]; hasMore: boolean }> {
    const ms = sql`date_trunc('milliseconds', ${projectActivities.createdAt})`;
    const scope = and(eq(projectActivities.businessId, businessId), eq(projectActivities.projectId, projectId));
    const page = await this.activitySelect()
      .where(and(scope, before ? lt(projectActivities.createdAt, sql`${before}::timestamptz`) : undefined))
      .orderBy(desc(projectActivities.createdAt), desc(projectActivities.id))
      .limit(limit + 1);
    if (page.length <= limit) return { rows: page, hasMore: false };
    const last = page[limit - 1]!;
    let rows = page.slice(0, limit);
    if (page[limit]!.timestamp === last.timestamp) {
      const sameMs = await this.activitySelect()
        .where(and(scope, sql`${ms} = ${last.timestamp}::timestamptz`))
        .orderBy(desc(projectActivities.createdAt), desc(projectActivities.id));
      rows = [...rows.filter((r) => r.timestamp !== last.timestamp), ...sameMs];
    }
    const [older] = await this.db
      .select({ id: projectActivities.id })
      .from(projectActivities)
      .where(and(scope, lt(projectActivities.createdAt, sql`${last.timestamp}::timestamptz`)))
      .limit(1);
    return { rows, hasMore: older !== undefined };
  }

  private activitySelect() {
    return this.db
      .select({
        id: projectActivities.id,
        type: projectActivities.type,
        message: projectActivities.message,
        subjectType: projectActivities.subjectType,
        subjectId: projectActivities.subjectId,
        subjectTitle: projectActivities.subjectTitle,
        actorId: users.id,
        actorName: sql<
          string | null
        >`CASE WHEN ${users.id} IS NULL THEN NULL ELSE ${nameOf(users.firstName, users.lastName)} END`,
        timestamp: sql<string>`${isoJson(projectActivities.createdAt)}`,
      })
      .from(projectActivities)
      .leftJoin(users, eq(users.id, projectActivities.actorId))
      .$dynamic();
  }

  /** The titles of those of `ids` that are projects of the business. */
  async titles(businessId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: projects.id, title: projects.title })
      .from(projects)
      .where(and(eq(projects.businessId, businessId), inArray(projects.id, ids)));
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  /** The projects with dates overlapping a range (the calendar: lib/calendar.ts datedOverlapSql), earliest first. */
  async inDateRange(businessId: string, range: DatedRange): Promise<DatedRow[]> {
    return this.db
      .select({
        id: projects.id,
        title: projects.title,
        description: projects.description,
        status: projects.stage,
        startDate: projects.startDate,
        dueDate: projects.dueDate,
        isAllDay: projects.isAllDay,
        projectId: projects.id,
      })
      .from(projects)
      .where(
        and(
          eq(projects.businessId, businessId),
          datedOverlapSql(projects.startDate, projects.dueDate, projects.isAllDay, range.from, range.to),
          range.status ? eq(projects.stage, range.status as ProjectStage) : undefined,
          range.search ? like(sql`lower(${projects.title})`, `%${escapeLike(range.search.toLowerCase())}%`) : undefined,
        ),
      )
      .orderBy(sql`coalesce(${projects.startDate}, ${projects.dueDate})`, projects.id)
      .limit(range.limit);
  }
}

/** A text[] of bound parameters (ARRAY[$1, $2, …]: the same on both drivers). */
const toArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
