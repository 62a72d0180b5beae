/**
 * The document model → a pdfmake document definition: page 1 carries the full header (logo, business, title,
 * number, dates, status, brand colour rule) and the parties; later pages a slim running header; every page a
 * 'Page N of M' footer. Tables repeat their header row after a page break and never split a row.
 */
import type { Content, ContentTable, DynamicContent, TDocumentDefinitions, TableCell } from './pdfmake-types';
import { BASE_FONT, SIGNATURE_FONT, signatureFontCovers } from './fonts';
import { htmlToBlocks } from './html';
import { imageDataUrl } from './images';
import {
  DEFAULT_PDF_LABELS,
  type PdfBlock,
  type PdfDocumentModel,
  type PdfLabels,
  type PdfLineItem,
  type PdfRichText,
  type PdfSignatureLine,
  type PdfTextBlock,
} from './model';
import { runsInlines, text } from './text';

export const DEFAULT_BRAND_COLOR = '#228be6';
const MUTED = '#5f6b7a';
const RULE = '#d5dbe3';
const MARGIN_X = 40;
const CELL_PADDING_X = 4;

/** '#abc' / '#aabbcc' → '#aabbcc'; anything else → the default. */
export function brandColor(value: string | null | undefined): string {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((value ?? '').trim());
  if (!match) return DEFAULT_BRAND_COLOR;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return `#${hex.toLowerCase()}`;
}

