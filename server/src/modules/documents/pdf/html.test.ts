import { htmlToBlocks } from './html';

describe('htmlToBlocks', () => {
  it('turns paragraphs and headings into blocks with their marks', () => {
    expect(
      htmlToBlocks('<h1>Terms</h1><p>Pay <strong>within <em>14</em> days</strong>.</p><h3>Late fees</h3>'),
    ).toEqual([
      { kind: 'heading', level: 1, runs: [{ text: 'Terms' }] },
      {
        kind: 'paragraph',
        runs: [
          { text: 'Pay ' },
          { text: 'within ', bold: true },
          { text: '14', bold: true, italic: true },
          { text: ' days', bold: true },
          { text: '.' },
        ],
      },
      { kind: 'heading', level: 3, runs: [{ text: 'Late fees' }] },
    ]);
  });

  it('keeps underline, strike and safe links; drops unsafe link targets but keeps their text', () => {
    const [block] = htmlToBlocks(
      '<p><u>u</u><s>s</s><a href="https://example.com/x">site</a> <a href="javascript:alert(1)">bad</a></p>',
    );
    expect(block!.runs).toEqual([
      { text: 'u', underline: true },
      { text: 's', strike: true },
      { text: 'site', href: 'https://example.com/x' },
      { text: ' bad' },
    ]);
  });

  it('numbers ordered lists, nests lists by depth and reads the <p> tiptap puts inside <li>', () => {
    const blocks = htmlToBlocks(
      '<ol start="3"><li><p>First</p></li><li><p>Second</p><ul><li><p>Inner</p></li></ul></li></ol><ul><li>Dot</li></ul>',
    );
    expect(blocks).toEqual([
      { kind: 'listItem', ordered: true, index: 3, depth: 0, runs: [{ text: 'First' }] },
      { kind: 'listItem', ordered: true, index: 4, depth: 0, runs: [{ text: 'Second' }] },
      { kind: 'listItem', ordered: false, index: 1, depth: 1, runs: [{ text: 'Inner' }] },
      { kind: 'listItem', ordered: false, index: 1, depth: 0, runs: [{ text: 'Dot' }] },
    ]);
  });

  it('turns <br> into a line break and blockquote paragraphs into quotes', () => {
    expect(htmlToBlocks('<p>Line one<br>Line two</p><blockquote><p>Quoted</p></blockquote>')).toEqual([
      { kind: 'paragraph', runs: [{ text: 'Line one\nLine two' }] },
      { kind: 'quote', runs: [{ text: 'Quoted' }] },
    ]);
  });

  it('collapses whitespace, decodes entities, keeps no-break spaces and Unicode', () => {
    const [block] = htmlToBlocks('<p>\n  Caf&eacute;   &amp;  東京&nbsp;2026\n  Привет  </p>');
    expect(block!.runs).toEqual([{ text: 'Café & 東京\u00a02026 Привет' }]);
  });

  it('keeps an empty paragraph (a blank line in the editor) and ignores whitespace between blocks', () => {
    expect(htmlToBlocks('<p>a</p>\n\n<p></p>\n<p>b</p>')).toEqual([
      { kind: 'paragraph', runs: [{ text: 'a' }] },
      { kind: 'paragraph', runs: [] },
      { kind: 'paragraph', runs: [{ text: 'b' }] },
    ]);
  });

  it('wraps stray text in a paragraph and drops script and style content', () => {
    expect(htmlToBlocks('Hello <span>there</span><script>alert(1)</script><style>p{}</style>')).toEqual([
      { kind: 'paragraph', runs: [{ text: 'Hello there' }] },
    ]);
  });

  it('survives unclosed and stray closing tags', () => {
    expect(htmlToBlocks('<p><strong>bold</p></em><p>plain')).toEqual([
      { kind: 'paragraph', runs: [{ text: 'bold', bold: true }] },
      { kind: 'paragraph', runs: [{ text: 'plain' }] },
    ]);
  });

  it('returns nothing for empty input', () => {
    expect(htmlToBlocks('')).toEqual([]);
  });
});
