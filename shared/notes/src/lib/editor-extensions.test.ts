import { Editor } from '@tiptap/core';
import { applyLink } from '../components/rich-text-field';
import { noteEditorExtensions, normalizeLinkUrl } from './editor-extensions';

function editorWith(content: string) {
  return new Editor({ extensions: noteEditorExtensions(), content });
}

describe('note editor schema', () => {
  it('has no code, code block, blockquote or horizontal rule at all', () => {
    const editor = editorWith('<p>Hello</p>');
    const { nodes, marks } = editor.schema;
    expect(nodes.blockquote).toBeUndefined();
    expect(nodes.codeBlock).toBeUndefined();
    expect(nodes.horizontalRule).toBeUndefined();
    expect(marks.code).toBeUndefined();
    const names = editor.extensionManager.extensions.map((e) => e.name);
    expect(names).not.toEqual(expect.arrayContaining(['blockquote']));
    expect(names.filter((n) => ['code', 'codeBlock', 'blockquote', 'horizontalRule'].includes(n))).toEqual([]);
    // Pasted or loaded HTML cannot bring them back either.
    editor.commands.setContent('<blockquote><p>q</p></blockquote><pre><code>x</code></pre><hr><p><code>y</code></p>');
    expect(editor.getHTML()).not.toMatch(/<(blockquote|pre|code|hr)\b/);
    editor.destroy();
  });

  it('allows headings 1 to 3 only', () => {
    const editor = editorWith('<p>Hello</p>');
    editor.commands.selectAll();
    expect(editor.can().toggleHeading({ level: 1 })).toBe(true);
    expect(editor.can().toggleHeading({ level: 3 })).toBe(true);
    expect(editor.can().toggleHeading({ level: 4 })).toBe(false);
    editor.commands.setContent('<h5>Deep</h5>');
    expect(editor.getHTML()).not.toContain('<h5');
    editor.destroy();
  });
});

describe('links', () => {
  it('keeps http, https and mailto and gives bare addresses https', () => {
    expect(normalizeLinkUrl(' https://a.example/x ')).toBe('https://a.example/x');
    expect(normalizeLinkUrl('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(normalizeLinkUrl('example.com')).toBe('https://example.com');
    expect(normalizeLinkUrl('javascript:alert(1)')).toBe('https://javascript:alert(1)');
    expect(normalizeLinkUrl('   ')).toBe('');
  });

  it('wraps the selected text in the link', () => {
    const editor = editorWith('<p>Read the docs now</p>');
    // "the docs" sits at positions 6..14 (1 is the paragraph start).
    editor.commands.setTextSelection({ from: 6, to: 14 });
    applyLink(editor, 'docs.example.com');
    expect(editor.getHTML()).toMatch(/Read <a [^>]*href="https:\/\/docs\.example\.com"[^>]*>the docs<\/a> now/);
    editor.destroy();
  });

  it('inserts the URL as the link text when nothing is selected', () => {
    const editor = editorWith('<p>See here</p>');
    editor.commands.setTextSelection(5); // after "See "
    applyLink(editor, 'https://atrium.example');
    expect(editor.getHTML()).toMatch(
      /See <a [^>]*href="https:\/\/atrium\.example"[^>]*>https:\/\/atrium\.example<\/a>here/,
    );
    // Typing on goes on as plain text, not as part of the link.
    editor.commands.insertContent('!');
    expect(editor.getHTML()).toMatch(/<\/a>!here/);
    editor.destroy();
  });
});