function rgb(color: string): [number, number, number] {
  return [0, 1, 2].map((i) => Number.parseInt(color.slice(1 + i * 2, 3 + i * 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of '#rrggbb'. */
function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on the colour (a table header filled with the brand colour). */
export function textOn(color: string): string {
  return luminance(color) > 0.4 ? '#111111' : '#ffffff';
}

/**
 * The brand colour for text and thin rules on white paper: as is when it reads (contrast ≥ 3:1, WCAG's large-text
 * level), else darkened step by step until it does — a yellow brand gives dark-gold titles, not unreadable ones.
 */
export function readableOnWhite(color: string): string {
  let [r, g, b] = rgb(color);
  const hex = () => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  while (1.05 / (luminance(hex()) + 0.05) < 3) {
    r *= 0.9;
    g *= 0.9;
    b *= 0.9;
  }
  return hex();
}

interface Ctx {
  /** Fills (table header, rules). */
  brand: string;
  /** Text in the brand colour (title, status, headings): the brand darkened when too light to read on white. */
  brandText: string;
  labels: PdfLabels;
  /** Images are drawn only when true (a retry without them follows an image pdfkit could not read). */
  images: boolean;
  contentWidth: number;
}

// ---- rich text -------------------------------------------------------------------------------------------

function textBlocks(content: PdfRichText): PdfTextBlock[] {
  return 'html' in content ? htmlToBlocks(content.html) : content.blocks;
}

const HEADING_SIZES = { 1: 15, 2: 13, 3: 11.5 } as const;

function textBlockContent(block: PdfTextBlock, ctx: Ctx): Content {
  const inlines = runsInlines(block.runs);
  const body = inlines.length ? inlines : ' ';
  switch (block.kind) {
    case 'heading':
      return { text: body, bold: true, fontSize: HEADING_SIZES[block.level], margin: [0, 6, 0, 4] } as Content;
    case 'listItem':
      return {
        columns: [
          { width: 16, text: block.ordered ? `${block.index}.` : '•' },
          { width: '*', text: body },
        ],
        columnGap: 2,
        margin: [block.depth * 16, 0, 0, 3],
      } as Content;
    case 'quote':
      return {
        table: { widths: ['*'], body: [[{ text: body, italics: true, color: MUTED }]] },
        layout: {
          vLineWidth: (i: number) => (i === 0 ? 2 : 0),
          hLineWidth: () => 0,
          vLineColor: () => ctx.brand,
          paddingLeft: () => 8,
        },
        margin: [0, 0, 0, 6],
      } as Content;
    default:
      return { text: body, margin: [0, 0, 0, 6] } as Content;
  }
}

function richText(content: PdfRichText, ctx: Ctx): Content[] {
  return textBlocks(content).map((block) => textBlockContent(block, ctx));
}

// ---- header, parties, footer -----------------------------------------------------------------------------

function firstPageHeader(model: PdfDocumentModel, ctx: Ctx): Content[] {
  const { business, header } = model;
  const logo = ctx.images ? imageDataUrl(business.logo) : null;
  const left: Content[] = [];
  if (logo) left.push({ image: logo, fit: [140, 56], margin: [0, 0, 0, 6] });
  left.push(text(business.name, { bold: true, fontSize: 13 }));
  for (const line of business.addressLines ?? []) left.push(text(line, { fontSize: 9, color: MUTED }));

  const right: Content[] = [text(header.title, { bold: true, fontSize: 20, color: ctx.brandText, alignment: 'right' })];
  if (header.number) right.push(text(header.number, { fontSize: 11, alignment: 'right', margin: [0, 2, 0, 4] }));
  for (const date of header.dates ?? []) {
    right.push({
      text: [...runsInlines([{ text: `${date.label}: `, bold: true }]), ...runsInlines([{ text: date.value }])],
      fontSize: 9,
      alignment: 'right',
    } as Content);
  }
  if (header.status) {
    right.push(
      text(header.status.toUpperCase(), {
        bold: true,
        fontSize: 9,
        color: ctx.brandText,
        alignment: 'right',
        margin: [0, 4, 0, 0],
      }),
    );
  }
  return [
    {
      columns: [
        { width: '*', stack: left },
        { width: 'auto', stack: right },
      ],
      columnGap: 16,
    },
    rule(ctx.brand, 2, ctx.contentWidth, [0, 10, 0, 14]),
  ];
}

function rule(color: string, width: number, length: number, margin: [number, number, number, number]): Content {
  return { canvas: [{ type: 'line', x1: 0, y1: 0, x2: length, y2: 0, lineWidth: width, lineColor: color }], margin };
}

function parties(model: PdfDocumentModel): Content[] {
  const list = model.parties ?? [];
  if (!list.length) return [];
  return [
    {
      columns: list.map((party) => ({
        width: '*',
        stack: [
          text(party.label.toUpperCase(), { fontSize: 8, bold: true, color: MUTED, margin: [0, 0, 0, 2] }),
          text(party.name, { bold: true }),
          ...(party.lines ?? []).map((line) => text(line, { fontSize: 9 })),
        ],
      })),
      columnGap: 16,
      margin: [0, 0, 0, 16],
    } as Content,
  ];
}

function runningHeader(model: PdfDocumentModel, ctx: Ctx): DynamicContent {
  const title = [model.header.title, model.header.number].filter(Boolean).join(' · ');
  return (currentPage) => {
    if (currentPage === 1) return null;
    return {
      margin: [MARGIN_X, 20, MARGIN_X, 0],
      stack: [
        {
          columns: [
            text(model.business.name, { fontSize: 8, bold: true }),
            text(title, { fontSize: 8, color: MUTED, alignment: 'right' }),
          ],
        },
        rule(ctx.brand, 1, ctx.contentWidth, [0, 4, 0, 0]),
      ],
    } as Content;
  };
}

function footer(ctx: Ctx): DynamicContent {
  return (currentPage, pageCount) =>
    text(ctx.labels.page.replace('{n}', String(currentPage)).replace('{m}', String(pageCount)), {
      fontSize: 8,
      color: MUTED,
      alignment: 'right',
      margin: [MARGIN_X, 14, MARGIN_X, 0],
    });
}

// ---- blocks ----------------------------------------------------------------------------------------------

function heading(value: string, level: 1 | 2 | 3, ctx: Ctx): Content {
  return text(value, {
    bold: true,
    fontSize: HEADING_SIZES[level],
    color: level === 1 ? ctx.brandText : undefined,
    margin: [0, 8, 0, 4],
  });
}

/** Table layout: header row filled with the brand colour, thin rules between rows, no vertical lines. */
function tableLayout(ctx: Ctx) {
  return {
    hLineWidth: (i: number, node: ContentTable) => (i === 0 || i === node.table.body.length ? 0 : 0.5),
    vLineWidth: () => 0,
    hLineColor: () => RULE,
    fillColor: (row: number) => (row === 0 ? ctx.brand : null),
    paddingLeft: () => CELL_PADDING_X,
    paddingRight: () => CELL_PADDING_X,
    paddingTop: () => 4,
    paddingBottom: () => 4,
  };
}

function headerCell(label: string, ctx: Ctx, alignment: 'left' | 'right' = 'left'): TableCell {
  return text(label, { bold: true, fontSize: 9, color: textOn(ctx.brand), alignment }) as TableCell;
}

/** Lines of a description chunk: well under a page (≈ 55 lines of 9 pt), so a row always fits. */
const CHUNK_LINES = 24;
/** Width units per line of the description column (a Latin letter 1, a CJK one 2): low, so lines are overestimated. */
const UNITS_PER_LINE = 40;
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

function units(text: string): number {
  let n = 0;
  for (const char of text) n += WIDE.test(char) ? 2 : 1;
  return n;
}

/**
 * A description cut into pieces that each fit in CHUNK_LINES lines (estimated), at line ends, else at spaces,
 * else anywhere. One piece for any ordinary description.
 */
export function descriptionChunks(description: string): string[] {
  const budget = CHUNK_LINES * UNITS_PER_LINE;
  if (units(description) <= UNITS_PER_LINE * 4 && !description.includes('\n')) return [description];
  // Pieces of at most one budget: lines, and over-long lines cut at a space near the budget (or hard).
  const pieces: string[] = [];
  for (const line of description.split('\n')) {
    let rest = line;
    while (units(rest) > budget) {
      let cut = 0;
      let used = 0;
      for (const char of rest) {
        used += WIDE.test(char) ? 2 : 1;
        if (used > budget) break;
        cut += char.length;
      }
      const space = rest.lastIndexOf(' ', cut);
      const at = space > cut / 2 ? space : cut;
      pieces.push(rest.slice(0, at));
      rest = rest.slice(at).replace(/^ /, '');
    }
    pieces.push(rest);
  }
  // Then as many pieces per chunk as fit in its lines.
  const chunks: string[] = [];
  let current: string[] = [];
  let lines = 0;
  for (const piece of pieces) {
    const pieceLines = Math.max(1, Math.ceil(units(piece) / UNITS_PER_LINE));
    if (current.length && lines + pieceLines > CHUNK_LINES) {
      chunks.push(current.join('\n'));
      current = [];
      lines = 0;
    }
    current.push(piece);
    lines += pieceLines;
  }
  chunks.push(current.join('\n'));
  return chunks;
}

function lineItems(block: Extract<PdfBlock, { type: 'lineItems' }>, ctx: Ctx): Content {
  const showDiscount = block.showDiscount ?? block.items.some((item) => !!item.discount);
  const showTax = block.showTax ?? block.items.some((item) => !!item.tax);
  const columns: { label: string; width: number | string; value: (item: PdfLineItem) => string; right: boolean }[] = [
    { label: ctx.labels.description, width: '*', value: (i) => i.description, right: false },
    { label: ctx.labels.quantity, width: 36, value: (i) => i.quantity, right: true },
    { label: ctx.labels.unitPrice, width: 68, value: (i) => i.unitPrice, right: true },
  ];
  if (showDiscount)
    columns.push({ label: ctx.labels.discount, width: 56, value: (i) => i.discount ?? '', right: true });
  if (showTax) columns.push({ label: ctx.labels.tax, width: 60, value: (i) => i.tax ?? '', right: true });
  columns.push({ label: ctx.labels.amount, width: 72, value: (i) => i.amount, right: true });

  // Fixed widths: with '*' pdfmake would widen the description to its longest unbreakable word and push the
  // amounts off the page; with a fixed width that word is wrapped instead.
  const fixed = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
  const widths = columns.map((c) =>
    typeof c.width === 'number' ? c.width : ctx.contentWidth - fixed - columns.length * 2 * CELL_PADDING_X,
  );
  const head = columns.map((c) => headerCell(c.label, ctx, c.right ? 'right' : 'left'));
  // A row is never split across pages — so a description taller than a page would vanish (pdfmake drops the
  // row): such a description continues in rows of its own below its item.
  const rows = block.items.flatMap((item) =>
    descriptionChunks(item.description).map((chunk, i) =>
      columns.map(
        (c, col) =>
          text(col === 0 ? chunk : i === 0 ? c.value(item) : '', {
            fontSize: 9,
            alignment: c.right ? 'right' : 'left',
          }) as TableCell,
      ),
    ),
  );
  return {
    table: { headerRows: 1, dontBreakRows: true, widths, body: [head, ...rows] },
    layout: tableLayout(ctx),
    margin: [0, 4, 0, 8],
  } as Content;
}

function totals(block: Extract<PdfBlock, { type: 'totals' }>, ctx: Ctx): Content {
  const emphasised = new Set(block.rows.flatMap((row, i) => (row.emphasis ? [i] : [])));
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: {
          widths: [130, 90],
          body: block.rows.map((row) => {
            const style = { bold: !!row.emphasis, fontSize: row.emphasis ? 11 : 9.5 };
            return [text(row.label, style), text(row.value, { ...style, alignment: 'right' })];
          }),
        },
        layout: {
          hLineWidth: (i: number) => (emphasised.has(i) ? 1.5 : 0),
          hLineColor: () => ctx.brand,
          vLineWidth: () => 0,
          paddingTop: () => 3,
          paddingBottom: () => 3,
        },
      },
    ],
    unbreakable: true,
    margin: [0, 0, 0, 12],
  } as Content;
}

function paymentSchedule(block: Extract<PdfBlock, { type: 'paymentSchedule' }>, ctx: Ctx): Content[] {
  const withStatus = block.instalments.some((i) => !!i.status);
  const head = [
    headerCell(ctx.labels.description, ctx),
    headerCell(ctx.labels.date, ctx),
    ...(withStatus ? [headerCell('', ctx)] : []),
    headerCell(ctx.labels.amount, ctx, 'right'),
  ];
  const rows = block.instalments.map((i) => [
    text(i.label, { fontSize: 9 }),
    text(i.dueDate, { fontSize: 9 }),
    ...(withStatus ? [text(i.status ?? '', { fontSize: 9, color: MUTED })] : []),
    text(i.amount, { fontSize: 9, alignment: 'right' }),
  ]);
  return [
    heading(block.title ?? ctx.labels.paymentSchedule, 2, ctx),
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [
          ctx.contentWidth - 180 - (withStatus ? 70 : 0) - (withStatus ? 4 : 3) * 2 * CELL_PADDING_X,
          100,
          ...(withStatus ? [70] : []),
          80,
        ],
        body: [head, ...rows],
      },
      layout: tableLayout(ctx),
      margin: [0, 0, 0, 12],
    } as Content,
  ];
}

