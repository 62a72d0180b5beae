/**
 * HTML → text blocks for the PDF: the sanitised subset tiptap produces (p, h1–h3, strong/b, em/i, u, s/strike/del,
 * a, ul/ol/li, br, blockquote). Other tags keep their text and lose their meaning; script/style lose both.
 * Whitespace collapses as in a browser; entities are decoded by the parser.
 */
import { Parser } from 'htmlparser2';
import type { PdfRun, PdfTextBlock } from './model';

type Marks = Omit<PdfRun, 'text'>;

interface ListFrame {
  ordered: boolean;
  next: number;
}

/** Only links a reader can follow safely; anything else (javascript:, data:) keeps its text, not its target. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  return /^(https?:|mailto:|tel:)/i.test(trimmed) ? trimmed : undefined;
}

function sameMarks(a: Marks, b: Marks): boolean {
  return (
    !!a.bold === !!b.bold &&
    !!a.italic === !!b.italic &&
    !!a.underline === !!b.underline &&
    !!a.strike === !!b.strike &&
    a.href === b.href
  );
}

function cleanRuns(runs: PdfRun[]): PdfRun[] {
  // Trailing whitespace of the block goes, and so does whitespace before a line break.
  for (let i = runs.length - 1; i >= 0; i--) {
    const next = runs[i + 1];
    if (next && next.text !== '\n') break;
    if (runs[i]!.text === '\n') continue;
    runs[i]!.text = runs[i]!.text.replace(/ +$/, '');
    if (runs[i]!.text !== '') break;
  }
  const out: PdfRun[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const last = out[out.length - 1];
    if (last && sameMarks(last, run)) last.text += run.text;
    else out.push(run);
  }
  return out;
}

export function htmlToBlocks(html: string): PdfTextBlock[] {
  const blocks: PdfTextBlock[] = [];
  const marks = { bold: 0, italic: 0, underline: 0, strike: 0 };
  const hrefs: (string | undefined)[] = [];
  const lists: ListFrame[] = [];
  let quoteDepth = 0;
  let skipDepth = 0;
  let headingLevel: 1 | 2 | 3 | null = null;
  /** The block being filled, and whether an element (not stray text) opened it. */
  let current: PdfTextBlock | null = null;
  let explicit = false;
  /** The list item's block is open: a <p> inside it continues it instead of starting a new block. */
  let inListItem = false;

  const flush = () => {
    if (current) {
      current.runs = cleanRuns(current.runs);
      if (current.runs.length > 0 || explicit) blocks.push(current);
    }
    current = null;
    explicit = false;
  };

  const open = (block: PdfTextBlock, isExplicit: boolean) => {
    flush();
    current = block;
    explicit = isExplicit;
  };

  const implicitBlock = (): PdfTextBlock => {
    if (headingLevel) return { kind: 'heading', level: headingLevel, runs: [] };
    if (quoteDepth > 0) return { kind: 'quote', runs: [] };
    return { kind: 'paragraph', runs: [] };
  };

  const endsWithBreak = (block: PdfTextBlock): boolean => {
    const last = block.runs[block.runs.length - 1];
    return !last || last.text === '\n' || last.text.endsWith(' ');
  };

  const currentMarks = (): Marks => {
    const m: Marks = {};
    if (marks.bold) m.bold = true;
    if (marks.italic) m.italic = true;
    if (marks.underline) m.underline = true;
    if (marks.strike) m.strike = true;
    const href = hrefs.length ? hrefs[hrefs.length - 1] : undefined;
    if (href) m.href = href;
    return m;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (skipDepth > 0 || name === 'script' || name === 'style') {
          skipDepth++;
          return;
        }
        switch (name) {
          case 'p':
          case 'div':
            if (inListItem && current?.kind === 'listItem') {
              if (current.runs.length > 0) current.runs.push({ text: '\n' });
              return;
            }
            open(quoteDepth > 0 ? { kind: 'quote', runs: [] } : { kind: 'paragraph', runs: [] }, true);
            return;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6': {
            headingLevel = Math.min(3, Number(name[1])) as 1 | 2 | 3;
            open({ kind: 'heading', level: headingLevel, runs: [] }, true);
            return;
          }
          case 'blockquote':
            flush();
            quoteDepth++;
            return;
          case 'ul':
          case 'ol': {
            flush();
            inListItem = false;
            const start = Number.parseInt(attrs.start ?? '', 10);
            lists.push({ ordered: name === 'ol', next: Number.isFinite(start) ? start : 1 });
            return;
          }
          case 'li': {
            const list = lists[lists.length - 1] ?? { ordered: false, next: 1 };
            open(
              {
                kind: 'listItem',
                ordered: list.ordered,
                index: list.next++,
                depth: Math.max(0, lists.length - 1),
                runs: [],
              },
              true,
            );
            inListItem = true;
            return;
          }
          case 'br':
            if (!current) open(implicitBlock(), false);
            current!.runs.push({ text: '\n' });
            return;
          case 'strong':
          case 'b':
            marks.bold++;
            return;
          case 'em':
          case 'i':
            marks.italic++;
            return;
          case 'u':
            marks.underline++;
            return;
          case 's':
          case 'strike':
          case 'del':
            marks.strike++;
            return;
          case 'a':
            hrefs.push(safeHref(attrs.href));
            return;
          default:
            return;
        }
      },
      ontext(raw) {
        if (skipDepth > 0) return;
        let text = raw.replace(/[ \t\n\r\f]+/g, ' ');
        if (!current) {
          if (text.trim() === '') return;
          open(implicitBlock(), false);
        }
        const block = current!;
        if (endsWithBreak(block)) text = text.replace(/^ /, '');
        if (text === '') return;
        block.runs.push({ text, ...currentMarks() });
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        switch (name) {
          case 'p':
          case 'div':
            if (inListItem && current?.kind === 'listItem') return;
            flush();
            return;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            flush();
            headingLevel = null;
            return;
          case 'blockquote':
            flush();
            quoteDepth = Math.max(0, quoteDepth - 1);
            return;
          case 'li':
            flush();
            inListItem = false;
            return;
          case 'ul':
          case 'ol':
            flush();
            lists.pop();
            inListItem = false;
            return;
          case 'strong':
          case 'b':
            marks.bold = Math.max(0, marks.bold - 1);
            return;
          case 'em':
          case 'i':
            marks.italic = Math.max(0, marks.italic - 1);
            return;
          case 'u':
            marks.underline = Math.max(0, marks.underline - 1);
            return;
          case 's':
          case 'strike':
          case 'del':
            marks.strike = Math.max(0, marks.strike - 1);
            return;
          case 'a':
            hrefs.pop();
            return;
          default:
            return;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}

/** Plain text of runs (for tests and for a quick look at what a block says). */
export function runsText(runs: PdfRun[]): string {
  return runs.map((run) => run.text).join('');
}
