import * as z from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from '@atrium/contracts';

/**
 * Automations (issue #19 §7, docs/requirements.md "Automation"): trigger → conditions → steps. The same schemas
 * validate the editor's form and the server's input.
 *
 * - A trigger is a domain event of the business (contact created, form submitted, …); the event carries a flat
 *   record (field → text/number/boolean/null) the conditions compare.
 * - Conditions are ANDed field comparisons on that record.
 * - Steps run in order as durable jobs; each step's result is kept in the run's history.
 */

export const AUTOMATION_TRIGGERS = [
  'contact.created',
  'form.submitted',
  'invoice.paid',
  'document.signed',
  'task.created',
  'task.status_changed',
  'project.stage_changed',
  'meeting.booked',
  'email.received',
  'date.reached',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

export const AUTOMATION_TRIGGER_LABELS: Record<AutomationTrigger, string> = {
  'contact.created': 'Contact created',
  'form.submitted': 'Form submitted',
  'invoice.paid': 'Invoice paid',
  'document.signed': 'Document signed',
  'task.created': 'Task created',
  'task.status_changed': 'Task status changed',
  'project.stage_changed': 'Project stage changed',
  'meeting.booked': 'Meeting booked',
  'email.received': 'Client email received',
  'date.reached': 'Date reached',
};

/** The triggers an automation can be saved with: every one has a producer (docs/requirements.md "Automation"). */
export const AUTOMATION_AVAILABLE_TRIGGERS: readonly AutomationTrigger[] = AUTOMATION_TRIGGERS;

/**
 * The dates "Date reached" can watch: `entity.field` of a record of the business. The moment is the stored date plus
 * the offset in whole days (24 h each: times are instants, days are UTC days — a business has no time zone), and an
 * automation fires once per record and date value (a changed date can fire again for the new date).
 */
export const AUTOMATION_DATE_FIELDS = [
  'task.dueDate',
  'project.startDate',
  'project.dueDate',
  'invoice.dueDate',
  'meeting.startAt',
  'contact.lastContact',
] as const;
export type AutomationDateField = (typeof AUTOMATION_DATE_FIELDS)[number];
export const AUTOMATION_DATE_FIELD_LABELS: Record<AutomationDateField, string> = {
  'task.dueDate': 'Task due date',
  'project.startDate': 'Project start date',
  'project.dueDate': 'Project due date',
  'invoice.dueDate': 'Invoice due date',
  'meeting.startAt': 'Meeting start',
  'contact.lastContact': 'Contact last contacted',
};
/** At most this many days before (negative offset) or after (positive) the date. */
export const AUTOMATION_MAX_DATE_OFFSET_DAYS = 365;

/** The trigger as a list shows it: "Date reached: 3 days before Invoice due date" for a date, else its label. */
export function automationTriggerText(a: {
  trigger: AutomationTrigger;
  dateTrigger?: { field: AutomationDateField; offsetDays: number } | null;
}): string {
  const label = AUTOMATION_TRIGGER_LABELS[a.trigger];
  if (a.trigger !== 'date.reached' || !a.dateTrigger) return label;
  const { field, offsetDays } = a.dateTrigger;
  const days = Math.abs(offsetDays);
  const when = offsetDays === 0 ? 'on' : `${days} day${days === 1 ? '' : 's'} ${offsetDays < 0 ? 'before' : 'after'}`;
  return `${label}: ${when} ${AUTOMATION_DATE_FIELD_LABELS[field]}`;
}

/** The record fields each trigger's event carries (what a condition may compare). */
export const AUTOMATION_TRIGGER_FIELDS: Record<AutomationTrigger, readonly string[]> = {
  'contact.created': ['firstName', 'lastName', 'email', 'status', 'company', 'jobTitle', 'city'],
  'form.submitted': ['formId', 'formName', 'email', 'firstName', 'lastName', 'contactId'],
  'invoice.paid': ['documentId', 'title', 'number', 'amount', 'currency', 'contactId'],
  'document.signed': ['documentId', 'title', 'contactId'],
  'task.created': ['title', 'status', 'priority', 'projectId', 'contactId'],
  'task.status_changed': ['title', 'from', 'to', 'priority', 'projectId', 'contactId'],
  'project.stage_changed': ['title', 'from', 'to'],
  'meeting.booked': ['title', 'startTime', 'contactId'],
  'email.received': ['from', 'subject', 'projectId', 'contactId', 'email', 'firstName', 'lastName'],
  'date.reached': [
    'entity',
    'field',
    'date',
    'title',
    'status',
    'projectId',
    'contactId',
    'email',
    'firstName',
    'lastName',
  ],
};

export const AUTOMATION_OPERATORS = ['equals', 'not_equals', 'contains', 'is_empty', 'is_not_empty'] as const;
export type AutomationOperator = (typeof AUTOMATION_OPERATORS)[number];
export const AUTOMATION_OPERATOR_LABELS: Record<AutomationOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
};