/** '1' or '1.' or '1)' + 'Title' → '1. Title' / '1) Title'. */
function numbered(number: string | undefined, title: string): string {
  const n = number?.trim();
  if (!n) return title;
  return /[.)]$/.test(n) ? `${n} ${title}` : `${n}. ${title}`;
}

function question(block: Extract<PdfBlock, { type: 'question' }>, ctx: Ctx): Content {
  const label = `${numbered(block.number, block.question)}${block.required ? ' *' : ''}`;
  const answers = block.answer === null ? [] : Array.isArray(block.answer) ? block.answer : [block.answer];
  const filled = answers.filter((a) => a.trim() !== '');
  const answer: Content[] = !filled.length
    ? [text(ctx.labels.noAnswer, { italics: true, color: MUTED })]
    : Array.isArray(block.answer)
      ? filled.map(
          (a) =>
            ({
              columns: [
                { width: 12, text: '•' },
                { width: '*', ...(text(a) as object) },
              ],
            }) as Content,
        )
      : [text(filled[0]!)];
  return { stack: [text(label, { bold: true, margin: [0, 0, 0, 2] }), ...answer], margin: [0, 0, 0, 10] };
}

const SIGNATURE_HEIGHT = 44;
const NO_BORDERS_NO_PADDING = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: () => 0,
  paddingBottom: () => 0,
};

