import { useState, type ReactNode } from 'react';
import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@atrium/ui';
import {
  FORM_MESSAGES,
  type FileAnswer,
  HONEYPOT_FIELD,
  submitterSchema,
  validateAnswers,
  type Answers,
  type DocumentBlock,
  type QuestionBlock,
  type SubmitterInput,
} from '@atrium/domain-documents';

/** What the visitor typed: text for text, dates and numbers (the slice's rules read numbers from it), lists for several choices. */
type Typed = Record<string, string | string[]>;
type Contact = { firstName: string; lastName: string; email: string };
/** A file question's state: being uploaded (its name), or uploaded (the reference the answer sends). */
type Picked = { uploading: string } | { file: FileAnswer };
export type AnswerPayload = { answers: Answers; contact?: SubmitterInput; [HONEYPOT_FIELD]?: string };

interface AnswerFormProps {
  /** The questions to answer, in order; other blocks (a questionnaire's text and headings) are shown between them. */
  blocks: readonly DocumentBlock[];
  renderBlock?: (block: DocumentBlock) => ReactNode;
  /** A contact form: the contact's first name, last name and email first, and the honeypot. */
  askContact?: boolean;
  submitLabel?: string;
  /**
   * Sends the cleaned answers and resolves to the message to show (the server's: a form's own success message);
   * throws the API's error (its field messages are shown per field).
   */
  onSubmit: (payload: AnswerPayload) => Promise<string>;
  /**
   * Uploads one picked file for a file question (the page's public upload) and resolves to the `{ fileId, name }`
   * the answer sends; throws the API's error (shown on the question). Without it a file question says uploads are
   * not available and is waived.
   */
  uploadFile?: (file: File) => Promise<FileAnswer>;
}

const isQuestion = (b: DocumentBlock): b is QuestionBlock => b.type === 'question';

/**
 * The one answering form of the public pages: a contact form at /forms/{publicId} and a questionnaire at
 * /documents/view/{id}?token=. Every question kind, the slice's `validateAnswers` before sending (the rules the
 * server applies), the server's field messages per field after, then the success message.
 */
