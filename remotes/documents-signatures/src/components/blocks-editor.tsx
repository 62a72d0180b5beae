import { Suspense, lazy, useRef } from 'react';
import type { RichTextFieldProps } from '@atrium/notes';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  IconPlus,
  IconTrash,
  Menu,
  Paper,
  PageSkeleton,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@atrium/ui';
import {
  CHOICE_KINDS,
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  type DocumentBlock,
  type DocumentType,
  type QuestionKind,
} from '@atrium/domain-documents';
import { newId, type FieldErrors } from '../lib/blocks';
import { MergeTagMenu, appendHtml, appendText } from './merge-tag-menu';

// The rich-text editor (tiptap) is the shared notes package's field: it loads only when a text block is on screen.
const RichTextField = lazy(() => import('@atrium/notes').then((m) => ({ default: m.RichTextField })));

export type BlockKind = DocumentBlock['type'];
const ADD_LABELS: Record<BlockKind, string> = {
  richText: 'Text',
  heading: 'Heading',
  clause: 'Clause',
  question: 'Question',
  divider: 'Divider',
  pageBreak: 'Page break',
};

/** The kinds a document of this type can hold: clauses in contracts, questions in questionnaires. */
export function blockKindsFor(type: DocumentType): BlockKind[] {
  const extra: BlockKind[] = type === 'contract' ? ['clause'] : type === 'questionnaire' ? ['question'] : [];
  return ['richText', 'heading', ...extra, 'divider', 'pageBreak'];
}

/** What an empty document body says. */
export const emptyBodyText = (type: DocumentType) =>
  `Nothing here yet. Add text, headings${type === 'contract' ? ', clauses' : ''}${
    type === 'questionnaire' ? ', questions' : ''
  } and more.`;

export function newBlock(kind: BlockKind): DocumentBlock {
  const id = newId();
  switch (kind) {
    case 'richText':
      return { id, type: 'richText', html: '' };
    case 'heading':
      return { id, type: 'heading', text: '', level: 2 };
    case 'clause':
      return { id, type: 'clause', title: '', html: '' };
    case 'question':
      return { id, type: 'question', kind: 'shortText', label: '', help: null, required: false, options: [] };
    case 'divider':
      return { id, type: 'divider' };
    case 'pageBreak':
      return { id, type: 'pageBreak' };
  }
}

export function moveBlock<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

interface BlocksEditorProps {
  /** The kinds the author may add (a document's: blockKindsFor(type); a contact form's: questions only). */
  kinds: readonly BlockKind[];
  blocks: DocumentBlock[];
  onChange: (blocks: DocumentBlock[]) => void;
  /** Field errors by path, as the server names them: `${errorPrefix}.N.label`. */
  errors: FieldErrors;
  errorPrefix?: string;
  /** What an empty list says. */
  emptyText: string;
}

/**
 * Typed blocks to add, edit, reorder and remove: a document's body, and a contact form's questions (the one
 * question engine: the same question block, edited by the same fields).
 */
