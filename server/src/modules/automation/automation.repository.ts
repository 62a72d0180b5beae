import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { automationRuns, automations, domainEvents } from '../../db/schema';

export type AutomationRow = typeof automations.$inferSelect;
export type AutomationRunRow = typeof automationRuns.$inferSelect;
export type DomainEventRow = typeof domainEvents.$inferSelect;
export type AutomationFields = Pick<AutomationRow, 'name' | 'trigger' | 'conditions' | 'steps' | 'enabled'>;
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
      .set({ ...fields, createdBy: editorId, updatedAt: new Date() })
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
        const candidates = enabled.filter((a) => a.businessId === event.businessId && a.trigger === event.type);
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

  /** Runs not finished whose last change is older than `before` (a job lost before it was sent, or stuck). */
  async staleRuns(before: Date, limit: number): Promise<AutomationRunRow[]> {
    return this.db
      .select()
      .from(automationRuns)
      .where(and(inArray(automationRuns.status, ['queued', 'running']), lt(automationRuns.updatedAt, before)))
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
    next: { status: 'running' | 'waiting' | 'completed' | 'failed'; error?: string | null },
  ): Promise<void> {
    const finished = next.status === 'completed' || next.status === 'failed';
    await this.db
      .update(automationRuns)
      .set({
        results: sql`(SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(${automationRuns.results}) e
                       WHERE (e->>'step')::int <> ${step}) || ${JSON.stringify([entry])}::jsonb`,
        nextStep: step + 1,
        status: next.status,
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