export function AnswerForm({
  blocks,
  renderBlock,
  askContact = false,
  submitLabel = 'Submit',
  onSubmit,
  uploadFile,
}: AnswerFormProps) {
  const questions = blocks.filter(isQuestion);
  const [typed, setTyped] = useState<Typed>({});
  const [contact, setContact] = useState<Contact>({ firstName: '', lastName: '', email: '' });
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [picked, setPicked] = useState<Record<string, Picked>>({});
  const uploading = Object.values(picked).some((p) => 'uploading' in p);

  if (done !== null)
    return (
      <Alert color="green" role="status">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{done || FORM_MESSAGES.submitted}</Text>
      </Alert>
    );

  const submit = async () => {
    setFailure(null);
    const files = Object.fromEntries(
      Object.entries(picked).flatMap(([id, p]) => ('file' in p ? [[id, p.file] as const] : [])),
    );
    const checked = validateAnswers(questions, { ...typed, ...files }, uploadFile ? {} : { files: false });
    const next: Record<string, string> = { ...checked.errors };
    let who: SubmitterInput | undefined;
    if (askContact) {
      const parsed = submitterSchema.safeParse(contact);
      if (parsed.success) who = contact;
      else for (const issue of parsed.error.issues) next[`contact.${issue.path.join('.')}`] ??= issue.message;
    }
    setErrors(next);
    if (Object.keys(next).length) {
      setFailure(FORM_MESSAGES.invalidAnswers);
      return;
    }
    setSending(true);
    try {
      setDone(
        await onSubmit({
          answers: checked.values,
          ...(askContact ? { contact: who, [HONEYPOT_FIELD]: honeypot } : {}),
        }),
      );
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) {
        // The server names answers `answers.<questionId>` and the contact's fields `contact.<field>`.
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^answers\./, ''), v])));
        setFailure(FORM_MESSAGES.invalidAnswers);
      } else setFailure(isApiError(e) || e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  const setContactField = (field: keyof Contact, value: string) => setContact((c) => ({ ...c, [field]: value }));
  const setError = (id: string, message: string | undefined) =>
    setErrors(({ [id]: _old, ...rest }) => (message ? { ...rest, [id]: message } : rest));
  const pick = async (id: string, file: File | null) => {
    if (!file || !uploadFile) return;
    setPicked((p) => ({ ...p, [id]: { uploading: file.name } }));
    setError(id, undefined);
    try {
      const answer = await uploadFile(file);
      setPicked((p) => ({ ...p, [id]: { file: answer } }));
    } catch (e) {
      setPicked(({ [id]: _gone, ...rest }) => rest);
      setError(id, isApiError(e) || e instanceof Error ? e.message : String(e));
    }
  };
  const unpick = (id: string) => setPicked(({ [id]: _gone, ...rest }) => rest);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {askContact && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="given-name"
              value={contact.firstName}
              onChange={(e) => setContactField('firstName', e.currentTarget.value)}
              error={errors['contact.firstName']}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              value={contact.lastName}
              onChange={(e) => setContactField('lastName', e.currentTarget.value)}
              error={errors['contact.lastName']}
            />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="email"
              value={contact.email}
              onChange={(e) => setContactField('email', e.currentTarget.value)}
              error={errors['contact.email']}
              style={{ gridColumn: '1 / -1' }}
            />
          </SimpleGrid>
        )}
        {blocks.map((b) =>
          isQuestion(b) ? (
            <AnswerField
              key={b.id}
              question={b}
              value={typed[b.id]}
              onChange={(v) => setTyped((t) => ({ ...t, [b.id]: v }))}
              error={errors[b.id]}
              upload={
                uploadFile
                  ? { picked: picked[b.id], onPick: (f) => void pick(b.id, f), onRemove: () => unpick(b.id) }
                  : undefined
              }
            />
          ) : (
            <Box key={b.id}>{renderBlock?.(b)}</Box>
          ),
        )}
        {askContact && (
          // The honeypot: off screen, out of the tab order and hidden from screen readers; people leave it empty.
          <Box
            aria-hidden="true"
            data-testid="honeypot"
            style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
          >
            <label>
              Website
              <input
                type="text"
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                value={honeypot}
                onChange={(e) => setHoneypot(e.currentTarget.value)}
              />
            </label>
          </Box>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={sending} disabled={uploading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

interface AnswerFieldProps {
  question: QuestionBlock;
  value: string | string[] | undefined;
  onChange: (v: string | string[]) => void;
  error?: string;
  /** A file question's upload (absent: the page has no upload). */
  upload?: { picked: Picked | undefined; onPick: (file: File | null) => void; onRemove: () => void };
}

/** One question as its kind asks it. */
export function AnswerField({ question: q, value, onChange, error, upload }: AnswerFieldProps) {
  const common = { label: q.label, description: q.help ?? undefined, withAsterisk: q.required, error };
  const text = typeof value === 'string' ? value : '';
  switch (q.kind) {
    case 'shortText':
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'longText':
      return (
        <Textarea {...common} autosize minRows={3} value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'number':
      return (
        <TextInput {...common} inputMode="decimal" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'date':
      return <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'singleChoice':
      return (
        <Radio.Group {...common} value={text || null} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {q.options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiChoice':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {q.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'file':
      // Without an upload the question says so (validateAnswers with files: false waives it if required); with one,
      // the file is uploaded as soon as it is picked and the answer carries its reference.
      return (
        <Stack gap={4} role="group" aria-label={q.label}>
          <Text size="sm" fw={500}>
            {q.label}
            {q.required && (
              <Text span c="red" aria-hidden>
                {' *'}
              </Text>
            )}
          </Text>
          {q.help && (
            <Text size="xs" c="dimmed">
              {q.help}
            </Text>
          )}
          {!upload ? (
            <Text size="sm" c="dimmed">
              {FORM_MESSAGES.fileUnavailable}
            </Text>
          ) : upload.picked && 'uploading' in upload.picked ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">Uploading {upload.picked.uploading}…</Text>
            </Group>
          ) : upload.picked ? (
            <Group gap="xs">
              <Text size="sm">{upload.picked.file.name}</Text>
              <CloseButton size="sm" aria-label={`Remove ${upload.picked.file.name}`} onClick={upload.onRemove} />
            </Group>
          ) : (
            <FileButton onChange={upload.onPick}>
              {(props) => (
                <Button {...props} variant="default" size="xs" w="fit-content">
                  Choose a file
                </Button>
              )}
            </FileButton>
          )}
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
        </Stack>
      );
  }
}
