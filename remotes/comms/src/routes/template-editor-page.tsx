import { useEffect, useMemo, useState } from 'react';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  LoadError,
  PageSkeleton,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
  handleError,
  useNavigate,
  useParams,
} from '@atrium/ui';
import {
  CAMPAIGN_MERGE_TAGS,
  CAMPAIGN_MESSAGES,
  EMAIL_BLOCK_TYPES,
  emailBlockSchema,
  emailTemplateInputSchema,
  renderEmailHtml,
  renderEmailText,
  unknownMergeTags,
  type EmailBlock,
  type EmailBlockInput,
} from '@atrium/domain-comms';
import { BLOCK_LABELS, htmlToParagraphs, move, newBlock, paragraphsToHtml } from '../features/campaigns/blocks';
import { useSaveTemplate, useTemplate } from '../features/campaigns/use-campaigns';

function BlockFields({ block, onChange }: { block: EmailBlockInput; onChange: (b: EmailBlockInput) => void }) {
  const align = 'align' in block && (
    <Select
      label="Align"
      w={110}
      data={['left', 'center', 'right']}
      value={block.align ?? 'left'}
      onChange={(v) => v && onChange({ ...block, align: v as 'left' })}
      allowDeselect={false}
    />
  );
  switch (block.type) {
    case 'heading':
      return (
        <Group align="flex-end" grow>
          <TextInput
            label="Heading"
            value={block.text}
            onChange={(e) => onChange({ ...block, text: e.currentTarget.value })}
          />
          <Select
            label="Size"
            data={[
              { value: '1', label: 'Large' },
              { value: '2', label: 'Medium' },
              { value: '3', label: 'Small' },
            ]}
            value={String(block.level ?? 1)}
            onChange={(v) => v && onChange({ ...block, level: Number(v) as 1 })}
            allowDeselect={false}
          />
          {align}
        </Group>
      );
    case 'text':
      return (
        <Stack gap="xs">
          <Textarea
            label="Text"
            description="A blank line starts a new paragraph."
            autosize
            minRows={3}
            value={htmlToParagraphs(block.html)}
            onChange={(e) => onChange({ ...block, html: paragraphsToHtml(e.currentTarget.value) })}
          />
          {align}
        </Stack>
      );
    case 'button':
      return (
        <Group align="flex-end" grow>
          <TextInput
            label="Label"
            value={block.label}
            onChange={(e) => onChange({ ...block, label: e.currentTarget.value })}
          />
          <TextInput
            label="Link"
            value={block.url}
            onChange={(e) => onChange({ ...block, url: e.currentTarget.value })}
          />
          <TextInput
            label="Colour"
            value={block.color ?? '#228be6'}
            onChange={(e) => onChange({ ...block, color: e.currentTarget.value })}
          />
          {align}
        </Group>
      );
    case 'image':
      return (
        <Group align="flex-end" grow>
          <TextInput
            label="Image address"
            value={block.src}
            onChange={(e) => onChange({ ...block, src: e.currentTarget.value })}
          />
          <TextInput
            label="Alt text"
            value={block.alt ?? ''}
            onChange={(e) => onChange({ ...block, alt: e.currentTarget.value })}
          />
          {align}
        </Group>
      );
    case 'divider':
      return (
        <Text size="sm" c="dimmed">
          A horizontal line.
        </Text>
      );
    case 'spacer':
      return (
        <TextInput
          label="Height (px)"
          type="number"
          w={140}
          value={String(block.height ?? 24)}
          onChange={(e) => onChange({ ...block, height: Number(e.currentTarget.value) || 4 })}
        />
      );
  }
}

