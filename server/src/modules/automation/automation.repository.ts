import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AutomationDateField } from '@atrium/domain-comms/automation';
import { resultRows, type Database, type Transaction } from '../../db/client';
import { automationDateFires, automationRuns, automations, domainEvents } from '../../db/schema';

export type AutomationRow = typeof automations.$inferSelect;
export type AutomationRunRow = typeof automationRuns.$inferSelect;
export type DomainEventRow = typeof domainEvents.$inferSelect;
export type AutomationFields = Pick<
  AutomationRow,
  'name' | 'trigger' | 'conditions' | 'steps' | 'enabled' | 'dateTrigger'
>;

/** A record whose watched date (plus the automation's offset) has been reached, with what its event carries. */
export interface DateDueRow {
  id: string;
  date: Date;
  title: string | null;
  status: string | null;
  projectId: string | null;
  contactId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The contact of a record through a link table: the earliest-created one linked (deterministic). */
const linkedContact = (link: string, key: string) =>
  `LEFT JOIN LATERAL (SELECT c.id, c.email, c.first_name, c.last_name FROM ${link} l JOIN contacts c ON c.id = l.contact_id
     WHERE l.${key} = e.id ORDER BY c.created_at, c.id LIMIT 1) c ON true`;

/**
 * Where each "Date reached" field lives (fixed SQL, never user text): the table, the date column (each has an index
 * leading with business_id and the date), the title, status, project and contact its event carries.
 */
const DATE_SOURCES: Record<
  AutomationDateField,
  { table: string; column: string; title: string; status: string; project: string; contact: string; where?: string }
> = {
  'task.dueDate': {
    table: 'tasks',
    column: 'due_date',
    title: 'e.title',
    status: 'e.status',
    project: 'e.project_id',
    contact: linkedContact('task_contacts', 'task_id'),
  },
  'project.startDate': {
    table: 'projects',
    column: 'start_date',
    title: 'e.title',
    status: 'e.stage',
    project: 'e.id',
    contact: linkedContact('project_contacts', 'project_id'),
  },
  'project.dueDate': {
    table: 'projects',
    column: 'due_date',
    title: 'e.title',
    status: 'e.stage',
    project: 'e.id',
    contact: linkedContact('project_contacts', 'project_id'),
  },
  'invoice.dueDate': {
    table: 'documents',
    column: 'due_date',
    title: "coalesce(e.number || ' ', '') || e.title",
    status: 'e.status',
    project: 'e.project_id',
    contact: 'LEFT JOIN contacts c ON c.id = e.contact_id',
    where: "e.type = 'invoice' AND e.is_template = false AND e.due_date IS NOT NULL",
  },
  'meeting.startAt': {
    table: 'meetings',
    column: 'start_at',
    title: 'e.title',
    status: 'e.status',
    project: 'e.project_id',
    contact: linkedContact('meeting_contacts', 'meeting_id'),
  },
  'contact.lastContact': {
    table: 'contacts',
    column: 'last_contact',
    title: "e.first_name || coalesce(' ' || e.last_name, '')",
    status: 'e.status',
    project: 'NULL',
    contact: 'JOIN contacts c ON c.id = e.id',
  },
};
export type StepResultRow = { step: number; type: string; status: string; message: string; at: string };

/** All SQL of automations: its three tables, every query scoped to one business (the dispatcher's by the event). */
export class AutomationRepository {
  constructor(private readonly db: Database) {}

  async list(businessId: string): Promise<(AutomationRow & { runCount: number; lastRunAt: Date | null })[]> {
    const rows = await this.db
      .select({
        a: automations,
        // Named in full: inside a sub-select drizzle would write the bare "id", which is the run's.
        runCount: sql<number>`(SELECT count(*)::int FROM automation_runs r WHERE r.automation_id = "automations"."id")`,
        lastRunAt: sql<
          string | null
        >`(SELECT max(r.created_at) FROM automation_runs r WHERE r.automation_id = "automations"."id")`,
      })
      .from(automations)
      .where(eq(automations.businessId, businessId))
      .orderBy(desc(automations.createdAt), desc(automations.id));
    return rows.map((r) => ({
      ...r.a,
      runCount: Number(r.runCount),
      lastRunAt: r.lastRunAt ? new Date(r.lastRunAt) : null,
    }));
  }

  async find(businessId: string, id: string): Promise<AutomationRow | null> {
    const [row] = await this.db
      .select()
      .from(automations)
      .where(and(eq(automations.businessId, businessId), eq(automations.id, id)));
    return row ?? null;
  }

  async create(businessId: string, createdBy: string, fields: AutomationFields): Promise<AutomationRow> {
    const [row] = await this.db
      .insert(automations)
      .values({ ...fields, businessId, createdBy })
      .returning();
    return row!;
  }

