/** Runs of the model → pdfmake inline text, one inline per font (see fonts.ts). */
import type { Content } from './pdfmake-types';
import { BASE_FONT, splitByFont } from './fonts';
import { safeHref } from './html';
import type { PdfRun } from './model';

/** pdfmake's inline text node (a part of a `text` array). */
export interface Inline {
  text: string;
  font?: string;
  bold?: boolean;
  italics?: boolean;
  decoration?: ('underline' | 'lineThrough')[];
  link?: string;
  color?: string;
}

export const LINK_COLOR = '#1c64c8';

/** One run → inlines per font, carrying the run's marks. */
export function runInlines(run: PdfRun): Inline[] {
  const href = safeHref(run.href);
  const decoration: ('underline' | 'lineThrough')[] = [];
  if (run.underline || href) decoration.push('underline');
  if (run.strike) decoration.push('lineThrough');
  return splitByFont(run.text).map((segment) => {
    const inline: Inline = { text: segment.text };
    if (segment.font !== BASE_FONT) inline.font = segment.font;
    if (run.bold) inline.bold = true;
    if (run.italic) inline.italics = true;
    if (decoration.length) inline.decoration = decoration;
    if (href) {
      inline.link = href;
      inline.color = LINK_COLOR;
    }
    return inline;
  });
}

export function runsInlines(runs: PdfRun[]): Inline[] {
  return runs.flatMap(runInlines);
}

/** Plain text → a pdfmake text node whose parts each use a font that has their glyphs. */
export function text(value: string, style: Record<string, unknown> = {}): Content {
  const segments = splitByFont(value);
  // The common case — one run in the base font (the document's default) — stays a plain string: 300 rows of a
  // table make thousands of these, and every object is work for the layout.
  if (segments.length <= 1 && (segments[0]?.font ?? BASE_FONT) === BASE_FONT)
    return { text: value, ...style } as Content;
  return {
    text: segments.map((s) => (s.font === BASE_FONT ? { text: s.text } : { text: s.text, font: s.font })),
    ...style,
  } as Content;
}
