import type { FieldError, MemberRole } from '@atrium/contracts';
import {
  AUTOMATION_DATE_FIELDS,
  AUTOMATION_MAX_DEPTH,
  AUTOMATION_MESSAGES,
  automationStepSchema,
  conditionsMet,
  type Automation,
  type AutomationCondition,
  type AutomationData,
  type AutomationDateTrigger,
  type AutomationRun,
  type AutomationStep,
  type AutomationTrigger,
} from '@atrium/domain-comms/automation';
import { personalise } from '@atrium/domain-comms/schemas';
import { taskInputSchema, type TaskData } from '@atrium/domain-work/schemas';
import type { BusinessCaller } from '../../lib/caller';
import { asAutomationStep, type DomainEventOutbox } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import type { JobLog, JobQueue } from '../../lib/jobs';
import { MailSendError, type MailSender } from '../../lib/mail-sender-port';
import type { OutgoingNotification } from '../../lib/notifications-port';
import type {
  AutomationRepository,
  AutomationRow,
  AutomationRunRow,
  DomainEventRow,
  StepResultRow,
} from './automation.repository';

export const AUTOMATION_RUN_QUEUE = 'automation-run';
/** The "Date reached" sweep: one job at a time across processes (by key), queued by every process's timer. */
export const AUTOMATION_DATES_QUEUE = 'automation-dates';
/** A moment reached up to this long before its date was set (a due date of today) still fires. */
export const DATE_REACHED_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** Automation runs one API process runs at once (bench/README.md "Automation runs"). */
export const AUTOMATION_RUN_CONCURRENCY = 4;

/** What the steps use of other modules (app.ts passes the services in; this module imports none of them). */
export interface AutomationDeps {
  tasks: { create(caller: BusinessCaller, input: TaskData): Promise<{ _id: string; title: string }> };
  groups: {
    get(caller: BusinessCaller, id: string): Promise<unknown>;
    addContacts(caller: BusinessCaller, id: string, contactIds: string[], single?: boolean): Promise<number>;
  };
  members: {
    requireRole(businessId: string, userId: string): Promise<MemberRole>;
    requireManager(businessId: string, userId: string): Promise<MemberRole>;
  };
  templates: {
    row(businessId: string, id: string): Promise<{ subject: string; html: string; text: string } | null>;
  };
  /** Delivered at once, a failure thrown and the recipients counted (NotificationsService.sendCounted). */
  notifications: { sendCounted(notification: OutgoingNotification): Promise<number> };
  mail: MailSender;
  jobs: JobQueue;
  events: DomainEventOutbox;
  log: JobLog;
}

export interface AutomationOptions {
  /** How often the dispatcher looks for events (ms); an emit in this process wakes it at once. */
  pollMs?: number;
  /** Events taken per dispatch transaction. */
  batch?: number;
  /** A queued/running run untouched this long without a pending job is queued again (ms). */
  staleMs?: number;
  /** How often each process queues the "Date reached" sweep (ms; default a minute). */
  datesEveryMs?: number;
  /** Dates one sweep fires at most (the rest next pass); and automations one pass looks at. */
  datesBatch?: number;
  /** The run job's heartbeat and grace (lib/jobs): a run whose process died is taken up again after the grace. */
  runJob?: { heartbeatSeconds?: number; graceSeconds?: number };
}

const notFound = () => new AppError('NOT_FOUND', AUTOMATION_MESSAGES.notFound);
const invalid = (details: FieldError[]) => new AppError('VALIDATION_ERROR', details[0]!.message, details);

