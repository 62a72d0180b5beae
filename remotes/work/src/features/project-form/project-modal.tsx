import { useId } from 'react';
import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import { bus, toast } from '@atrium/event-bus';
import {
  AddressFields,
  Autocomplete,
  Button,
  ChipMultiSelect,
  DraggableModal,
  Divider,
  Group,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  schemaResolver,
  useForm,
} from '@atrium/ui';
import { PROJECT_MESSAGES, projectInputSchema, type Project } from '@atrium/domain-work';
import { useContactChoices } from '@atrium/domain-crm/public';
import { useProjectTypes } from '../../hooks/use-project-types';
import { STAGES, stageLabel } from '../../lib/stages';
import { DateRangeFields } from '../../components/date-range-fields';
import { ADDRESS_KEYS, toFormValues, toInput, type ProjectFormValues } from './project-form-values';
import { useProjectMutations } from './use-project-mutations';

interface ProjectModalProps {
  /** The project to edit; none for a new one. */
  project?: Project | null;
  onClose: () => void;
}

/**
 * 'New project' / 'Edit project' (docs/requirements.md §3, §5): the project's fields validated by the same
 * schema as the server, in a modal dragged by its header (position saved per modal id). A new project opens
 * its page (/projects/{id}); the server's field messages land on their fields.
 */
export function ProjectModal({ project, onClose }: ProjectModalProps) {
  const { create, update } = useProjectMutations();
  const types = useProjectTypes();
  const formId = useId();
  const form = useForm<ProjectFormValues>({
    initialValues: toFormValues(project),
    validate: schemaResolver(projectInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const contacts = useContactChoices(form.values.contacts);
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit(async (values) => {
    try {
      if (project) {
        await update.mutateAsync({ id: project._id, input: toInput(values) });
        toast.success('Project updated successfully');
        onClose();
      } else {
        const created = await create.mutateAsync(toInput(values));
        toast.success(PROJECT_MESSAGES.created);
        onClose();
        bus.emit('navigate', { to: `/projects/${encodeURIComponent(created._id)}` });
      }
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      if (project) toast.error(isApiError(e) && !fields ? e.message : 'Failed to update project. Please try again.');
      else toast.error(PROJECT_MESSAGES.createFailed);
    }
  });

  return (
    <DraggableModal
      modalId="project"
      opened
      onClose={onClose}
      title={project ? 'Edit project' : 'New project'}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <form id={formId} onSubmit={submit} noValidate>
        {/* The fields scroll; the footer with Create stays in view however short the window. */}
        <ScrollArea.Autosize mah="calc(100dvh - 220px)" type="auto" offsetScrollbars>
          <Stack gap="sm" pr={4}>
            <TextInput label="Title" withAsterisk data-autofocus maxLength={200} {...form.getInputProps('title')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Autocomplete
                label="Project type"
                withAsterisk
                placeholder="Choose or type a new one"
                data={types.names}
                maxLength={100}
                {...form.getInputProps('type')}
              />
              <Select
                label="Stage"
                data={STAGES.map((s) => ({ value: s, label: stageLabel(s) }))}
                allowDeselect={false}
                {...form.getInputProps('stage')}
              />
            </SimpleGrid>
            <DateRangeFields
              form={form}
              start={{ field: 'startDate', label: 'Start date' }}
              end={{ field: 'dueDate', label: 'Due date' }}
              cols={{ base: 1, sm: 2 }}
            />
            <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
            <TextInput label="Location" maxLength={300} {...form.getInputProps('location')} />
            <ChipMultiSelect
              label="Contacts"
              placeholder={contacts.isError ? 'Contacts could not be loaded' : 'Link contacts'}
              data={contacts.choices}
              value={form.values.contacts}
              onChange={(v) => form.setFieldValue('contacts', v)}
              error={form.errors.contacts as string | undefined}
            />
            <Divider label="Address" labelPosition="left" />
            <AddressFields inputProps={(key) => form.getInputProps(`address.${ADDRESS_KEYS[key]}`)} />
            {form.errors.address && (
              <Text size="sm" c="red">
                {String(form.errors.address)}
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </form>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={busy}>
          {project ? 'Save changes' : 'Create project'}
        </Button>
      </Group>
    </DraggableModal>
  );
}