/** /emails/templates/create and /emails/templates/{id}/edit: the email-design editor. */
export default function TemplateEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const existing = useTemplate(id);
  const save = useSaveTemplate(id);
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [blocks, setBlocks] = useState<EmailBlockInput[]>(() => [newBlock('heading'), newBlock('text')]);
  const [ownText, setOwnText] = useState<string | null>(null);
  const [view, setView] = useState<'desktop' | 'mobile'>('desktop');
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!existing.data) return;
    setName(existing.data.name);
    setSubject(existing.data.subject);
    setBlocks(existing.data.blocks);
    setOwnText(existing.data.textEdited ? existing.data.text : null);
  }, [existing.data]);

  // The preview renders what parses; a block still being typed (an unfinished link) is left out until valid.
  const valid = useMemo(
    () =>
      blocks.flatMap((b) => {
        const r = emailBlockSchema.safeParse(b);
        return r.success ? [r.data as EmailBlock] : [];
      }),
    [blocks],
  );
  const html = useMemo(() => renderEmailHtml(valid), [valid]);
  const generatedText = useMemo(() => renderEmailText(valid), [valid]);
  const unknown = unknownMergeTags(subject, html, ownText ?? generatedText);

  if (id && existing.isPending) return <PageSkeleton />;
  if (id && existing.isError)
    return <LoadError title={CAMPAIGN_MESSAGES.templatesLoadFailed} onRetry={() => void existing.refetch()} />;

  const submit = () => {
    const parsed = emailTemplateInputSchema.safeParse({ name, subject, blocks, text: ownText });
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setErrors([]);
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Template saved');
        navigate('/emails/templates');
      },
      onError: (e) => handleError(e),
    });
  };

  const update = (i: number, b: EmailBlockInput) => setBlocks((list) => list.map((x, j) => (j === i ? b : x)));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {id ? 'Edit template' : 'New template'}
        </Title>
        <Group>
          <Button variant="default" onClick={() => navigate('/emails/templates')}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save template
          </Button>
        </Group>
      </Group>
      {errors.length > 0 && (
        <Alert color="red" title="Check the template">
          {errors.map((e) => (
            <Text key={e} size="sm">
              {e}
            </Text>
          ))}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput label="Template name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label="Subject" required value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
          <Paper withBorder p="xs">
            <Text size="sm" fw={500} mb={4}>
              Merge tags (type them in any text)
            </Text>
            <Group gap={6}>
              {CAMPAIGN_MERGE_TAGS.map((t) => (
                <Badge key={t.tag} variant="outline" tt="none" title={t.label}>
                  {`{{${t.tag}}}`}
                </Badge>
              ))}
            </Group>
          </Paper>
          {unknown.length > 0 && (
            <Alert color="orange" title="Unknown merge tags">
              {CAMPAIGN_MESSAGES.unknownMergeTag(unknown)}
            </Alert>
          )}
          {blocks.map((b, i) => (
            <Paper key={b.id} withBorder p="sm" data-testid={`block-${b.type}`}>
              <Group justify="space-between" mb={6}>
                <Text size="sm" fw={600}>
                  {BLOCK_LABELS[b.type]}
                </Text>
                <Group gap={4}>
                  <ActionIcon variant="subtle" aria-label="Move up" onClick={() => setBlocks((l) => move(l, i, -1))}>
                    ↑
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label="Move down" onClick={() => setBlocks((l) => move(l, i, 1))}>
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${BLOCK_LABELS[b.type]}`}
                    onClick={() => setBlocks((l) => l.filter((_, j) => j !== i))}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Group>
              <BlockFields block={b} onChange={(nb) => update(i, nb)} />
            </Paper>
          ))}
          <Group gap="xs">
            <Text size="sm">Add:</Text>
            {EMAIL_BLOCK_TYPES.map((t) => (
              <Button key={t} size="xs" variant="light" onClick={() => setBlocks((l) => [...l, newBlock(t)])}>
                {BLOCK_LABELS[t]}
              </Button>
            ))}
          </Group>
        </Stack>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>Preview</Text>
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as 'desktop')}
              data={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'mobile', label: 'Mobile' },
              ]}
            />
          </Group>
          <Paper withBorder p={0} style={{ overflow: 'auto' }}>
            <iframe
              title="Email preview"
              sandbox=""
              srcDoc={html}
              style={{
                display: 'block',
                border: 0,
                width: view === 'desktop' ? '100%' : 375,
                height: 520,
                margin: '0 auto',
              }}
            />
          </Paper>
          <Switch
            label="Write the plain-text part myself"
            checked={ownText !== null}
            onChange={(e) => setOwnText(e.currentTarget.checked ? generatedText : null)}
          />
          <Textarea
            label="Plain-text part"
            description={
              ownText === null ? 'Generated from the blocks.' : 'Your own text is sent as the plain-text part.'
            }
            autosize
            minRows={4}
            readOnly={ownText === null}
            value={ownText ?? generatedText}
            onChange={(e) => setOwnText(e.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            Every campaign message gets an Unsubscribe link at the bottom.
          </Text>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