function toDto(row: AutomationRow & { runCount?: number; lastRunAt?: Date | null }): Automation {
  return {
    _id: row.id,
    name: row.name,
    trigger: row.trigger as AutomationTrigger,
    conditions: row.conditions as AutomationCondition[],
    steps: row.steps as AutomationStep[],
    enabled: row.enabled,
    dateTrigger: (row.dateTrigger as AutomationDateTrigger | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastRunAt: row.lastRunAt ? row.lastRunAt.toISOString() : null,
    runCount: row.runCount ?? 0,
  };
}

function runDto(row: AutomationRunRow): AutomationRun {
  return {
    _id: row.id,
    automationId: row.automationId,
    eventType: row.eventType,
    recordId: row.recordId,
    status: row.status as AutomationRun['status'],
    nextStep: row.nextStep,
    results: row.results as AutomationRun['results'],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** What is stored: the date and offset belong to "Date reached" only. */
const fieldsOf = (input: AutomationData): AutomationData => ({
  ...input,
  dateTrigger: input.trigger === 'date.reached' ? input.dateTrigger : null,
});

/** The contact an event is about: the record itself for contact.created, else its contactId field. */
function contactOf(run: AutomationRunRow): string | null {
  if (run.eventType === 'contact.created') return run.recordId;
  const id = run.record.contactId;
  return typeof id === 'string' && id ? id : null;
}

/**
 * Automations (issue #19 §7, docs/requirements.md "Automation"): CRUD for the members of a business, the
 * dispatcher that turns domain events into runs (one per automation and event), and the pg-boss job that runs a
 * run's steps in order, each step claimed before it is done so a run that stops midway never repeats one.
 */
export class AutomationService {
  private timer: NodeJS.Timeout | null = null;
  private datesTimer: NodeJS.Timeout | null = null;
  private dispatching: Promise<void> | null = null;
  private again = false;
  private lastSweep = 0;
  private stopped = false;

  constructor(
    private readonly repo: AutomationRepository,
    private readonly deps: AutomationDeps,
    private readonly options: AutomationOptions = {},
  ) {}

  // ---------------------------------------------------------------------------------------------------------
  // CRUD

  async list(caller: BusinessCaller): Promise<Automation[]> {
    return (await this.repo.list(caller.businessId)).map(toDto);
  }

  async get(caller: BusinessCaller, id: string): Promise<Automation> {
    const row = await this.repo.find(caller.businessId, id);
    if (!row) throw notFound();
    return toDto(row);
  }

  /**
   * Steps run as the automation's author — their Gmail sends the emails, their rights create the tasks — so only
   * owners and admins write automations, and whoever saves one last becomes its author: nobody can make an
   * automation act as someone else (a member editing an owner's automation to mail from the owner's mailbox).
   */
  async create(caller: BusinessCaller, input: AutomationData): Promise<Automation> {
    await this.deps.members.requireManager(caller.businessId, caller.userId);
    await this.checkReferences(caller, input.steps);
    return toDto(await this.repo.create(caller.businessId, caller.userId, fieldsOf(input)));
  }

  async update(caller: BusinessCaller, id: string, input: AutomationData): Promise<Automation> {
    await this.deps.members.requireManager(caller.businessId, caller.userId);
    await this.checkReferences(caller, input.steps);
    const row = await this.repo.update(caller.businessId, id, caller.userId, fieldsOf(input));
    if (!row) throw notFound();
    return toDto(row);
  }

  async remove(caller: BusinessCaller, id: string): Promise<void> {
    await this.deps.members.requireManager(caller.businessId, caller.userId);
    if (!(await this.repo.remove(caller.businessId, id))) throw notFound();
  }

  async runs(caller: BusinessCaller, id: string, limit = 50): Promise<AutomationRun[]> {
    if (!(await this.repo.find(caller.businessId, id))) throw notFound();
    return (await this.repo.runs(caller.businessId, id, limit)).map(runDto);
  }

  /** The groups, members and templates the steps name must be the business's. */
  private async checkReferences(caller: BusinessCaller, steps: AutomationStep[]): Promise<void> {
    const details: FieldError[] = [];
    for (const [i, step] of steps.entries()) {
      if (step.type === 'add_to_group') {
        const ok = await this.deps.groups.get(caller, step.groupId).then(
          () => true,
          () => false,
        );
        if (!ok) details.push({ field: `steps.${i}.groupId`, message: AUTOMATION_MESSAGES.groupNotFound });
      } else if (step.type === 'notify_member') {
        const ok = await this.deps.members.requireRole(caller.businessId, step.userId).then(
          () => true,
          () => false,
        );
        if (!ok) details.push({ field: `steps.${i}.userId`, message: AUTOMATION_MESSAGES.memberNotFound });
      } else if (step.type === 'send_email') {
        if (!(await this.deps.templates.row(caller.businessId, step.templateId))) {
          details.push({ field: `steps.${i}.templateId`, message: 'Template not found' });
        }
      }
    }
    if (details.length > 0) throw invalid(details);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Dispatcher: domain events → runs

  defineJobs(jobs: JobQueue): void {
    jobs.define<{ runId: string }>({
      name: AUTOMATION_RUN_QUEUE,
      retryLimit: 5,
      retryDelaySeconds: 5,
      // Runs are independent and each step is claimed before it is done, so a process runs a few side by side.
      concurrency: AUTOMATION_RUN_CONCURRENCY,
      // A process that dies mid-run stops beating: after the grace its job is retried in another process, which
      // carries on from the run's recorded progress (execute).
      heartbeatSeconds: this.options.runJob?.heartbeatSeconds,
      graceSeconds: this.options.runJob?.graceSeconds,
      handler: async (data, job) => this.execute(data.runId, job.signal),
    });
    jobs.define<object>({
      name: AUTOMATION_DATES_QUEUE,
      retryLimit: 2,
      retryDelaySeconds: 10,
      handler: async () => void (await this.sweepDates()),
    });
  }

  /** Starts the dispatcher in this process (only in processes that run jobs). */
  start(): void {
    this.stopped = false;
    this.deps.events.onEmit(() => this.wake());
    const tick = () => {
      if (this.stopped) return;
      this.wake();
      this.timer = setTimeout(tick, this.options.pollMs ?? 1000);
      this.timer.unref?.();
    };
    tick();
    // "Date reached": every process offers the sweep every minute; the key keeps one queued or running at a time.
    const dates = () => {
      if (this.stopped) return;
      this.queueDateSweep().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'automation: could not queue the date sweep'),
      );
      this.datesTimer = setTimeout(dates, this.options.datesEveryMs ?? 60_000);
      this.datesTimer.unref?.();
    };
    dates();
  }

  /** Queues a "Date reached" sweep unless one is queued or running already. */
  async queueDateSweep(): Promise<void> {
    if ((await this.deps.jobs.pendingKeys(AUTOMATION_DATES_QUEUE)).has('dates')) return;
    await this.deps.jobs.send(AUTOMATION_DATES_QUEUE, {}, { key: 'dates' });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.datesTimer) clearTimeout(this.datesTimer);
    await this.dispatching;
  }

  /** Dispatches now (one pass at a time; a wake during a pass runs another after it). */
  wake(): void {
    if (this.stopped) return;
    if (this.dispatching) {
      this.again = true;
      return;
    }
    this.dispatching = (async () => {
      try {
        do {
          this.again = false;
          await this.dispatchPending();
          await this.sweep();
        } while (this.again && !this.stopped);
      } catch (error) {
        this.deps.log.warn({ err: error }, 'automation: dispatch failed; it is tried again');
      } finally {
        this.dispatching = null;
      }
    })();
  }

  /** Every pending event, a batch per transaction; each new run's job sent after the commit. Tests call it. */
  async dispatchPending(): Promise<number> {
    let runs = 0;
    for (;;) {
      const { events, runIds } = await this.repo.dispatch(this.options.batch ?? 200, (e, c) => this.plan(e, c));
      for (const runId of runIds) await this.deps.jobs.send(AUTOMATION_RUN_QUEUE, { runId }, { key: runId });
      runs += runIds.length;
      if (events === 0 || this.stopped) return runs;
    }
  }

  /** Which automations an event starts: the trigger's enabled automations whose conditions its record meets. */
  private plan(event: DomainEventRow, candidates: AutomationRow[]): AutomationRow[] {
    if (event.depth >= AUTOMATION_MAX_DEPTH) {
      this.deps.log.warn(
        { event: event.id, type: event.type, depth: event.depth },
        'automation: an event raised through too many automation hops starts no run (loop backstop)',
      );
      return [];
    }
    return candidates.filter(
      (a) =>
        // An automation never starts from an event its own run raised.
        a.id !== event.sourceAutomationId && conditionsMet(a.conditions as AutomationCondition[], event.record),
    );
  }

  // ---------------------------------------------------------------------------------------------------------
  // "Date reached": the sweep (a job; tests call it with their own clock)

  /**
   * Fires every enabled "Date reached" automation whose watched date plus offset falls in its window: from when it was
   * armed (saved watching this date, or switched on) — or, when its last complete pass is older than a day (an outage),
   * from that pass — but never more than a day before `now` otherwise, through `now`. Each record and date value fires
   * once per automation (automation_date_fires, in the same transaction as the event), so passes that overlap, a
   * restart or a second process never fire twice, and a changed date fires again. The events take the same path as
   * every trigger (the outbox → the dispatcher → a run), addressed to that automation alone. Answers how many fired.
   */
  async sweepDates(now: Date = new Date()): Promise<number> {
    const budget = this.options.datesBatch ?? 500;
    let fired = 0;
    for (const automation of await this.repo.dateAutomations(budget)) {
      if (fired >= budget || this.stopped) break;
      const trigger = automation.dateTrigger as AutomationDateTrigger | null;
      if (!trigger || !(AUTOMATION_DATE_FIELDS as readonly string[]).includes(trigger.field)) continue;
      const offsetMs = trigger.offsetDays * 86_400_000;
      const swept = automation.datesSweptAt ?? automation.armedAt;
      const since = Math.max(
        automation.armedAt.getTime(),
        Math.min(now.getTime() - DATE_REACHED_LOOKBACK_MS, swept.getTime()),
      );
      if (since > now.getTime()) continue;
      const limit = budget - fired;
      // One automation's failure is logged and leaves the others to sweep (it is tried again next pass).
      fired += await this.repo
        .transaction(async (tx) => {
          const due = await this.repo.datesDue(
            tx,
            automation,
            trigger.field,
            new Date(since - offsetMs),
            new Date(now.getTime() - offsetMs),
            limit,
          );
          const mine = await this.repo.markFired(tx, automation, due);
          const [entity, field] = trigger.field.split('.') as [string, string];
          for (const d of mine) {
            await this.deps.events.emit(
              {
                businessId: automation.businessId,
                type: 'date.reached',
                recordId: d.id,
                automationId: automation.id,
                record: {
                  entity,
                  field,
                  date: d.date.toISOString(),
                  title: d.title,
                  status: d.status,
                  projectId: d.projectId,
                  contactId: d.contactId,
                  email: d.email,
                  firstName: d.firstName,
                  lastName: d.lastName,
                },
              },
              tx,
            );
          }
          // A pass cut short by the budget leaves the cursor: the next one looks from the same place.
          if (due.length < limit) await this.repo.setDatesSwept(tx, automation.id, now);
          return mine.length;
        })
        .catch((error: unknown) => {
          this.deps.log.warn({ err: error, automation: automation.id }, 'automation: a date sweep failed');
          return 0;
        });
    }
    return fired;
  }

  /** Runs whose job was lost (a crash between the commit and the send) are queued again. */
  private async sweep(): Promise<void> {
    const staleMs = this.options.staleMs ?? 60_000;
    if (Date.now() - this.lastSweep < Math.min(staleMs, 30_000)) return;
    this.lastSweep = Date.now();
    const stale = await this.repo.staleRuns(new Date(Date.now() - staleMs), 500);
    if (stale.length === 0) return;
    const pending = await this.deps.jobs.pendingKeys(AUTOMATION_RUN_QUEUE);
    for (const run of stale) {
      if (pending.has(run.id)) continue;
      this.deps.log.warn({ run: run.id, status: run.status }, 'automation: a run had no job; it is queued again');
      await this.deps.jobs.send(AUTOMATION_RUN_QUEUE, { runId: run.id }, { key: run.id });
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // A run's steps (the job's handler)

  /**
   * Runs a run's steps from its recorded progress (`next_step`, each step's result): steps done are never done
   * again, a step a dead process was in is marked unknown and not repeated, the rest run. `signal` (the job's)
   * stops it between steps when this process stops or lost the job: the job goes back, or its retry carries on.
   */
  async execute(runId: string, signal?: AbortSignal): Promise<void> {
    const found = await this.repo.run(runId);
    if (!found) return;
    const { run, automation } = found;
    if (run.status === 'completed' || run.status === 'failed') return;
    // A wait not over yet: its own job (sent with startAfter) resumes it; an early second job does nothing.
    if (run.status === 'waiting' && run.resumeAt && run.resumeAt.getTime() > Date.now() + 1000) return;
    const steps = (automation.steps as unknown[]).map((s) => automationStepSchema.parse(s));
    const results = run.results as StepResultRow[];
    const at = () => new Date().toISOString();
    for (let i = run.nextStep; i < steps.length; i++) {
      const step = steps[i]!;
      const last = i === steps.length - 1;
      const earlier = results.find((r) => r.step === i);
      if (earlier?.status === 'running') {
        // A run that stopped during this step: whether it happened is unknown; it is never done twice.
        const entry = { ...earlier, status: 'unknown', message: 'Stopped during this step; not repeated', at: at() };
        await this.repo.finishStep(runId, i, entry, { status: last ? 'completed' : 'running' });
        continue;
      }
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('run stopped');
      const claim: StepResultRow = { step: i, type: step.type, status: 'running', message: '', at: at() };
      if (!(await this.repo.claimStep(runId, i, claim))) return; // another job of this run has it
      let message: string;
      try {
        message = await asAutomationStep({ depth: run.depth + 1, automationId: automation.id }, () =>
          this.runStep(step, run, automation),
        );
      } catch (error) {
        const text = error instanceof AppError || error instanceof MailSendError ? error.message : 'Step failed';
        if (!(error instanceof AppError || error instanceof MailSendError)) {
          this.deps.log.error({ err: error, run: runId, step: i }, 'automation: a step failed');
        }
        await this.repo.finishStep(
          runId,
          i,
          { ...claim, status: 'failed', message: text, at: at() },
          { status: 'failed', error: text },
        );
        return;
      }
      if (step.type === 'wait') {
        // The end of the wait is recorded with it: a job lost before the send below is sent again by the sweep.
        const startAfter = new Date(Date.now() + step.days * 86_400_000);
        await this.repo.finishStep(
          runId,
          i,
          { ...claim, status: 'done', message, at: at() },
          last ? { status: 'completed' } : { status: 'waiting', resumeAt: startAfter },
        );
        if (!last) await this.deps.jobs.send(AUTOMATION_RUN_QUEUE, { runId }, { key: runId, startAfter });
        return;
      }
      await this.repo.finishStep(
        runId,
        i,
        { ...claim, status: 'done', message, at: at() },
        {
          status: last ? 'completed' : 'running',
        },
      );
    }
    if (run.nextStep >= steps.length) await this.repo.setStatus(runId, 'completed');
  }

  /** Does one step; answers what the history shows. Throws AppError/MailSendError with the reason it failed. */
  private async runStep(step: AutomationStep, run: AutomationRunRow, automation: AutomationRow): Promise<string> {
    const businessId = run.businessId;
    const author = automation.createdBy;
    const asAuthor = async (): Promise<BusinessCaller> => {
      const member = author
        ? await this.deps.members.requireRole(businessId, author).then(
            () => true,
            () => false,
          )
        : false;
      if (!member) throw new AppError('FORBIDDEN', "The automation's author is no longer a member of the business");
      return { userId: author!, businessId };
    };
    switch (step.type) {
      case 'create_task': {
        const caller = await asAuthor();
        const contactId = contactOf(run);
        const due = step.dueInDays === null ? null : new Date(Date.now() + step.dueInDays * 86_400_000);
        const input = taskInputSchema.parse({
          title: step.title,
          status: step.status,
          priority: step.priority,
          dueDate: due ? due.toISOString() : null,
          contactIds: contactId ? [contactId] : [],
        });
        const task = await this.deps.tasks.create(caller, input);
        return `Created task "${task.title}" (${task._id})`;
      }
      case 'add_to_group': {
        const caller = await asAuthor();
        const contactId = contactOf(run);
        if (!contactId) throw new AppError('VALIDATION_ERROR', 'This event is not about a contact');
        const added = await this.deps.groups.addContacts(caller, step.groupId, [contactId], true);
        return added > 0 ? 'Added the contact to the group' : 'The contact was already in the group';
      }
      case 'notify_member': {
        const ok = await this.deps.members.requireRole(businessId, step.userId).then(
          () => true,
          () => false,
        );
        if (!ok) throw new AppError('VALIDATION_ERROR', AUTOMATION_MESSAGES.memberNotFound);
        // Honest: a delivery that failed fails the step (the error is the step's), and one nobody received — the
        // member turned System notifications off — is reported as such, never as "notified".
        const delivered = await this.deps.notifications.sendCounted({
          businessId,
          type: 'SYSTEM',
          title: automation.name,
          message: step.message,
          data: run.eventType === 'contact.created' ? { url: `/contacts/${encodeURIComponent(run.recordId)}` } : {},
          to: { userIds: [step.userId] },
        });
        if (delivered === 0) {
          throw new AppError('CONFLICT', 'Not delivered: the member has turned off "System messages" notifications');
        }
        return 'Notified the member';
      }
      case 'send_email': {
        const caller = await asAuthor();
        const email = run.record.email;
        if (typeof email !== 'string' || !email)
          throw new AppError('VALIDATION_ERROR', 'This event has no email address');
        const template = await this.deps.templates.row(businessId, step.templateId);
        if (!template) throw new AppError('NOT_FOUND', 'Template not found');
        const text = (k: string) => (typeof run.record[k] === 'string' ? (run.record[k] as string) : null);
        const message = personalise(template, {
          contact: { firstName: text('firstName'), lastName: text('lastName'), email, company: text('company') },
        });
        // The sender retries Gmail's 429/5xx with backoff itself; what still fails is recorded as the step's failure.
        await this.deps.mail.sendAs(caller.userId, businessId, { to: [email], ...message });
        return `Sent "${message.subject}" to ${email}`;
      }
      case 'wait':
        return `Waiting ${step.days} day${step.days === 1 ? '' : 's'}`;
    }
  }
}
