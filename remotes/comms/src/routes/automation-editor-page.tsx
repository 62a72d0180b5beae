import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  IconPlus,
  IconTrash,
  LoadError,
  PageSkeleton,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  formatPeriod,
  handleError,
  useNavigate,
  useParams,
} from '@atrium/ui';
import { sessionView } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  AUTOMATION_AVAILABLE_TRIGGERS,
  AUTOMATION_DATE_FIELDS,
  AUTOMATION_DATE_FIELD_LABELS,
  AUTOMATION_MAX_DATE_OFFSET_DAYS,
  AUTOMATION_MESSAGES,
  AUTOMATION_OPERATORS,
  AUTOMATION_OPERATOR_LABELS,
  AUTOMATION_STEP_LABELS,
  AUTOMATION_STEP_TYPES,
  AUTOMATION_TRIGGER_FIELDS,
  AUTOMATION_TRIGGER_LABELS,
  automationInputSchema,
  type Automation,
  type AutomationDateField,
  type AutomationOperator,
  type AutomationOption,
  type AutomationStepType,
  type AutomationTrigger,
} from '@atrium/domain-comms';
import {
  useAutomation,
  useAutomationOptions,
  useAutomationRuns,
  useSaveAutomation,
} from '../features/automation/use-automations';
import { RunBadge, StepResultBadge, TASK_PRIORITY_OPTIONS, TASK_STATUS_OPTIONS } from '../features/automation/labels';
import { useCanWriteAutomations } from './automations-page';

/** A condition as the form holds it. */
interface ConditionDraft {
  field: string;
  operator: AutomationOperator;
  value: string;
}

/** A step as the form holds it: every type's fields as text (numbers parsed on save). */
interface StepDraft {
  type: AutomationStepType;
  templateId: string;
  title: string;
  priority: string;
  status: string;
  dueInDays: string;
  groupId: string;
  userId: string;
  message: string;
  days: string;
}

const newStep = (type: AutomationStepType): StepDraft => ({
  type,
  templateId: '',
  title: '',
  priority: 'regular',
  status: 'todo',
  dueInDays: '',
  groupId: '',
  userId: '',
  message: '',
  days: '1',
});

