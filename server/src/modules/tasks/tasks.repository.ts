import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@atrium/contracts';
import type {
  KanbanTotals,
  TaskChange,
  TaskListParamsData,
  TaskPriority,
  TaskSortField,
  TaskStatus,
} from '@atrium/domain-work/schemas';
import { orderAtEnd, orderForPosition, TASK_BOARD } from '../../db/board-order';
import { resultRows, type Database, type Executor } from '../../db/client';
import { lockBoardColumn } from '../../db/locks';
import { taskComments, taskContacts, taskCounts, taskHistory, taskSearch, tasks, users } from '../../db/schema';
import { escapeLike, filterGroupsSql, type FilterColumns } from '../../lib/filter-sql';
import { datedOverlapSql, type DatedRange, type DatedRow } from '../../lib/calendar';
import { yieldToEventLoop } from '../../lib/event-loop';
import { StatementCache } from '../../lib/statements';

/** The columns a create or an update writes. */
export interface TaskFields {
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  startDate: Date | null;
  dueDate: Date | null;
  isAllDay: boolean;
  projectId: string | null;
}

/** A task as stored, with its contacts and how many comments it has (the service adds project and files). */
export interface TaskRow extends TaskFields {
  id: string;
  businessId: string;
  userId: string | null;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
  contactIds: string[];
  commentCount: number;
}