export const AUTOMATION_STEP_TYPES = ['send_email', 'create_task', 'add_to_group', 'notify_member', 'wait'] as const;
export type AutomationStepType = (typeof AUTOMATION_STEP_TYPES)[number];
export const AUTOMATION_STEP_LABELS: Record<AutomationStepType, string> = {
  send_email: 'Send an email template',
  create_task: 'Create a task',
  add_to_group: 'Add to a group',
  notify_member: 'Notify a member',
  wait: 'Wait',
};

/** Runtime backstop against loops: an event raised through this many automation hops starts no run. */
export const AUTOMATION_MAX_DEPTH = 3;
export const AUTOMATION_MAX_STEPS = 20;
export const AUTOMATION_MAX_WAIT_DAYS = 365;

export const AUTOMATION_MESSAGES = {
  nameRequired: 'Automation name is required',
  triggerRequired: 'Choose a trigger',
  stepsRequired: 'Add at least one step',
  tooManySteps: `An automation has at most ${AUTOMATION_MAX_STEPS} steps`,
  fieldRequired: 'Choose a field',
  unknownField: (trigger: string, field: string) => `The trigger ${trigger} has no field "${field}"`,
  valueRequired: 'Enter a value to compare',
  taskTitleRequired: 'Task title is required',
  groupRequired: 'Choose a group',
  groupNotFound: 'Group not found',
  memberRequired: 'Choose a member',
  memberNotFound: 'That member is not in this business',
  templateRequired: 'Choose an email template',
  messageRequired: 'Enter a message',
  waitDays: `Wait between 1 and ${AUTOMATION_MAX_WAIT_DAYS} days`,
  loop: (trigger: string, step: string) =>
    `This automation would trigger itself: its trigger is "${trigger}" and a step would cause it ("${step}")`,
  dateFieldRequired: 'Choose the date to watch',
  dateOffset: `The offset is a whole number of days, at most ${AUTOMATION_MAX_DATE_OFFSET_DAYS} before or after the date`,
  notFound: 'Automation not found',
  loadFailed: 'Failed to load automations',
  runsLoadFailed: 'Failed to load automation runs',
  saveFailed: 'Failed to save automation',
  deleteFailed: 'Failed to delete automation',
  created: 'Automation created',
  updated: 'Automation updated',
  deleted: 'Automation deleted',
} as const;

const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

export const automationConditionSchema = z
  .object({
    field: requiredText(AUTOMATION_MESSAGES.fieldRequired, 100),
    operator: z.enum(AUTOMATION_OPERATORS, { error: 'Choose a comparison' }),
    value: z.string().trim().max(500).default(''),
  })
  .refine((c) => c.operator === 'is_empty' || c.operator === 'is_not_empty' || c.value.length > 0, {
    message: AUTOMATION_MESSAGES.valueRequired,
    path: ['value'],
  });
export type AutomationCondition = z.infer<typeof automationConditionSchema>;

export const automationStepSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('send_email'), templateId: requiredText(AUTOMATION_MESSAGES.templateRequired, 100) }),
    z.object({
      type: z.literal('create_task'),
      title: requiredText(AUTOMATION_MESSAGES.taskTitleRequired, 300),
      priority: z.enum(TASK_PRIORITIES).default('regular'),
      status: z.enum(TASK_STATUSES).default('todo'),
      /** Due this many days after the run reaches the step; null: no due date. */
      dueInDays: z.number().int().min(0).max(AUTOMATION_MAX_WAIT_DAYS).nullable().default(null),
    }),
    z.object({ type: z.literal('add_to_group'), groupId: requiredText(AUTOMATION_MESSAGES.groupRequired, 100) }),
    z.object({
      type: z.literal('notify_member'),
      userId: requiredText(AUTOMATION_MESSAGES.memberRequired, 100),
      message: requiredText(AUTOMATION_MESSAGES.messageRequired, 500),
    }),
    z.object({
      type: z.literal('wait'),
      days: z
        .number({ error: AUTOMATION_MESSAGES.waitDays })
        .int(AUTOMATION_MESSAGES.waitDays)
        .min(1, AUTOMATION_MESSAGES.waitDays)
        .max(AUTOMATION_MAX_WAIT_DAYS, AUTOMATION_MESSAGES.waitDays),
    }),
  ],
  { error: 'Choose a step type' },
);
export type AutomationStep = z.infer<typeof automationStepSchema>;