/** A typed signature in the handwriting face when it has every letter, else in the document font's italics. */
function typedSignature(value: string | null | undefined, width: number): Content | string {
  const name = value?.trim();
  if (!name) return '';
  // One line in the signing space: a long name gets a smaller size (about half an em per letter).
  const fontSize = Math.max(9, Math.min(24, width / (Math.max(1, [...name].length) * 0.5)));
  const style = { lineHeight: 1, margin: [0, Math.max(0, 30 - fontSize), 0, 0] };
  return signatureFontCovers(name)
    ? ({ text: name, font: SIGNATURE_FONT, fontSize, ...style } as Content)
    : text(name, { ...style, fontSize: Math.min(18, fontSize), italics: true });
}

function signatures(lines: PdfSignatureLine[], ctx: Ctx): Content {
  const width = Math.min(200, (ctx.contentWidth - 24 * (lines.length - 1)) / Math.max(1, lines.length));
  return {
    columns: lines.map((line) => {
      const image = ctx.images ? imageDataUrl(line.image) : null;
      const stack: Content[] = [
        // The signing space is one fixed height, image or not, so the lines of a row stay level.
        {
          table: {
            widths: [width],
            heights: [SIGNATURE_HEIGHT],
            body: [[image ? { image, fit: [width, SIGNATURE_HEIGHT] } : typedSignature(line.typed, width)]],
          },
          layout: NO_BORDERS_NO_PADDING,
          margin: [0, 0, 0, 2],
        },
        rule('#333333', 0.75, width, [0, 0, 0, 3]),
        ...(line.name ? [text(line.name, { bold: true, fontSize: 9.5 })] : []),
        text(line.role, { fontSize: 9, color: MUTED }),
        ...(line.date ? [text(`${ctx.labels.date}: ${line.date}`, { fontSize: 9, color: MUTED })] : []),
      ];
      return { width, stack };
    }),
    columnGap: 24,
    unbreakable: true,
    margin: [0, 24, 0, 12],
  } as Content;
}

