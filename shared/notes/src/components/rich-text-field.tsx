import { useEffect, useRef, useState, type ReactNode } from 'react';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import { IconLink } from '@tabler/icons-react';
import { Box, Text } from '@atrium/ui';
import { noteEditorExtensions, normalizeLinkUrl } from '../lib/editor-extensions';
import { LinkDialog } from './link-dialog';

export interface RichTextFieldProps {
  /** HTML; '' for an empty editor. */
  value: string;
  /** Called with the editor's HTML, or '' when the editor is empty. */
  onChange: (html: string) => void;
  label?: string;
  error?: ReactNode;
  /** Minimum height of the writing area in px. */
  minHeight?: number;
  disabled?: boolean;
  /** Receives the tiptap editor once it exists (null when it goes), for callers that insert at the cursor. */
  editorRef?: { current: Editor | null };
}

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * Wraps the selection in a link, or inserts the URL as the link text when nothing is selected
 * (docs/requirements.md §2). A cursor inside an existing link updates that link.
 */
export function applyLink(editor: Editor, url: string): boolean {
  const text = url.trim();
  const href = normalizeLinkUrl(text);
  if (!href) return false;
  const chain = editor.chain().focus();
  if (!editor.state.selection.empty) return chain.setLink({ href }).run();
  if (editor.isActive('link')) return chain.extendMarkRange('link').setLink({ href }).run();
  return chain
    .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
    .unsetMark('link')
    .run();
}

/** The controlled note editor: Mantine's RichTextEditor over the note schema, with the 'Add Link' dialog. */
export function RichTextField({
  value,
  onChange,
  label = 'Content',
  error,
  minHeight = 120,
  disabled,
  editorRef,
}: RichTextFieldProps) {
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions: noteEditorExtensions(),
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label },
    },
    onUpdate: ({ editor: e }) => changed.current(htmlOf(e)),
  });

  useEffect(() => {
    if (!editorRef) return;
    editorRef.current = editor;
    return () => {
      editorRef.current = null;
    };
  }, [editor, editorRef]);

  // A value set from outside (a reset after saving, a note opened for editing) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Box>
      {label && (
        <Text size="sm" fw={500} mb={4}>
          {label}
        </Text>
      )}
      <RichTextEditor editor={editor} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl editor={editor} />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}

function LinkControl({ editor }: { editor: Editor | null }) {
  const [opened, setOpened] = useState(false);
  const [initialUrl, setInitialUrl] = useState('');
  const active = useEditorState({ editor, selector: (ctx) => ctx.editor?.isActive('link') ?? false });
  const open = () => {
    setInitialUrl((editor?.getAttributes('link').href as string | undefined) ?? '');
    setOpened(true);
  };
  return (
    <>
      <RichTextEditor.Control onClick={open} active={!!active} aria-label="Add link" title="Add link">
        <IconLink size={16} stroke={1.5} />
      </RichTextEditor.Control>
      <LinkDialog
        opened={opened}
        initialUrl={initialUrl}
        onClose={() => setOpened(false)}
        onSubmit={(url) => {
          if (editor) applyLink(editor, url);
          setOpened(false);
        }}
      />
    </>
  );
}
