import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { renderWithProviders } from '../test-utils';
import { RichTextField } from './rich-text-field';

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextField
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <output data-testid="html">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
    </>
  );
}

/** The tiptap editor behind the rendered field (tiptap puts it on the ProseMirror element). */
function editorOf(): Editor {
  const dom = screen.getByRole('textbox', { name: 'Content' }) as HTMLElement & { editor?: Editor };
  if (!dom.editor) throw new Error('no editor');
  return dom.editor;
}

describe('RichTextField', () => {
  it('is controlled: edits report HTML, an outside value replaces the content', async () => {
    const onChange = jest.fn();
    renderWithProviders(<Harness initial="<p>Start</p>" onChange={onChange} />);
    const editor = editorOf();
    expect(editor.getHTML()).toBe('<p>Start</p>');
    act(() => {
      editor.chain().focus('end').insertContent(' more').run();
    });
    expect(onChange).toHaveBeenLastCalledWith('<p>Start more</p>');
    expect(screen.getByTestId('html')).toHaveTextContent('<p>Start more</p>');
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(editor.isEmpty).toBe(true));
  });

  it('offers headings 1-3 and no blockquote, code or horizontal rule controls', () => {
    renderWithProviders(<Harness />);
    for (const name of ['Heading 1', 'Heading 2', 'Heading 3', 'Add link'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    for (const name of [/heading 4/i, /blockquote/i, /^code$/i, /code block/i, /horizontal line/i])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    const editor = editorOf();
    expect(editor.can().toggleHeading({ level: 4 })).toBe(false);
    expect(editor.schema.nodes.blockquote).toBeUndefined();
    expect(editor.schema.marks.code).toBeUndefined();
    expect(editor.schema.nodes.horizontalRule).toBeUndefined();
  });
});

describe('Add Link dialog', () => {
  async function openDialog() {
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    return screen.findByRole('dialog', { name: 'Add Link' });
  }

  it('keeps Add Link disabled while the URL is blank, then inserts the URL as link text', async () => {
    renderWithProviders(<Harness initial="<p>Hi</p>" />);
    act(() => {
      editorOf().commands.setTextSelection(3);
    });
    await openDialog();
    const add = screen.getByRole('button', { name: 'Add Link' });
    const url = screen.getByLabelText('URL');
    expect(add).toBeDisabled();
    await userEvent.type(url, '   ');
    expect(add).toBeDisabled();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://atrium.example');
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Link' })).not.toBeInTheDocument());
    expect(screen.getByTestId('html').textContent).toMatch(
      /<p>Hi<a [^>]*href="https:\/\/atrium\.example"[^>]*>https:\/\/atrium\.example<\/a><\/p>/,
    );
  });

  it('confirms with Enter, wrapping the selected text', async () => {
    renderWithProviders(<Harness initial="<p>Open the docs</p>" />);
    act(() => {
      editorOf().commands.setTextSelection({ from: 6, to: 14 });
    });
    await openDialog();
    await userEvent.type(screen.getByLabelText('URL'), 'docs.example.com{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Link' })).not.toBeInTheDocument());
    expect(screen.getByTestId('html').textContent).toMatch(
      /Open <a [^>]*href="https:\/\/docs\.example\.com"[^>]*>the docs<\/a>/,
    );
  });

  it('does nothing on Enter while blank, and cancels with Esc', async () => {
    renderWithProviders(<Harness initial="<p>Keep</p>" />);
    await openDialog();
    const url = screen.getByLabelText('URL');
    await userEvent.type(url, '{Enter}');
    expect(screen.getByRole('dialog', { name: 'Add Link' })).toBeInTheDocument();
    await userEvent.type(url, 'https://never.example{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Link' })).not.toBeInTheDocument());
    expect(editorOf().getHTML()).toBe('<p>Keep</p>');
  });

  it('hands its editor to editorRef (for inserting at the cursor) and takes it back when it goes', async () => {
    const ref: { current: Editor | null } = { current: null };
    const onChange = jest.fn();
    const { unmount } = renderWithProviders(<RichTextField value="<p>Hi</p>" onChange={onChange} editorRef={ref} />);
    await waitFor(() => expect(ref.current).toBe(editorOf()));
    act(() => {
      ref.current!.chain().focus('end').insertContent(' there').run();
    });
    expect(onChange).toHaveBeenLastCalledWith('<p>Hi there</p>');
    unmount();
    expect(ref.current).toBeNull();
  });
});