function draftOf(step: Automation['steps'][number]): StepDraft {
  const d = newStep(step.type);
  switch (step.type) {
    case 'send_email':
      return { ...d, templateId: step.templateId };
    case 'create_task':
      return {
        ...d,
        title: step.title,
        priority: step.priority,
        status: step.status,
        dueInDays: step.dueInDays === null ? '' : String(step.dueInDays),
      };
    case 'add_to_group':
      return { ...d, groupId: step.groupId };
    case 'notify_member':
      return { ...d, userId: step.userId, message: step.message };
    case 'wait':
      return { ...d, days: String(step.days) };
  }
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The step as the API takes it (only its type's fields). */
function stepInput(s: StepDraft): Record<string, unknown> {
  switch (s.type) {
    case 'send_email':
      return { type: s.type, templateId: s.templateId };
    case 'create_task':
      return {
        type: s.type,
        title: s.title,
        priority: s.priority,
        status: s.status,
        dueInDays: s.dueInDays.trim() === '' ? null : toNumber(s.dueInDays),
      };
    case 'add_to_group':
      return { type: s.type, groupId: s.groupId };
    case 'notify_member':
      return { type: s.type, userId: s.userId, message: s.message };
    case 'wait':
      return { type: s.type, days: toNumber(s.days) };
  }
}

/** "steps.1.title" → "Step 2: …"; "conditions.0.value" → "Condition 1: …". */
function located(path: readonly PropertyKey[] | string, message: string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  if ((parts[0] === 'steps' || parts[0] === 'conditions') && parts[1] !== undefined && /^\d+$/.test(parts[1])) {
    return `${parts[0] === 'steps' ? 'Step' : 'Condition'} ${Number(parts[1]) + 1}: ${message}`;
  }
  return message;
}

const options = (list: readonly string[], labels: Record<string, string>) =>
  list.map((value) => ({ value, label: labels[value] ?? value }));

function StepFields({
  step,
  index,
  choices,
  onChange,
  disabled,
}: {
  step: StepDraft;
  index: number;
  choices: { templates: AutomationOption[]; groups: AutomationOption[]; members: AutomationOption[] } | undefined;
  onChange: (patch: Partial<StepDraft>) => void;
  disabled: boolean;
}) {
  const n = index + 1;
  switch (step.type) {
    case 'send_email':
      return (
        <Select
          label={`Step ${n} template`}
          placeholder={choices?.templates.length === 0 ? 'No email templates yet' : 'Choose a template'}
          data={choices?.templates ?? []}
          value={step.templateId || null}
          onChange={(v) => onChange({ templateId: v ?? '' })}
          disabled={disabled}
          description="Sent from your connected Gmail to the event's email address."
        />
      );
    case 'create_task':
      return (
        <Group grow align="flex-start">
          <TextInput
            label={`Step ${n} task title`}
            value={step.title}
            onChange={(e) => onChange({ title: e.currentTarget.value })}
            disabled={disabled}
          />
          <Select
            label="Priority"
            data={TASK_PRIORITY_OPTIONS}
            value={step.priority}
            onChange={(v) => onChange({ priority: v ?? 'regular' })}
            allowDeselect={false}
            disabled={disabled}
          />
          <Select
            label="Status"
            data={TASK_STATUS_OPTIONS}
            value={step.status}
            onChange={(v) => onChange({ status: v ?? 'todo' })}
            allowDeselect={false}
            disabled={disabled}
          />
          <TextInput
            label="Due in days"
            type="number"
            min={0}
            placeholder="No due date"
            value={step.dueInDays}
            onChange={(e) => onChange({ dueInDays: e.currentTarget.value })}
            disabled={disabled}
          />
        </Group>
      );
    case 'add_to_group':
      return (
        <Select
          label={`Step ${n} group`}
          placeholder={choices?.groups.length === 0 ? 'No contact groups yet' : 'Choose a group'}
          data={choices?.groups ?? []}
          value={step.groupId || null}
          onChange={(v) => onChange({ groupId: v ?? '' })}
          disabled={disabled}
          description="The contact the event is about joins the group."
        />
      );
    case 'notify_member':
      return (
        <Group grow align="flex-start">
          <Select
            label={`Step ${n} member`}
            placeholder="Choose a member"
            data={choices?.members ?? []}
            value={step.userId || null}
            onChange={(v) => onChange({ userId: v ?? '' })}
            disabled={disabled}
          />
          <TextInput
            label="Message"
            value={step.message}
            onChange={(e) => onChange({ message: e.currentTarget.value })}
            disabled={disabled}
          />
        </Group>
      );
    case 'wait':
      return (
        <TextInput
          label={`Step ${n} days to wait`}
          type="number"
          min={1}
          max={365}
          w={200}
          value={step.days}
          onChange={(e) => onChange({ days: e.currentTarget.value })}
          disabled={disabled}
        />
      );
  }
}

/** The run history of an automation: every run with each step's result; refreshed while runs are under way. */
export function RunHistory({ automationId }: { automationId: string }) {
  const { data, isPending, isError, refetch } = useAutomationRuns(automationId);
  return (
    <Paper withBorder p="md" maw={960}>
      <Stack gap="sm">
        <Text fw={600}>Run history</Text>
        {isPending ? (
          <PageSkeleton />
        ) : isError ? (
          <LoadError title={AUTOMATION_MESSAGES.runsLoadFailed} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No runs yet. A run starts when the trigger happens and the conditions are met.
          </Text>
        ) : (
          <Table aria-label="Run history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Steps</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((run) => (
                <Table.Tr key={run._id} data-testid="automation-run">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPeriod(run.createdAt, null, false)}</Table.Td>
                  <Table.Td>{AUTOMATION_TRIGGER_LABELS[run.eventType as AutomationTrigger] ?? run.eventType}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <RunBadge status={run.status} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      {[...run.results]
                        .sort((a, b) => a.step - b.step)
                        .map((r) => (
                          <Group key={r.step} gap="xs" wrap="nowrap">
                            <StepResultBadge status={r.status} />
                            <Text size="sm">
                              {r.step + 1}. {AUTOMATION_STEP_LABELS[r.type]}
                              {r.message ? `: ${r.message}` : ''}
                            </Text>
                          </Group>
                        ))}
                      {run.error && (
                        <Text size="sm" c="red">
                          {run.error}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function AutomationForm({ automation }: { automation: Automation | null }) {
  const navigate = useNavigate();
  const session = useSnapshot(sessionView);
  const canWrite = useCanWriteAutomations();
  const choices = useAutomationOptions(session.user?.businessId);
  const save = useSaveAutomation(automation?._id);
  const [name, setName] = useState(automation?.name ?? '');
  const [trigger, setTrigger] = useState<AutomationTrigger | null>(automation?.trigger ?? null);
  const [conditions, setConditions] = useState<ConditionDraft[]>(
    automation?.conditions.map((c) => ({ field: c.field, operator: c.operator, value: c.value })) ?? [],
  );
  const [steps, setSteps] = useState<StepDraft[]>(automation?.steps.map(draftOf) ?? []);
  const [enabled, setEnabled] = useState(automation?.enabled ?? true);
  // "Date reached": the date, how many days and whether before or after it (stored as one signed offset).
  const [dateField, setDateField] = useState<AutomationDateField | null>(automation?.dateTrigger?.field ?? null);
  const [offsetDays, setOffsetDays] = useState(String(Math.abs(automation?.dateTrigger?.offsetDays ?? 0)));
  const [direction, setDirection] = useState<'before' | 'after'>(
    (automation?.dateTrigger?.offsetDays ?? 0) < 0 ? 'before' : 'after',
  );
  const [nextType, setNextType] = useState<AutomationStepType>('create_task');
  const [errors, setErrors] = useState<string[]>([]);
  const disabled = !canWrite;

  const triggers = AUTOMATION_AVAILABLE_TRIGGERS;
  const fields = trigger ? AUTOMATION_TRIGGER_FIELDS[trigger] : [];

  const chooseTrigger = (t: AutomationTrigger | null) => {
    setTrigger(t);
    const allowed = t ? AUTOMATION_TRIGGER_FIELDS[t] : [];
    setConditions((cs) => cs.filter((c) => allowed.includes(c.field)));
  };
  const patchCondition = (i: number, patch: Partial<ConditionDraft>) =>
    setConditions((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const patchStep = (i: number, patch: Partial<StepDraft>) =>
    setSteps((ss) => ss.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const submit = () => {
    const days = toNumber(offsetDays);
    const parsed = automationInputSchema.safeParse({
      name,
      trigger: trigger ?? undefined,
      conditions: conditions.map((c) => ({ ...c, value: c.value })),
      steps: steps.map(stepInput),
      enabled,
      dateTrigger:
        trigger === 'date.reached'
          ? { field: dateField ?? undefined, offsetDays: days === 0 ? 0 : direction === 'before' ? -days : days }
          : null,
    });
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((i) => located(i.path, i.message)))]);
      return;
    }
    setErrors([]);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast.success(automation ? AUTOMATION_MESSAGES.updated : AUTOMATION_MESSAGES.created);
        if (!automation) navigate(`/automation/${saved._id}/edit`);
      },
      onError: (e) => {
        const details = (e as { data?: unknown }).data;
        const list = Array.isArray(details)
          ? (details as { field?: string; message?: string }[])
              .filter((d) => d.message)
              .map((d) => located(d.field ?? '', d.message!))
          : [];
        setErrors(list.length > 0 ? list : [handleError(e, { silent: true, message: undefined })]);
      },
    });
  };

  return (
    <Stack gap="md" maw={960}>
      {!canWrite && (
        <Alert color="blue">
          Only owners and admins can change automations: their steps run as whoever saved them.
        </Alert>
      )}
      {errors.length > 0 && (
        <Alert color="red" title={AUTOMATION_MESSAGES.saveFailed}>
          {errors.map((e) => (
            <Text key={e} size="sm">
              {e}
            </Text>
          ))}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput
            label="Automation name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            disabled={disabled}
          />
          <Switch
            label="On"
            description="An automation that is off starts no runs."
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
            disabled={disabled}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text fw={600}>When</Text>
          <Select
            label="Trigger"
            placeholder="Choose a trigger"
            data={options(triggers, AUTOMATION_TRIGGER_LABELS)}
            value={trigger}
            onChange={(v) => chooseTrigger(v as AutomationTrigger | null)}
            disabled={disabled}
          />
          {trigger === 'date.reached' && (
            <Stack gap={4} data-testid="automation-date-trigger">
              <Group align="flex-start" grow>
                <Select
                  label="Date"
                  placeholder="Choose the date to watch"
                  data={options(AUTOMATION_DATE_FIELDS, AUTOMATION_DATE_FIELD_LABELS)}
                  value={dateField}
                  onChange={(v) => setDateField(v as AutomationDateField | null)}
                  disabled={disabled}
                />
                <TextInput
                  label="Days"
                  type="number"
                  min={0}
                  max={AUTOMATION_MAX_DATE_OFFSET_DAYS}
                  value={offsetDays}
                  onChange={(e) => setOffsetDays(e.currentTarget.value)}
                  disabled={disabled}
                />
                <Select
                  label="Before or after"
                  data={[
                    { value: 'before', label: 'before the date' },
                    { value: 'after', label: 'after the date' },
                  ]}
                  value={direction}
                  onChange={(v) => setDirection(v === 'before' ? 'before' : 'after')}
                  allowDeselect={false}
                  disabled={disabled}
                />
              </Group>
              <Text size="xs" c="dimmed">
                Checked every minute, in UTC: a day is 24 hours from the stored date and time (0 days: the moment
                itself). Runs once per record and date — a changed date runs again; dates reached before the automation
                was switched on do not.
              </Text>
            </Stack>
          )}
          <Text fw={600} mt="xs">
            Only if
          </Text>
          {conditions.length === 0 && (
            <Text size="sm" c="dimmed">
              No conditions: every time the trigger happens.
            </Text>
          )}
          {conditions.map((c, i) => (
            <Group key={i} align="flex-end" wrap="nowrap" data-testid="automation-condition">
              <Select
                label={`Condition ${i + 1} field`}
                data={fields.map((f) => ({ value: f, label: f }))}
                value={c.field || null}
                onChange={(v) => patchCondition(i, { field: v ?? '' })}
                disabled={disabled}
              />
              <Select
                label="Comparison"
                data={options(AUTOMATION_OPERATORS, AUTOMATION_OPERATOR_LABELS)}
                value={c.operator}
                onChange={(v) => patchCondition(i, { operator: (v as AutomationOperator) ?? 'equals' })}
                allowDeselect={false}
                disabled={disabled}
              />
              {c.operator !== 'is_empty' && c.operator !== 'is_not_empty' && (
                <TextInput
                  label="Value"
                  value={c.value}
                  onChange={(e) => patchCondition(i, { value: e.currentTarget.value })}
                  disabled={disabled}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove condition ${i + 1}`}
                onClick={() => setConditions((cs) => cs.filter((_, j) => j !== i))}
                disabled={disabled}
                mb={6}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={disabled || !trigger}
              onClick={() => setConditions((cs) => [...cs, { field: fields[0] ?? '', operator: 'equals', value: '' }])}
            >
              Add condition
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text fw={600}>Then</Text>
          {steps.length === 0 && (
            <Text size="sm" c="dimmed">
              No steps yet. Steps run in order; a failed step ends the run.
            </Text>
          )}
          {steps.map((s, i) => (
            <Paper key={i} withBorder p="sm" data-testid="automation-step">
              <Group justify="space-between" mb="xs">
                <Text size="sm" fw={600}>
                  {i + 1}. {AUTOMATION_STEP_LABELS[s.type]}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove step ${i + 1}`}
                  onClick={() => setSteps((ss) => ss.filter((_, j) => j !== i))}
                  disabled={disabled}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <StepFields
                step={s}
                index={i}
                choices={choices.data}
                onChange={(patch) => patchStep(i, patch)}
                disabled={disabled}
              />
            </Paper>
          ))}
          <Group align="flex-end">
            <Select
              label="Step type"
              data={options(AUTOMATION_STEP_TYPES, AUTOMATION_STEP_LABELS)}
              value={nextType}
              onChange={(v) => v && setNextType(v as AutomationStepType)}
              allowDeselect={false}
              disabled={disabled}
              w={240}
            />
            <Button
              variant="default"
              leftSection={<IconPlus size={14} />}
              onClick={() => setSteps((ss) => [...ss, newStep(nextType)])}
              disabled={disabled}
            >
              Add step
            </Button>
          </Group>
          {choices.isError && (
            <Text size="sm" c="red">
              Failed to load the templates, groups and members the steps can use.
            </Text>
          )}
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/automation')}>
          {canWrite ? 'Cancel' : 'Back'}
        </Button>
        {canWrite && (
          <Button onClick={submit} loading={save.isPending}>
            Save automation
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** /automation/new and /automation/{automationId}/edit: trigger → conditions → steps, on/off; the run history. */
export default function AutomationEditorPage() {
  const { automationId } = useParams();
  const existing = useAutomation(automationId);
  const [key, setKey] = useState(0);
  // A saved automation read again (another tab, a toggle in the list) re-seeds the form once loaded.
  useEffect(() => setKey((k) => k + 1), [existing.data?.updatedAt]);
  if (automationId && existing.isPending) return <PageSkeleton />;
  if (automationId && existing.isError) {
    return <LoadError title={AUTOMATION_MESSAGES.notFound} onRetry={() => void existing.refetch()} />;
  }
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        {automationId ? (existing.data?.name ?? 'Automation') : 'New automation'}
      </Title>
      <AutomationForm key={key} automation={automationId ? (existing.data ?? null) : null} />
      {automationId && <RunHistory automationId={automationId} />}
    </Stack>
  );
}