  /** `editorId` becomes the author: the steps run as whoever saved the automation last. */
  async update(
    businessId: string,
    id: string,
    editorId: string,
    fields: AutomationFields,
  ): Promise<AutomationRow | null> {
    const [row] = await this.db
      .update(automations)
      .set({
        ...fields,
        createdBy: editorId,
        updatedAt: new Date(),
        // "Date reached" counts from now again when what it watches changes or it is switched back on: dates reached
        // while it watched something else, or was off, never fire (the SET reads the row before the change).
        armedAt: sql`CASE WHEN ${automations.trigger} IS DISTINCT FROM ${fields.trigger}
          OR ${automations.dateTrigger} IS DISTINCT FROM ${fields.dateTrigger === null ? null : JSON.stringify(fields.dateTrigger)}::jsonb
          OR (NOT ${automations.enabled} AND ${fields.enabled}) THEN now() ELSE ${automations.armedAt} END`,
      })
      .where(and(eq(automations.businessId, businessId), eq(automations.id, id)))
      .returning();
    return row ?? null;
  }

  async remove(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(automations)
      .where(and(eq(automations.businessId, businessId), eq(automations.id, id)))
      .returning({ id: automations.id });
    return rows.length > 0;
  }

  async runs(businessId: string, automationId: string, limit: number): Promise<AutomationRunRow[]> {
    return this.db
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.businessId, businessId), eq(automationRuns.automationId, automationId)))
      .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
      .limit(limit);
  }

  /**
   * Takes up to `limit` pending events (others' claims skipped), creates the runs `plan` picks for each — one per
   * (automation, event): a second dispatch of the same event inserts nothing — and marks the events dispatched,
   * in one transaction. Answers the new runs' ids.
   */
  async dispatch(
    limit: number,
    plan: (event: DomainEventRow, candidates: AutomationRow[]) => AutomationRow[],
  ): Promise<{ events: number; runIds: string[] }> {
    return this.db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt))
        .orderBy(asc(domainEvents.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (events.length === 0) return { events: 0, runIds: [] };
      const runIds: string[] = [];
      const businessIds = [...new Set(events.map((e) => e.businessId))];
      const enabled = await tx
        .select()
        .from(automations)
        .where(and(inArray(automations.businessId, businessIds), eq(automations.enabled, true)));
      for (const event of events) {
        const candidates = enabled.filter(
          (a) =>
            a.businessId === event.businessId &&
            a.trigger === event.type &&
            (event.automationId === null || a.id === event.automationId),
        );
        const chosen = plan(event, candidates);
        if (chosen.length === 0) continue;
        const inserted = await tx
          .insert(automationRuns)
          .values(
            chosen.map((a) => ({
              automationId: a.id,
              businessId: event.businessId,
              eventId: event.id,
              eventType: event.type,
              recordId: event.recordId,
              record: event.record,
              depth: event.depth,
            })),
          )
          .onConflictDoNothing({ target: [automationRuns.automationId, automationRuns.eventId] })
          .returning({ id: automationRuns.id });
        runIds.push(...inserted.map((r) => r.id));
      }
      await tx
        .update(domainEvents)
        .set({ dispatchedAt: new Date() })
        .where(
          inArray(
            domainEvents.id,
            events.map((e) => e.id),
          ),
        );
      return { events: events.length, runIds };
    });
  }

  // ---- "Date reached" ---------------------------------------------------------------------------------------

  /** The enabled "Date reached" automations, the longest unswept first (a pass takes at most `limit`). */
  async dateAutomations(limit: number): Promise<AutomationRow[]> {
    return this.db
      .select()
      .from(automations)
      .where(and(eq(automations.trigger, 'date.reached'), eq(automations.enabled, true)))
      .orderBy(sql`${automations.datesSweptAt} ASC NULLS FIRST`, asc(automations.id))
      .limit(limit);
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * The automation's business's records whose date lies in [from, to] and has not fired for this automation at
   * that value yet, earliest first, at most `limit` (an index range per business and date, each probed in the
   * fires' primary key).
   */
  async datesDue(
    tx: Transaction,
    automation: AutomationRow,
    field: AutomationDateField,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<DateDueRow[]> {
    const src = DATE_SOURCES[field];
    const col = sql.raw(`e.${src.column}`);
    // Compared and kept to the millisecond, as JavaScript's Date holds it (a date written by now() has microseconds).
    const ms = sql.raw(`date_trunc('milliseconds', e.${src.column})`);
    const result = await tx.execute(sql`
      SELECT e.id, ${ms} AS date, ${sql.raw(src.title)} AS title, ${sql.raw(src.status)}::text AS status,
             ${sql.raw(src.project)} AS project_id, c.id AS contact_id, c.email, c.first_name, c.last_name
      FROM ${sql.raw(src.table)} e ${sql.raw(src.contact)}
      WHERE e.business_id = ${automation.businessId} ${sql.raw(src.where ? `AND ${src.where}` : '')}
        AND ${col} >= ${from.toISOString()}::timestamptz AND ${col} <= ${to.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM ${automationDateFires} f
                        WHERE f.automation_id = ${automation.id} AND f.record_id = e.id AND f.date_value = ${ms})
      ORDER BY ${col}, e.id
      LIMIT ${limit}`);
    return resultRows<Record<string, unknown>>(result).map((r) => ({
      id: String(r.id),
      date: new Date(r.date as string | Date),
      title: (r.title as string | null) ?? null,
      status: (r.status as string | null) ?? null,
      projectId: (r.project_id as string | null) ?? null,
      contactId: (r.contact_id as string | null) ?? null,
      email: (r.email as string | null) ?? null,
      firstName: (r.first_name as string | null) ?? null,
      lastName: (r.last_name as string | null) ?? null,
    }));
  }

  /**
   * Records that these dates fired for the automation; answers the ones this call recorded — a pair another pass
   * (another process) recorded first is skipped, waiting for its commit, so no date fires twice.
   */
  async markFired(tx: Transaction, automation: AutomationRow, due: DateDueRow[]): Promise<DateDueRow[]> {
    if (due.length === 0) return [];
    const inserted = await tx
      .insert(automationDateFires)
      .values(
        due.map((d) => ({
          automationId: automation.id,
          businessId: automation.businessId,
          recordId: d.id,
          dateValue: d.date,
        })),
      )
      .onConflictDoNothing()
      .returning({ recordId: automationDateFires.recordId, dateValue: automationDateFires.dateValue });
    const taken = new Set(inserted.map((r) => `${r.recordId}|${r.dateValue.getTime()}`));
    return due.filter((d) => taken.has(`${d.id}|${d.date.getTime()}`));
  }

  async setDatesSwept(tx: Transaction, automationId: string, at: Date): Promise<void> {
    await tx.update(automations).set({ datesSweptAt: at }).where(eq(automations.id, automationId));
  }

  /**
   * Runs that should be moving and may have no job: queued or running ones whose last change is older than `before`
   * (a job lost before it was sent, or out of retries), and waiting ones whose wait ended before `before` (the job
   * that resumes them lost between the wait's record and its send). The caller skips those with a pending job.
   */
  async staleRuns(before: Date, limit: number): Promise<AutomationRunRow[]> {
    return this.db
      .select()
      .from(automationRuns)
      .where(
        or(
          and(inArray(automationRuns.status, ['queued', 'running']), lt(automationRuns.updatedAt, before)),
          and(eq(automationRuns.status, 'waiting'), lt(automationRuns.resumeAt, before)),
        ),
      )
      .orderBy(asc(automationRuns.updatedAt))
      .limit(limit);
  }

  async run(runId: string): Promise<{ run: AutomationRunRow; automation: AutomationRow } | null> {
    const [row] = await this.db
      .select({ run: automationRuns, automation: automations })
      .from(automationRuns)
      .innerJoin(automations, eq(automations.id, automationRuns.automationId))
      .where(eq(automationRuns.id, runId));
    return row ?? null;
  }

  /**
   * Claims step `step` of the run: only when the run is still at that step (a second worker finds it moved on and
   * gets false). The step's result is recorded 'running' before anything is done.
   */
  async claimStep(runId: string, step: number, entry: StepResultRow): Promise<boolean> {
    const rows = await this.db
      .update(automationRuns)
      .set({
        status: 'running',
        results: sql`${automationRuns.results} || ${JSON.stringify([entry])}::jsonb`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(automationRuns.id, runId),
          eq(automationRuns.nextStep, step),
          inArray(automationRuns.status, ['queued', 'running', 'waiting']),
          // Never claimed before: a second job for the run (a resent orphan) cannot run the step again.
          sql`NOT (${automationRuns.results} @> ${JSON.stringify([{ step }])}::jsonb)`,
        ),
      )
      .returning({ id: automationRuns.id });
    return rows.length > 0;
  }

  /** Records step `step`'s outcome (replacing its 'running' entry) and moves the run on. */
  async finishStep(
    runId: string,
    step: number,
    entry: StepResultRow,
    next: { status: 'running' | 'waiting' | 'completed' | 'failed'; error?: string | null; resumeAt?: Date },
  ): Promise<void> {
    const finished = next.status === 'completed' || next.status === 'failed';
    await this.db
      .update(automationRuns)
      .set({
        results: sql`(SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(${automationRuns.results}) e
                       WHERE (e->>'step')::int <> ${step}) || ${JSON.stringify([entry])}::jsonb`,
        nextStep: step + 1,
        status: next.status,
        resumeAt: next.resumeAt ?? null,
        error: next.error ?? null,
        updatedAt: new Date(),
        ...(finished ? { finishedAt: new Date() } : {}),
      })
      .where(and(eq(automationRuns.id, runId), eq(automationRuns.nextStep, step)));
  }

  async setStatus(
    runId: string,
    status: 'queued' | 'running' | 'completed' | 'failed',
    error: string | null = null,
  ): Promise<void> {
    const finished = status === 'completed' || status === 'failed';
    await this.db
      .update(automationRuns)
      .set({ status, error, updatedAt: new Date(), ...(finished ? { finishedAt: new Date() } : {}) })
      .where(eq(automationRuns.id, runId));
  }

  /** Bench and tests: every step result of the runs of these automations. */
  async allRuns(automationIds: string[]): Promise<AutomationRunRow[]> {
    if (automationIds.length === 0) return [];
    return this.db.select().from(automationRuns).where(inArray(automationRuns.automationId, automationIds));
  }
}
