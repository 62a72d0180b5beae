import {
  AUTOMATION_TRIGGERS,
  automationInputSchema,
  automationTriggerText,
  conditionsMet,
  loopingStep,
  STEP_RAISES,
} from './automation';

test('loopingStep: a step that raises the automation’s own trigger is named; others are not', () => {
  expect(STEP_RAISES.create_task).toEqual(['task.created']);
  expect(loopingStep('task.created', [{ type: 'wait' }, { type: 'create_task' }])).toBe('Create a task');
  expect(loopingStep('task.status_changed', [{ type: 'create_task' }])).toBeNull();
  for (const trigger of AUTOMATION_TRIGGERS.filter((t) => t !== 'task.created')) {
    expect(
      loopingStep(trigger, [
        { type: 'send_email' },
        { type: 'create_task' },
        { type: 'add_to_group' },
        { type: 'notify_member' },
        { type: 'wait' },
      ]),
    ).toBeNull();
  }
});

test('the schema refuses a loop and a "Date reached" without its date, naming where', () => {
  const loop = automationInputSchema.safeParse({
    name: 'Loop',
    trigger: 'task.created',
    steps: [{ type: 'create_task', title: 'Again' }],
  });
  expect(loop.success).toBe(false);
  expect(loop.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
    [
      'steps',
      'This automation would trigger itself: its trigger is "task.created" and a step would cause it ("Create a task")',
    ],
  ]);
  const dated = automationInputSchema.safeParse({
    name: 'D',
    trigger: 'date.reached',
    steps: [{ type: 'wait', days: 1 }],
  });
  expect(dated.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
    ['dateTrigger.field', 'Choose the date to watch'],
  ]);
  const ok = automationInputSchema.parse({
    name: 'Fine',
    trigger: 'project.stage_changed',
    conditions: [{ field: 'to', operator: 'equals', value: 'review' }],
    steps: [{ type: 'create_task', title: 'Review it' }],
  });
  expect(ok.steps[0]).toEqual({
    type: 'create_task',
    title: 'Review it',
    priority: 'regular',
    status: 'todo',
    dueInDays: null,
  });
});

test('conditionsMet compares text case-insensitively; empty means missing or blank', () => {
  const record = { email: 'Ada@VIP.test', company: null, to: 'completed' };
  expect(conditionsMet([{ field: 'email', operator: 'contains', value: '@vip.TEST' }], record)).toBe(true);
  expect(conditionsMet([{ field: 'to', operator: 'not_equals', value: 'Completed' }], record)).toBe(false);
  expect(conditionsMet([{ field: 'company', operator: 'is_empty', value: '' }], record)).toBe(true);
  expect(conditionsMet([{ field: 'city', operator: 'is_not_empty', value: '' }], record)).toBe(false);
});

test('"Date reached": a date field of the list and a whole offset within a year either way', () => {
  const base = { name: 'Due', trigger: 'date.reached', steps: [{ type: 'wait', days: 1 }] };
  const offset = 'The offset is a whole number of days, at most 365 before or after the date';
  for (const offsetDays of [1.5, 366, -366, '3', null]) {
    const r = automationInputSchema.safeParse({ ...base, dateTrigger: { field: 'task.dueDate', offsetDays } });
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['dateTrigger.offsetDays', offset]]);
  }
  const field = automationInputSchema.safeParse({ ...base, dateTrigger: { field: 'task.createdAt', offsetDays: 0 } });
  expect(field.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
    ['dateTrigger.field', 'Choose the date to watch'],
  ]);
  const ok = automationInputSchema.parse({
    ...base,
    dateTrigger: { field: 'invoice.dueDate', offsetDays: -3 },
    conditions: [{ field: 'status', operator: 'not_equals', value: 'paid' }],
  });
  expect(ok.dateTrigger).toEqual({ field: 'invoice.dueDate', offsetDays: -3 });
  expect(automationInputSchema.parse({ ...base, trigger: 'contact.created' }).dateTrigger).toBeNull();
});

test('automationTriggerText: a date trigger says which date and when', () => {
  const at = (offsetDays: number) =>
    automationTriggerText({ trigger: 'date.reached', dateTrigger: { field: 'invoice.dueDate', offsetDays } });
  expect(at(-3)).toBe('Date reached: 3 days before Invoice due date');
  expect(at(1)).toBe('Date reached: 1 day after Invoice due date');
  expect(at(0)).toBe('Date reached: on Invoice due date');
  expect(automationTriggerText({ trigger: 'contact.created', dateTrigger: null })).toBe('Contact created');
});