export interface CommentRow {
  id: string;
  taskId: string;
  userId: string | null;
  content: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface HistoryRow {
  id: string;
  action: string;
  changes: TaskChange[];
  performedBy: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}

export type TaskListFilter = TaskListParamsData & { sortOrder: SortOrder };

// Written out qualified: drizzle leaves the table off a column of a single-table select, and inside these
// subqueries a bare "id" would name task_comments' own id.
const TASK_ID = sql.raw('"tasks"."id"');
const contactIdsOf = sql<string[]>`coalesce((
  SELECT array_agg(tc.contact_id ORDER BY tc.contact_id) FROM ${taskContacts} tc WHERE tc.task_id = ${TASK_ID}
), '{}')`;
const commentCountOf = sql<number>`(
  SELECT count(*) FROM ${taskComments} tcm WHERE tcm.task_id = ${TASK_ID}
)`.mapWith(Number);

/** What every task answer reads (the service maps it to the contracts' Task). */
const TASK_ROW = {
  id: tasks.id,
  businessId: tasks.businessId,
  title: tasks.title,
  description: tasks.description,
  status: tasks.status,
  priority: tasks.priority,
  startDate: tasks.startDate,
  dueDate: tasks.dueDate,
  isAllDay: tasks.isAllDay,
  projectId: tasks.projectId,
  userId: tasks.userId,
  sortOrder: tasks.sortOrder,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  contactIds: contactIdsOf,
  commentCount: commentCountOf,
};

/** The whitelist of filter fields (the slice's TASK_FILTER_FIELDS) → columns. */
const FILTER_COLUMNS: FilterColumns = {
  title: tasks.title,
  description: tasks.description,
  status: tasks.status,
  priority: tasks.priority,
  startDate: tasks.startDate,
  dueDate: tasks.dueDate,
  createdAt: tasks.createdAt,
};

const PRIORITY_RANK = sql`(CASE ${tasks.priority} WHEN 'low' THEN 0 WHEN 'regular' THEN 1 ELSE 2 END)`;

/**
 * ORDER BY per sort, with the id as tie-breaker so pages are stable. createdAt (the default) and board follow
 * an index of schema.ts exactly (tasks_business_created_idx; tasks_business_board_idx: status, then the
 * kanban position), so a page is read from the index without sorting the business's tasks.
 */
function orderOf(sortBy: TaskSortField, order: SortOrder): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const id = dir(tasks.id);
  // tasks_business_created_idx is DESC NULLS LAST (drizzle's default for desc): a plain DESC (NULLS FIRST) or
  // its reverse would not match it, and the page would sort every task of the business.
  const created = sql.raw(order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');
  switch (sortBy) {
    case 'board':
      return [dir(tasks.status), dir(tasks.sortOrder), id];
    case 'createdAt':
      return [sql`${tasks.createdAt} ${created}`, sql`${tasks.id} ${created}`];
    case 'updatedAt':
      return [dir(tasks.updatedAt), id];
    case 'title':
      return [dir(sql`lower(${tasks.title})`), id];
    case 'dueDate':
      return [sql`${tasks.dueDate} ${sql.raw(order === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`, id];
    case 'priority':
      return [dir(PRIORITY_RANK), id];
  }
}

/** The values of the list statements' placeholders ('' where that filter is not in the statement). */
type ListValues = {
  businessId: string;
  status: string;
  priority: string;
  projectId: string;
  contactId: string;
  pattern: string;
  limit: number;
  offset: number;
};
const L = Object.fromEntries(
  (['businessId', 'status', 'priority', 'projectId', 'contactId', 'pattern', 'limit', 'offset'] as const).map((k) => [
    k,
    sql.placeholder(k),
  ]),
) as { [K in keyof ListValues]: ReturnType<typeof sql.placeholder<K>> };

/** Tasks per statement of an export. */
const EXPORT_BATCH = 1_000;

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Every query here is scoped to one business. */
export class TasksRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The list's conditions: the simple filters as placeholders (L), the filter groups written in as literals. */
  private listWhere(f: TaskListFilter): SQL {
    const conditions: (SQL | undefined)[] = [eq(tasks.businessId, L.businessId)];
    if (f.status) conditions.push(eq(tasks.status, L.status));
    if (f.priority) conditions.push(eq(tasks.priority, L.priority));
    if (f.projectId === 'none') conditions.push(isNull(tasks.projectId));
    else if (f.projectId) conditions.push(eq(tasks.projectId, L.projectId));
    if (f.contactId) {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${taskContacts} tc WHERE tc.task_id = ${TASK_ID} AND tc.contact_id = ${L.contactId})`,
      );
    }
    // The matches of a search are task_search's rows (its search_text is tasks.search_text, trigram-indexed).
    if (f.search) conditions.push(inArray(tasks.id, this.searchIds()));
    conditions.push(filterGroupsSql(f.filters, FILTER_COLUMNS));
    return and(...conditions)!;
  }

  /** The business's task_search rows matching the search pattern (one partition's trigram bitmap scan). */
  private searchMatches(): SQL {
    return and(eq(taskSearch.businessId, L.businessId), like(taskSearch.searchText, L.pattern))!;
  }

  /** The ids of the tasks matching the search, from task_search. */
  private searchIds() {
    return this.db.select({ id: taskSearch.taskId }).from(taskSearch).where(this.searchMatches());
  }

  /**
   * The page's ids of a search alone in the default order (created_at), from the narrow task_search rows in the
   * order of task_search_business_created_idx (as orderOf 'createdAt' on tasks): the planner walks that index
   * and stops at the page's last match (a frequent term) or sorts the trigram scan's matches (a rare one). Only the
   * page's tasks rows are read.
   */
  private searchedPage(order: SortOrder) {
    const nulls = sql.raw(order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');
    return this.db
      .select({ pageId: sql<string>`${taskSearch.taskId}`.as('page_id') })
      .from(taskSearch)
      .where(this.searchMatches())
      .orderBy(sql`${taskSearch.createdAt} ${nulls}`, sql`${taskSearch.taskId} ${nulls}`)
      .limit(L.limit)
      .offset(L.offset)
      .as('page');
  }

  /** How many tasks match the search: a count of task_search's rows (the trigram scan rechecks the short rows). */
  private searchCount() {
    return this.db.select({ n: count() }).from(taskSearch).where(this.searchMatches());
  }

  /** The list statements by shape (which simple filters, sort, export), built once (lib/statements.ts). */
  private readonly statements = new StatementCache<ListValues>();

  /**
   * A page of tasks (or with `export` every match) in the list's order, and the number of matches. The page's
   * ids come from the sort index alone (ORDER BY, OFFSET, LIMIT), then only those rows are read with their
   * contacts and comment counts. Without a filter the total is the business's kanban counters (task_counts,
   * kept by triggers); with only a status, that column's counter; with only a search, a count of task_search's
   * rows — in the default order a scalar subquery of the page's own statement, whose ids come from task_search
   * too (searchedPage); otherwise a count of the matches. Statements without filter groups are kept per shape and
   * only executed again.
   */
  async list(businessId: string, f: TaskListFilter): Promise<{ rows: TaskRow[]; total: number }> {
    const values: ListValues = {
      businessId,
      status: f.status ?? '',
      priority: f.priority ?? '',
      projectId: f.projectId ?? '',
      contactId: f.contactId ?? '',
      pattern: f.search ? `%${escapeLike(f.search.toLowerCase())}%` : '',
      limit: f.limit,
      offset: (f.page - 1) * f.limit,
    };
    const order = orderOf(f.sortBy, f.sortOrder);
    const narrowing = [f.priority, f.projectId, f.contactId, f.search, f.filters].some(isSet);
    const searchOnly = isSet(f.search) && ![f.status, f.priority, f.projectId, f.contactId, f.filters].some(isSet);
    const flags = [f.status, f.priority, f.contactId, f.search].map((v) => (isSet(v) ? '+' : '-')).join('');
    const project = f.projectId === 'none' ? 'none' : f.projectId ? '+' : '-';
    const shape = isSet(f.filters) ? null : `${flags}${project}:${f.sortBy}:${f.sortOrder}`;
    if (f.export) return this.exportRows(businessId, f, values, order, shape);
    const counted = async () => {
      const countQuery = this.statements.get(shape && `${shape}:count`, () =>
        searchOnly
          ? this.searchCount()
          : narrowing
            ? this.db.select({ n: count() }).from(tasks).where(this.listWhere(f))
            : this.db
                .select({ n: sql<number>`coalesce(sum(${taskCounts.tasks}), 0)`.mapWith(Number) })
                .from(taskCounts)
                .where(
                  and(eq(taskCounts.businessId, L.businessId), f.status ? eq(taskCounts.status, L.status) : undefined),
                ),
      );
      const [row] = (await countQuery.execute(values)) as { n: number }[];
      return Number(row?.n ?? 0);
    };
    if (searchOnly && f.sortBy === 'createdAt') {
      const searched = this.statements.get(shape && `${shape}:page`, () => {
        const page = this.searchedPage(f.sortOrder);
        return this.db
          .select({ ...TASK_ROW, matches: sql<number>`(${this.searchCount()})`.mapWith(Number) })
          .from(page)
          .innerJoin(tasks, eq(tasks.id, page.pageId))
          .orderBy(...order);
      });
      const found = (await searched.execute(values)) as (TaskRow & { matches: number })[];
      const rows = found.map(({ matches: _, ...row }) => row);
      // An empty page carries no count: at the first page there are no matches; past the last, count them.
      if (found.length > 0) return { rows, total: found[0]!.matches };
      return { rows, total: values.offset === 0 ? 0 : await counted() };
    }
    const rowsQuery = this.statements.get(shape && `${shape}:page`, () => {
      const page = this.db
        .select({ pageId: tasks.id })
        .from(tasks)
        .where(this.listWhere(f))
        .orderBy(...order)
        .limit(L.limit)
        .offset(L.offset)
        .as('page');
      return this.db
        .select(TASK_ROW)
        .from(page)
        .innerJoin(tasks, eq(tasks.id, page.pageId))
        .orderBy(...order);
    });
    const rows = (await rowsQuery.execute(values)) as TaskRow[];
    return { rows, total: await counted() };
  }

  /**
   * Every match (export=true): the ids in the list's order in one statement, then the rows EXPORT_BATCH ids at a
   * time, letting other requests run between statements — PGlite runs one statement at a time, and one statement
   * reading 200k tasks with their contacts and comment counts would hold every other request for seconds.
   */
  private async exportRows(
    businessId: string,
    f: TaskListFilter,
    values: ListValues,
    order: SQL[],
    shape: string | null,
  ): Promise<{ rows: TaskRow[]; total: number }> {
    const idsQuery = this.statements.get(shape && `${shape}:ids`, () =>
      this.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(this.listWhere(f))
        .orderBy(...order),
    );
    const ids = ((await idsQuery.execute(values)) as { id: string }[]).map((r) => r.id);
    const rows: TaskRow[] = [];
    for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
      await yieldToEventLoop();
      const batch = ids.slice(i, i + EXPORT_BATCH);
      const found = new Map((await this.findRows(businessId, batch)).map((r) => [r.id, r]));
      // A task deleted meanwhile is left out.
      for (const id of batch) {
        const row = found.get(id);
        if (row) rows.push(row);
      }
    }
    return { rows, total: rows.length };
  }

  async findRows(businessId: string, ids: string[], db: Executor = this.db): Promise<TaskRow[]> {
    if (ids.length === 0) return [];
    return (await db
      .select(TASK_ROW)
      .from(tasks)
      .where(and(eq(tasks.businessId, businessId), inArray(tasks.id, ids)))) as TaskRow[];
  }

  async findById(businessId: string, id: string, db: Executor = this.db): Promise<TaskRow | null> {
    const [row] = await this.findRows(businessId, [id], db);
    return row ?? null;
  }

  /** The task, locked for the rest of the transaction (null when it is not the business's). */
  async lockTask(tx: Executor, businessId: string, id: string): Promise<TaskRow | null> {
    const [found] = await tx
      .select(TASK_ROW)
      .from(tasks)
      .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)))
      .for('update');
    return (found as TaskRow | undefined) ?? null;
  }

  /** Takes the lock of the kanban's `status` column (db/locks.ts) for the rest of the transaction. */
  lockColumn(tx: Executor, businessId: string, status: TaskStatus): Promise<void> {
    return lockBoardColumn(tx, businessId, 'tasks', status);
  }

  /** The key that places a card last in `status` (call under that column's lock). */
  orderAtEnd(tx: Executor, businessId: string, status: TaskStatus): Promise<number> {
    return orderAtEnd(tx, TASK_BOARD, businessId, status);
  }

  /** The key that places `id` at `index` of `status` (call under that column's lock). */
  orderAt(tx: Executor, businessId: string, status: TaskStatus, id: string, index: number): Promise<number> {
    return orderForPosition(tx, TASK_BOARD, businessId, status, id, index);
  }

  async insert(
    tx: Executor,
    businessId: string,
    userId: string,
    fields: TaskFields,
    sortOrder: number,
    contactIds: string[],
  ): Promise<string> {
    const [row] = await tx
      .insert(tasks)
      .values({ ...fields, businessId, userId, sortOrder })
      .returning({ id: tasks.id });
    const id = row!.id;
    await this.setContacts(tx, businessId, id, contactIds);
    return id;
  }

  async update(
    tx: Executor,
    businessId: string,
    id: string,
    fields: Partial<TaskFields> & { sortOrder?: number },
  ): Promise<Date | null> {
    const [row] = await tx
      .update(tasks)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)))
      .returning({ updatedAt: tasks.updatedAt });
    return row?.updatedAt ?? null;
  }

  /**
   * Writes a kanban move: the card's column and key and, when the column changed, its 'moved' history entry, in
   * one statement (the move holds its column's lock meanwhile: one round trip fewer). Answers the new updatedAt, or
   * null when the task is not the business's.
   */
  async writeMove(
    tx: Executor,
    businessId: string,
    id: string,
    move: { status: TaskStatus; sortOrder: number },
    history: { changes: TaskChange[]; performedBy: string | null } | null,
  ): Promise<Date | null> {
    const moved = sql`
      UPDATE ${tasks} SET status = ${move.status}, sort_order = ${move.sortOrder}, updated_at = now()
      WHERE business_id = ${businessId} AND id = ${id}
      RETURNING id, updated_at`;
    const result = await tx.execute(
      history === null
        ? moved
        : sql`
      WITH moved AS (${moved}),
      logged AS (
        INSERT INTO ${taskHistory} (id, business_id, task_id, action, changes, performed_by, created_at)
        SELECT ${randomUUID()}, ${businessId}, m.id, 'moved', ${JSON.stringify(history.changes)}::jsonb,
               ${history.performedBy}, now()
        FROM moved m
      )
      SELECT updated_at FROM moved`,
    );
    const row = resultRows<{ updated_at: Date | string }>(result)[0];
    return row ? new Date(row.updated_at) : null;
  }

  /** Replaces the task's contacts. */
  async setContacts(tx: Executor, businessId: string, taskId: string, contactIds: string[]): Promise<void> {
    await tx.delete(taskContacts).where(eq(taskContacts.taskId, taskId));
    if (contactIds.length > 0) {
      await tx.insert(taskContacts).values(contactIds.map((contactId) => ({ taskId, contactId, businessId })));
    }
  }

  async delete(tx: Executor, businessId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(tasks)
      .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)))
      .returning({ id: tasks.id });
    return rows.length > 0;
  }

  async addHistory(
    tx: Executor,
    businessId: string,
    taskId: string,
    action: string,
    changes: TaskChange[],
    performedBy: string | null,
  ): Promise<void> {
    await tx.insert(taskHistory).values({ businessId, taskId, action, changes, performedBy });
  }

  /** The task's history, newest first, with who did each change. */
  async history(businessId: string, taskId: string): Promise<HistoryRow[]> {
    return this.db
      .select({
        id: taskHistory.id,
        action: taskHistory.action,
        changes: taskHistory.changes,
        performedBy: taskHistory.performedBy,
        firstName: users.firstName,
        lastName: users.lastName,
        createdAt: taskHistory.createdAt,
      })
      .from(taskHistory)
      .leftJoin(users, eq(users.id, taskHistory.performedBy))
      .where(and(eq(taskHistory.businessId, businessId), eq(taskHistory.taskId, taskId)))
      .orderBy(desc(taskHistory.createdAt), desc(sql`${taskHistory.id}`));
  }

  private commentQuery(db: Executor) {
    return db
      .select({
        id: taskComments.id,
        taskId: taskComments.taskId,
        userId: taskComments.userId,
        content: taskComments.content,
        authorFirstName: users.firstName,
        authorLastName: users.lastName,
        createdAt: taskComments.createdAt,
        updatedAt: taskComments.updatedAt,
      })
      .from(taskComments)
      .leftJoin(users, eq(users.id, taskComments.userId));
  }

  /** The task's comments, oldest first. */
  async comments(businessId: string, taskId: string): Promise<CommentRow[]> {
    return this.commentQuery(this.db)
      .where(and(eq(taskComments.businessId, businessId), eq(taskComments.taskId, taskId)))
      .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
  }

  async comment(businessId: string, taskId: string, id: string, db: Executor = this.db): Promise<CommentRow | null> {
    const [row] = await this.commentQuery(db).where(
      and(eq(taskComments.businessId, businessId), eq(taskComments.taskId, taskId), eq(taskComments.id, id)),
    );
    return row ?? null;
  }

  async addComment(tx: Executor, businessId: string, taskId: string, userId: string, content: string) {
    const [row] = await tx
      .insert(taskComments)
      .values({ businessId, taskId, userId, content })
      .returning({ id: taskComments.id });
    return row!.id;
  }

  async deleteComment(tx: Executor, businessId: string, taskId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(taskComments)
      .where(and(eq(taskComments.businessId, businessId), eq(taskComments.taskId, taskId), eq(taskComments.id, id)))
      .returning({ id: taskComments.id });
    return rows.length > 0;
  }

  /** How many tasks each kanban column of the business holds (task_counts, kept by triggers). */
  async totals(businessId: string): Promise<KanbanTotals> {
    const rows = await this.db
      .select({ status: taskCounts.status, n: taskCounts.tasks })
      .from(taskCounts)
      .where(eq(taskCounts.businessId, businessId));
    const totals: KanbanTotals = { todo: 0, in_progress: 0, blocked: 0, completed: 0, total: 0 };
    for (const r of rows) {
      if (r.status in totals && r.status !== ('total' as TaskStatus)) totals[r.status] = r.n;
      totals.total += r.n;
    }
    return totals;
  }

  /** The ids of the project's tasks (the business's), in no particular order. */
  async idsInProject(tx: Executor, businessId: string, projectId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.businessId, businessId), eq(tasks.projectId, projectId)));
    return rows.map((r) => r.id);
  }

  /**
   * Copies the given tasks into another project in three statements whatever their number: the tasks (same
   * fields, status and kanban order; created by `actorId`, now), their contacts, and one 'duplicated' history entry
   * each. Returns the new id of each copied id.
   */
  async copyInto(
    tx: Executor,
    businessId: string,
    sourceIds: string[],
    toProjectId: string,
    actorId: string,
  ): Promise<Map<string, string>> {
    const pairs = sourceIds.map((oldId) => ({ old_id: oldId, new_id: randomUUID() }));
    if (pairs.length === 0) return new Map();
    const map = sql`jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS m(old_id text, new_id text)`;
    await tx.execute(sql`
      INSERT INTO ${tasks} (id, business_id, project_id, user_id, title, description, status, priority, start_date,
                            due_date, is_all_day, sort_order)
      SELECT m.new_id, t.business_id, ${toProjectId}, ${actorId}, t.title, t.description, t.status, t.priority,
             t.start_date, t.due_date, t.is_all_day, t.sort_order
      FROM ${map} JOIN ${tasks} t ON t.id = m.old_id AND t.business_id = ${businessId}`);
    await tx.execute(sql`
      INSERT INTO ${taskContacts} (task_id, contact_id, business_id)
      SELECT m.new_id, c.contact_id, c.business_id
      FROM ${map} JOIN ${taskContacts} c ON c.task_id = m.old_id`);
    await tx.execute(sql`
      INSERT INTO ${taskHistory} (id, business_id, task_id, action, changes, performed_by)
      SELECT gen_random_uuid()::text, ${businessId}, m.new_id, 'duplicated', '[]'::jsonb, ${actorId}
      FROM ${map}`);
    return new Map(pairs.map((p) => [p.old_id, p.new_id]));
  }

  /** The tasks with dates overlapping a range (the calendar: lib/calendar.ts datedOverlapSql), earliest first. */
  async inDateRange(businessId: string, range: DatedRange): Promise<DatedRow[]> {
    return this.db
      .select({
        id: tasks.id,
        title: tasks.title,
        description: tasks.description,
        status: tasks.status,
        startDate: tasks.startDate,
        dueDate: tasks.dueDate,
        isAllDay: tasks.isAllDay,
        projectId: tasks.projectId,
      })
      .from(tasks)
      .where(
        and(
          eq(tasks.businessId, businessId),
          datedOverlapSql(tasks.startDate, tasks.dueDate, tasks.isAllDay, range.from, range.to),
          range.status ? eq(tasks.status, range.status as TaskStatus) : undefined,
          range.search ? like(sql`lower(${tasks.title})`, `%${escapeLike(range.search.toLowerCase())}%`) : undefined,
        ),
      )
      .orderBy(sql`coalesce(${tasks.startDate}, ${tasks.dueDate})`, tasks.id)
      .limit(range.limit);
  }
}