function blockContent(block: PdfBlock, ctx: Ctx): Content[] {
  switch (block.type) {
    case 'heading':
      return [heading(block.text, block.level ?? 1, ctx)];
    case 'richText':
      return richText(block.content, ctx);
    case 'clause':
      return [heading(numbered(block.number, block.title), 3, ctx), ...richText(block.content, ctx)];
    case 'question':
      return [question(block, ctx)];
    case 'lineItems':
      return [lineItems(block, ctx)];
    case 'totals':
      return [totals(block, ctx)];
    case 'paymentSchedule':
      return paymentSchedule(block, ctx);
    case 'notes':
      return [
        heading(block.title ?? ctx.labels.notes, 3, ctx),
        ...(typeof block.content === 'string'
          ? [text(block.content, { margin: [0, 0, 0, 6] })]
          : richText(block.content, ctx)),
      ];
    case 'signatures':
      return [signatures(block.lines, ctx)];
    case 'pageBreak':
      return [{ text: '', pageBreak: 'after' }];
  }
}

const PAGE_WIDTH = { A4: 595.28, LETTER: 612 } as const;

export function documentDefinition(model: PdfDocumentModel, options: { images: boolean }): TDocumentDefinitions {
  const pageSize = model.pageSize ?? 'A4';
  const brand = brandColor(model.business.brandColor);
  const ctx: Ctx = {
    brand,
    brandText: readableOnWhite(brand),
    labels: { ...DEFAULT_PDF_LABELS, ...model.labels },
    images: options.images,
    contentWidth: PAGE_WIDTH[pageSize] - 2 * MARGIN_X,
  };
  return {
    pageSize,
    pageMargins: [MARGIN_X, 50, MARGIN_X, 45],
    language: model.language ?? 'en',
    info: {
      title: [model.header.title, model.header.number].filter(Boolean).join(' '),
      author: model.business.name,
      creator: 'Atrium',
      producer: 'Atrium',
    },
    header: runningHeader(model, ctx),
    footer: footer(ctx),
    defaultStyle: { font: BASE_FONT, fontSize: 10, lineHeight: 1.2 },
    content: [
      ...firstPageHeader(model, ctx),
      ...parties(model),
      ...model.blocks.flatMap((block) => blockContent(block, ctx)),
    ],
  };
}
