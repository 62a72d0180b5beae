import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '@atrium/api-client';
import {
  Anchor,
  Button,
  Group,
  IconCopy,
  Link,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@atrium/ui';
import {
  CONTACT_FORM_STATUSES,
  CONTACT_FORM_STATUS_LABELS,
  FORM_MESSAGES,
  contactFormKeys,
  contactFormUpdateSchema,
  contactForms,
  type ContactForm,
  type ContactFormStatus,
  type ContactFormUpdate,
  type DocumentBlock,
  type QuestionBlock,
} from '@atrium/domain-documents';
import { SaveStatus } from '../../components/save-status';
import { BlocksEditor } from '../../components/blocks-editor';
import { useAutosave } from '../../hooks/use-autosave';
import { withoutBlankOptions, type FieldErrors } from '../../lib/blocks';
import { copyText, embedSnippet, publicFormUrl } from './embed';

/** What the editor's fields hold. */
export interface FormDraft {
  name: string;
  description: string;
  successMessage: string;
  status: ContactFormStatus;
  questions: QuestionBlock[];
}

export const formDraftOf = (f: ContactForm): FormDraft => ({
  name: f.name,
  description: f.description ?? '',
  successMessage: f.successMessage ?? '',
  status: f.status,
  questions: f.questions,
});

/** The PUT body, checked with the slice's schema (the one the server runs), or the field errors that keep it back. */
export function toFormUpdate(draft: FormDraft): { update: ContactFormUpdate | null; errors: FieldErrors } {
  const update: ContactFormUpdate = {
    name: draft.name,
    description: draft.description,
    successMessage: draft.successMessage,
    status: draft.status,
    questions: withoutBlankOptions(draft.questions),
  };
  const checked = contactFormUpdateSchema.safeParse(update);
  if (checked.success) return { update, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { update: null, errors };
}

const isQuestion = (b: DocumentBlock): b is QuestionBlock => b.type === 'question';

/**
 * A contact form's editor: name, description, success message, status and its questions (the documents editor's
 * question blocks). Every change is saved by itself (debounced PUT /contact-forms/{id}), with the same visible state.
 */
export function ContactFormEditor({ form }: { form: ContactForm }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<FormDraft>(() => formDraftOf(form));
  const patch = (p: Partial<FormDraft>) => setDraft((d) => ({ ...d, ...p }));
  const { update, errors: localErrors } = useMemo(() => toFormUpdate(draft), [draft]);
  const autosave = useAutosave(update, async (body) => {
    const saved = await contactForms.update(form._id, body);
    client.setQueryData(contactFormKeys.one(form._id), saved);
    void client.invalidateQueries({ queryKey: contactFormKeys.list({}).slice(0, 2) });
  });
  const serverErrors = (autosave.state === 'failed' && fieldErrorsOf(autosave.error)) || {};
  const errors = { ...serverErrors, ...localErrors };
  const link = publicFormUrl(form.publicId);

  return (
    <Stack gap="md">
      {/* The page's heading for screen readers: the form's name is shown as an input. */}
      <VisuallyHidden component="h1">{draft.name.trim() || 'Untitled form'}</VisuallyHidden>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ flex: 1 }}>
          <Group gap="xs">
            <Anchor component={Link} to="/contact-forms" size="sm">
              Contact Forms
            </Anchor>
            <SaveStatus state={autosave.state} onRetry={() => void autosave.retry()} />
          </Group>
          <TextInput
            aria-label="Name"
            placeholder="Form name"
            size="lg"
            value={draft.name}
            onChange={(e) => patch({ name: e.currentTarget.value })}
            error={errors.name}
          />
        </Stack>
        <SegmentedControl
          mt={30}
          aria-label="Status"
          data={CONTACT_FORM_STATUSES.map((s) => ({ value: s, label: CONTACT_FORM_STATUS_LABELS[s] }))}
          value={draft.status}
          onChange={(v) => patch({ status: v as ContactFormStatus })}
        />
      </Group>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Textarea
            label="Description"
            description="Shown above the form"
            autosize
            minRows={2}
            value={draft.description}
            onChange={(e) => patch({ description: e.currentTarget.value })}
            error={errors.description}
          />
          <Textarea
            label="Success message"
            description={`Shown after a submission (empty: "${FORM_MESSAGES.submitted}")`}
            autosize
            minRows={1}
            value={draft.successMessage}
            onChange={(e) => patch({ successMessage: e.currentTarget.value })}
            error={errors.successMessage}
          />
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={3} fz="md" mb={4}>
          Questions
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Every form asks first name, last name and email first: a submission creates the contact, or updates the one
          with that email. Add your own questions below.
        </Text>
        <BlocksEditor
          kinds={['question']}
          emptyText="No questions of its own yet."
          errorPrefix="questions"
          blocks={draft.questions}
          onChange={(blocks) => patch({ questions: blocks.filter(isQuestion) })}
          errors={errors}
        />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={3} fz="md" mb="sm">
          Share
        </Title>
        <Stack gap="sm">
          {draft.status === 'inactive' && (
            <Text size="sm" c="orange">
              This form is inactive: its page says it is not available until you make it active.
            </Text>
          )}
          <Group align="flex-end">
            <TextInput
              label="Public page"
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copyText(link, 'link')}>
              Copy link
            </Button>
            <Button variant="default" component="a" href={link} target="_blank" rel="noopener">
              Open
            </Button>
          </Group>
          <Group align="flex-end">
            <Textarea
              label="Embed code"
              description="Paste it into your website's HTML to show the form there."
              value={embedSnippet(form.publicId)}
              readOnly
              autosize
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              onClick={() => void copyText(embedSnippet(form.publicId), 'embed code')}
            >
              Copy embed code
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