/** "Date reached": which date and how many days from it (negative: before; 0: on the moment; positive: after). */
export const automationDateTriggerSchema = z.object({
  field: z.enum(AUTOMATION_DATE_FIELDS, { error: AUTOMATION_MESSAGES.dateFieldRequired }),
  offsetDays: z
    .number({ error: AUTOMATION_MESSAGES.dateOffset })
    .int(AUTOMATION_MESSAGES.dateOffset)
    .min(-AUTOMATION_MAX_DATE_OFFSET_DAYS, AUTOMATION_MESSAGES.dateOffset)
    .max(AUTOMATION_MAX_DATE_OFFSET_DAYS, AUTOMATION_MESSAGES.dateOffset),
});
export type AutomationDateTrigger = z.infer<typeof automationDateTriggerSchema>;

export const automationInputSchema = z
  .object({
    name: requiredText(AUTOMATION_MESSAGES.nameRequired),
    trigger: z.enum(AUTOMATION_TRIGGERS, { error: AUTOMATION_MESSAGES.triggerRequired }),
    conditions: z.array(automationConditionSchema).max(20).default([]),
    steps: z
      .array(automationStepSchema)
      .min(1, AUTOMATION_MESSAGES.stepsRequired)
      .max(AUTOMATION_MAX_STEPS, AUTOMATION_MESSAGES.tooManySteps),
    enabled: z.boolean().default(true),
    /** Required for "Date reached", ignored (stored as null) for the other triggers. */
    dateTrigger: automationDateTriggerSchema.nullable().default(null),
  })
  .superRefine((a, ctx) => {
    if (a.trigger === 'date.reached' && !a.dateTrigger) {
      ctx.addIssue({ code: 'custom', path: ['dateTrigger', 'field'], message: AUTOMATION_MESSAGES.dateFieldRequired });
    }
    const fields = AUTOMATION_TRIGGER_FIELDS[a.trigger];
    a.conditions.forEach((c, i) => {
      if (!fields.includes(c.field)) {
        ctx.addIssue({
          code: 'custom',
          path: ['conditions', i, 'field'],
          message: AUTOMATION_MESSAGES.unknownField(a.trigger, c.field),
        });
      }
    });
    const loop = loopingStep(a.trigger, a.steps);
    if (loop) ctx.addIssue({ code: 'custom', path: ['steps'], message: AUTOMATION_MESSAGES.loop(a.trigger, loop) });
  });
export type AutomationInput = z.input<typeof automationInputSchema>;
export type AutomationData = z.output<typeof automationInputSchema>;

/**
 * Which trigger each step type raises by itself (loop protection, checked on save): creating a task raises "task
 * created" (the tasks module emits it for every new task), so "task created → create a task" is refused; a new task
 * has no status change. Adding to a group, notifying, waiting and sending an email raise none of the triggers. The
 * runtime depth limit is the backstop for loops through several automations.
 */
export const STEP_RAISES: Record<AutomationStepType, readonly AutomationTrigger[]> = {
  send_email: [],
  create_task: ['task.created'],
  add_to_group: [],
  notify_member: [],
  wait: [],
};

/** The label of the first step that would raise the automation's own trigger, else null. */
export function loopingStep(trigger: AutomationTrigger, steps: readonly { type: AutomationStepType }[]): string | null {
  const step = steps.find((s) => STEP_RAISES[s.type].includes(trigger));
  return step ? AUTOMATION_STEP_LABELS[step.type] : null;
}

/** Whether the event's record meets every condition (text comparison, case-insensitive). */
export function conditionsMet(
  conditions: readonly AutomationCondition[],
  record: Record<string, string | number | boolean | null | undefined>,
): boolean {
  return conditions.every((c) => {
    const raw = record[c.field];
    const value = raw === null || raw === undefined ? '' : String(raw).trim().toLowerCase();
    const expected = c.value.trim().toLowerCase();
    switch (c.operator) {
      case 'equals':
        return value === expected;
      case 'not_equals':
        return value !== expected;
      case 'contains':
        return value.includes(expected);
      case 'is_empty':
        return value === '';
      case 'is_not_empty':
        return value !== '';
    }
  });
}

export const AUTOMATION_RUN_STATUSES = ['queued', 'running', 'waiting', 'completed', 'failed'] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

export const automationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  conditions: z.array(automationConditionSchema),
  steps: z.array(automationStepSchema),
  enabled: z.boolean(),
  dateTrigger: automationDateTriggerSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastRunAt: z.string().nullable(),
  runCount: z.number(),
});
export type Automation = z.infer<typeof automationSchema>;

export const automationStepResultSchema = z.object({
  step: z.number(),
  type: z.enum(AUTOMATION_STEP_TYPES),
  /** running: claimed, not finished; unknown: a run stopped mid-step — never repeated. */
  status: z.enum(['running', 'done', 'failed', 'unknown']),
  message: z.string(),
  at: z.string(),
});
export type AutomationStepResult = z.infer<typeof automationStepResultSchema>;

export const automationRunSchema = z.object({
  _id: z.string(),
  automationId: z.string(),
  eventType: z.string(),
  recordId: z.string(),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  nextStep: z.number(),
  results: z.array(automationStepResultSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
