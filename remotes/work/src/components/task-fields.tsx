import {
  ChipMultiSelect,
  SearchableSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  type UseFormReturnType,
} from '@atrium/ui';
import { TASK_PRIORITIES, TASK_STATUSES } from '@atrium/contracts';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type Task } from '@atrium/domain-work';
import type { TaskFormValues } from '../lib/task-form-values';
import { useContactOptions, useProjectOptions } from '../hooks/use-task-pickers';
import { DateRangeFields } from './date-range-fields';

export const STATUS_OPTIONS = TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }));
export const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }));

/**
 * The fields of a task (spec §3 Task): title, description, status, priority, dates with all-day, project and
 * contacts. The '+ New' modal and the task drawer share them; `withProject` off hides the project (the drawer
 * moves a task between projects by its own call).
 */
export function TaskFields({
  form,
  task,
  withProject = true,
}: {
  form: UseFormReturnType<TaskFormValues>;
  task?: Task | null;
  withProject?: boolean;
}) {
  const projectOptions = useProjectOptions(task?.project);
  const contactOptions = useContactOptions(form.values.contactIds);
  return (
    <Stack gap="sm">
      <TextInput label="Title" withAsterisk placeholder="What needs doing?" {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxRows={10}
        placeholder="Details, links, acceptance notes…"
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={2}>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('status')}
        />
        <Select
          label="Priority"
          data={PRIORITY_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('priority')}
        />
      </SimpleGrid>
      <DateRangeFields
        form={form}
        start={{ field: 'startDate', label: 'Start date' }}
        end={{ field: 'dueDate', label: 'Due date' }}
      />
      {withProject && (
        <SearchableSelect
          label="Project"
          placeholder={projectOptions.isPending ? 'Loading projects…' : 'No project'}
          data={projectOptions.options}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('projectId')}
          value={form.values.projectId || null}
          onChange={(v) => form.setFieldValue('projectId', v ?? '')}
        />
      )}
      <ChipMultiSelect
        label="Contacts"
        placeholder={contactOptions.isError ? 'Contacts could not be loaded' : 'Link contacts'}
        data={contactOptions.options}
        value={form.values.contactIds}
        onChange={(v) => form.setFieldValue('contactIds', v)}
        error={form.errors.contactIds as string | undefined}
      />
    </Stack>
  );
}