export function BlocksEditor({
  kinds,
  blocks,
  onChange,
  errors,
  errorPrefix = 'blocks',
  emptyText,
}: BlocksEditorProps) {
  const set = (i: number, block: DocumentBlock) => onChange(blocks.map((b, j) => (j === i ? block : b)));
  return (
    <Stack gap="sm">
      {blocks.length === 0 && (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      )}
      {blocks.map((b, i) => (
        <Paper key={b.id} withBorder p="sm" radius="md" data-testid="block">
          <Group justify="space-between" mb="xs">
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {ADD_LABELS[b.type]}
            </Text>
            <Group gap={4}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${ADD_LABELS[b.type]} ${i + 1} up`}
                disabled={i === 0}
                onClick={() => onChange(moveBlock(blocks, i, i - 1))}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${ADD_LABELS[b.type]} ${i + 1} down`}
                disabled={i === blocks.length - 1}
                onClick={() => onChange(moveBlock(blocks, i, i + 1))}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${ADD_LABELS[b.type]} ${i + 1}`}
                onClick={() => onChange(blocks.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
          <BlockFields block={b} onChange={(next) => set(i, next)} error={(f) => errors[`${errorPrefix}.${i}.${f}`]} />
        </Paper>
      ))}
      {kinds.length === 1 ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          w="fit-content"
          onClick={() => onChange([...blocks, newBlock(kinds[0]!)])}
        >
          Add {ADD_LABELS[kinds[0]!].toLowerCase()}
        </Button>
      ) : (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content">
              Add block
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {kinds.map((k) => (
              <Menu.Item key={k} onClick={() => onChange([...blocks, newBlock(k)])}>
                {ADD_LABELS[k]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
}

type EditorRef = NonNullable<RichTextFieldProps['editorRef']>;

/** Puts a merge tag at the rich text's cursor; before its editor has loaded, at the end of its text. */
function insertTag(ref: EditorRef, html: string, tag: string, set: (html: string) => void) {
  const editor = ref.current;
  if (editor && !editor.isDestroyed) editor.chain().focus().insertContent(tag).run();
  else set(appendHtml(html, tag));
}

function BlockFields({
  block,
  onChange,
  error,
}: {
  block: DocumentBlock;
  onChange: (b: DocumentBlock) => void;
  error: (field: string) => string | undefined;
}) {
  const editorRef: EditorRef = useRef(null);
  switch (block.type) {
    case 'richText':
      return (
        <Stack gap={4}>
          <Group justify="flex-end">
            <MergeTagMenu
              onInsert={(tag) => insertTag(editorRef, block.html, tag, (html) => onChange({ ...block, html }))}
            />
          </Group>
          <Suspense fallback={<PageSkeleton rows={2} />}>
            <RichTextField
              editorRef={editorRef}
              label=""
              value={block.html}
              onChange={(html) => onChange({ ...block, html })}
              error={error('html')}
            />
          </Suspense>
        </Stack>
      );
    case 'heading':
      return (
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Heading"
            value={block.text}
            onChange={(e) => onChange({ ...block, text: e.currentTarget.value })}
            error={error('text')}
            style={{ flex: 1 }}
          />
          <Select
            aria-label="Heading level"
            data={['1', '2', '3'].map((v) => ({ value: v, label: `H${v}` }))}
            value={String(block.level)}
            onChange={(v) => onChange({ ...block, level: Number(v ?? 2) as 1 | 2 | 3 })}
            allowDeselect={false}
            w={80}
          />
          <MergeTagMenu onInsert={(tag) => onChange({ ...block, text: appendText(block.text, tag) })} />
        </Group>
      );
    case 'clause':
      return (
        <Stack gap="xs">
          <TextInput
            label="Clause title"
            value={block.title}
            onChange={(e) => onChange({ ...block, title: e.currentTarget.value })}
            error={error('title')}
          />
          <Group justify="flex-end">
            <MergeTagMenu
              onInsert={(tag) => insertTag(editorRef, block.html, tag, (html) => onChange({ ...block, html }))}
            />
          </Group>
          <Suspense fallback={<PageSkeleton rows={2} />}>
            <RichTextField
              editorRef={editorRef}
              label="Clause"
              value={block.html}
              onChange={(html) => onChange({ ...block, html })}
              error={error('html')}
            />
          </Suspense>
        </Stack>
      );
    case 'question':
      return (
        <Stack gap="xs">
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="Question"
              value={block.label}
              onChange={(e) => onChange({ ...block, label: e.currentTarget.value })}
              error={error('label')}
              style={{ flex: 1 }}
            />
            <Select
              label="Answer"
              data={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))}
              value={block.kind}
              onChange={(v) => onChange({ ...block, kind: (v ?? 'shortText') as QuestionKind })}
              allowDeselect={false}
              error={error('kind')}
              w={170}
            />
          </Group>
          <TextInput
            label="Help text"
            value={block.help ?? ''}
            onChange={(e) => onChange({ ...block, help: e.currentTarget.value || null })}
          />
          {CHOICE_KINDS.includes(block.kind) && (
            <Textarea
              label="Options (one per line)"
              autosize
              minRows={2}
              value={block.options.join('\n')}
              onChange={(e) => onChange({ ...block, options: e.currentTarget.value.split('\n') })}
              error={
                error('options') ??
                Object.keys(block.options)
                  .map((k) => error(`options.${k}`))
                  .find(Boolean)
              }
            />
          )}
          <Switch
            label="Required"
            checked={block.required}
            onChange={(e) => onChange({ ...block, required: e.currentTarget.checked })}
          />
        </Stack>
      );
    case 'divider':
      return <Divider />;
    case 'pageBreak':
      return (
        <Text size="xs" c="dimmed" ta="center">
          The PDF continues on a new page here.
        </Text>
      );
  }
}
