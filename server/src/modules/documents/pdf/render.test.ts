import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brandColor, descriptionChunks, readableOnWhite, textOn } from './document';
import { splitByFont } from './fonts';
import { renderDocumentPdf, type PdfDocumentModel } from './index';
import { sampleInvoice, sampleLineItems } from './sample';

interface ReadPdf {
  pages: number;
  info: { Title?: string; Author?: string; Language?: string };
  page: { text: string; width: number; height: number; right: number }[];
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Renders the model and reads the PDF back with pdfjs-dist (read-pdf.mjs, in a child process). */
async function renderAndRead(model: PdfDocumentModel): Promise<{ pdf: Uint8Array; read: ReadPdf }> {
  const pdf = await renderDocumentPdf(model);
  const file = path.join(dir, `doc-${++n}.pdf`);
  writeFileSync(file, pdf);
  const out = execFileSync(process.execPath, [path.join(__dirname, 'read-pdf.mjs'), file], { encoding: 'utf8' });
  return { pdf, read: JSON.parse(out) as ReadPdf };
}

const raw = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1');
const flat = (text: string) => text.replace(/\s+/g, '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A 1×1 PNG. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function small(blocks: PdfDocumentModel['blocks'], extra: Partial<PdfDocumentModel> = {}): PdfDocumentModel {
  return {
    business: { name: 'Lumière Studio', brandColor: '#0b7285' },
    header: { title: 'Contract', type: 'contract', number: 'C-7' },
    blocks,
    ...extra,
  };
}

// Layout of 300 rows on a busy CI machine: generous, the benchmark is where speed is measured.
jest.setTimeout(60_000);

describe('renderDocumentPdf', () => {
  it('renders an invoice whose text reads back: title, number, parties in Cyrillic, CJK and Korean, totals, page numbers', async () => {
    const { pdf, read } = await renderAndRead(sampleInvoice(6));
    expect(raw(pdf).startsWith('%PDF-')).toBe(true);
    expect(read.pages).toBe(1);
    const text = read.page[0]!.text;
    for (const expected of [
      'Lumière Studio',
      'Invoice',
      'INV-0042',
      'Due: 11 Dec 2026',
      'SENT',
      'Анна Смирнова',
      'Фотосессия в студии (2 часа)',
      '東京での撮影 — ロケーション費用',
      'Άλμπουμ φωτογραφιών, 30 σελίδες',
      '서울 스튜디오 대여',
      'Total due',
      '€108,864.00',
      'Payment schedule',
      'Deposit (30%)',
      'Bank transfer',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(read.info).toMatchObject({ Title: 'Invoice INV-0042', Author: 'Lumière Studio', Language: 'en' });
    expect(read.page[0]!.width).toBeCloseTo(595.28, 1);
  });

  it('embeds subsets of the fonts, one per script family used', async () => {
    const { pdf } = await renderAndRead(sampleInvoice(6));
    const fonts = [...new Set(raw(pdf).match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g))].map((f) => f.split('+')[1]);
    expect(fonts).toEqual(
      expect.arrayContaining(['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansSC-Regular', 'NotoSansKR-Regular']),
    );
    expect(raw(pdf)).toContain('/FontFile2');
    // Subsets: the Chinese font alone is 10 MB.
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('lays 300 line items over pages: header row repeated, no row split or lost, Page N of M on every page', async () => {
    const { read } = await renderAndRead(sampleInvoice(300));
    expect(read.pages).toBe(13);
    read.page.forEach((page, i) => {
      expect(page.text).toContain(`Page ${i + 1} of 13`);
      expect(page.text).toContain('Description');
      expect(page.right).toBeLessThanOrEqual(page.width - 39);
    });
    expect(read.page[1]!.text).toContain('Lumière Studio'); // the running header
    // Each row's description is whole on one page, and every row is there once.
    const all = read.page.map((p) => flat(p.text));
    const notOnExactlyOnePage = sampleLineItems(300).filter((item) => {
      // Not the tail of a longer row number ('21. …' holds '1. …'); a price's cents ('€108.00') may come before.
      const row = new RegExp(`(?<=^|[^0-9]|\\.[0-9]{2})${escapeRegExp(flat(Object.values(item).join('')))}`);
      return all.filter((page) => row.test(page)).length !== 1;
    });
    expect(notOnExactlyOnePage).toEqual([]);
    expect(read.page[12]!.text).toContain('€108,864.00');
  });

  it('renders rich text from tiptap HTML: headings, marks, lists, quotes, and a clickable link', async () => {
    const html =
      '<h2>Scope</h2><p>We <strong>deliver</strong> <em>edited</em> <u>photos</u> — see <a href="https://lumiere.example/terms">our terms</a>.</p>' +
      '<ol><li><p>Ceremony</p></li><li><p>Reception</p></li></ol><ul><li><p>Drone shots</p></li></ul><blockquote><p>Memories last.</p></blockquote>';
    const { pdf, read } = await renderAndRead(
      small([{ type: 'clause', number: '1', title: 'Services', content: { html } }]),
    );
    const text = read.page[0]!.text;
    for (const expected of [
      '1. Services',
      'Scope',
      'We deliver edited photos',
      'our terms',
      '1.',
      'Ceremony',
      '2.',
      'Reception',
      '•',
      'Drone shots',
      'Memories last.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(raw(pdf)).toContain('/URI (https://lumiere.example/terms)');
  });

  it('wraps a long word instead of running off the page', async () => {
    const word = 'Supercalifragilistic'.repeat(15);
    const { read } = await renderAndRead(
      small([
        { type: 'richText', content: { blocks: [{ kind: 'paragraph', runs: [{ text: word }] }] } },
        { type: 'lineItems', items: [{ description: word, quantity: '1', unitPrice: '$1.00', amount: '$1.00' }] },
      ]),
    );
    const page = read.page[0]!;
    expect(flat(page.text).split(word)).toHaveLength(3);
    expect(page.right).toBeLessThanOrEqual(page.width - 39);
    expect(page.text).toContain('$1.00');
  });

  it('keeps a description taller than a page: it continues in rows of its own instead of vanishing', async () => {
    const long = Array.from({ length: 900 }, (_, i) => `word${i}`).join(' ');
    const { read } = await renderAndRead(
      small([
        {
          type: 'lineItems',
          items: ['short', long, 'after'].map((description) => ({
            description,
            quantity: '1',
            unitPrice: '$5.00',
            amount: '$5.00',
          })),
        },
      ]),
    );
    const words = new Set(read.page.flatMap((p) => p.text.match(/word\d+/g) ?? []));
    expect(words.size).toBe(900);
    const all = read.page.map((p) => p.text).join('\n');
    expect(all).toContain('after');
    expect(all.match(/\$5\.00/g)).toHaveLength(6); // unit price and amount of each item, once
    expect(read.pages).toBeGreaterThan(1);
  });

  it('renders a questionnaire: answers, lists of choices, No answer, page breaks, signatures, Letter size', async () => {
    const { read } = await renderAndRead(
      small(
        [
          { type: 'question', number: '1', question: 'Venue', answer: 'Château de Versailles', required: true },
          { type: 'question', number: '2.', question: 'Extras', answer: ['Album', 'Drone'] },
          { type: 'question', number: '3', question: 'Dietary needs', answer: null },
          { type: 'pageBreak' },
          { type: 'heading', text: 'Signatures' },
          {
            type: 'signatures',
            lines: [
              { role: 'Business owner', name: 'Marie Curie', date: '27 Nov 2026' },
              { role: 'Client', name: '李小龙' },
            ],
          },
        ],
        { pageSize: 'LETTER', header: { title: 'Questionnaire', type: 'questionnaire' } },
      ),
    );
    expect(read.pages).toBe(2);
    expect(read.page[0]!.width).toBe(612);
    const [first, second] = [read.page[0]!.text, read.page[1]!.text];
    expect(first).toContain('1. Venue *');
    expect(first).toContain('Château de Versailles');
    expect(first).toContain('2. Extras');
    expect(first).not.toContain('2..');
    expect(first).toContain('Album');
    expect(first).toContain('Drone');
    expect(first).toContain('No answer');
    expect(first).toContain('Page 1 of 2');
    expect(second).toContain('Marie Curie');
    expect(second).toContain('李小龙');
    expect(second).toContain('Date: 27 Nov 2026');
    expect(second).toContain('Page 2 of 2');
  });

  it('draws a good logo and skips a bad one instead of failing', async () => {
    const good = await renderAndRead(
      small([], { business: { name: 'Logo Co', logo: `data:image/png;base64,${PNG_1PX}` } }),
    );
    expect(raw(good.pdf)).toContain('/Subtype /Image');

    const corruptPng = Buffer.concat([Buffer.from(PNG_1PX, 'base64').subarray(0, 16), Buffer.alloc(40, 7)]);
    for (const logo of [
      'data:image/png;base64,!!!',
      'data:text/html;base64,PGgxPg==',
      new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      corruptPng,
    ]) {
      const bad = await renderAndRead(
        small([{ type: 'heading', text: 'Still here' }], { business: { name: 'Logo Co', logo } }),
      );
      expect(bad.read.page[0]!.text).toContain('Still here');
      expect(raw(bad.pdf)).not.toContain('/Subtype /Image');
    }
  });

  it('draws a signature image and turns only safe links into link annotations', async () => {
    const { pdf, read } = await renderAndRead(
      small([
        {
          type: 'richText',
          content: { blocks: [{ kind: 'paragraph', runs: [{ text: 'click me', href: 'javascript:alert(1)' }] }] },
        },
        { type: 'signatures', lines: [{ role: 'Client', name: 'Ada', image: Buffer.from(PNG_1PX, 'base64') }] },
      ]),
    );
    expect(read.page[0]!.text).toContain('click me');
    expect(raw(pdf)).not.toContain('javascript');
    expect(raw(pdf)).toContain('/Subtype /Image');
  });

  it('renders documents concurrently, each with its own text', async () => {
    const names = ['Алексей', '王小明', '김민준'];
    const pdfs = await Promise.all(
      names.map((name, i) => renderAndRead({ ...sampleInvoice(40 + i), parties: [{ label: 'Bill to', name }] })),
    );
    pdfs.forEach(({ read }, i) => {
      const text = read.page.map((p) => p.text).join('\n');
      expect(text).toContain(names[i]);
      names.filter((_, j) => j !== i).forEach((other) => expect(text).not.toContain(other));
      expect(flat(text)).toContain(flat(sampleLineItems(40 + i).at(-1)!.description)); // its last row
    });
  });

  it('lets a document pass its own labels', async () => {
    const { read } = await renderAndRead({
      ...sampleInvoice(2),
      labels: { description: 'Beschreibung', amount: 'Betrag', page: 'Seite {n} von {m}' },
    });
    expect(read.page[0]!.text).toContain('Beschreibung');
    expect(read.page[0]!.text).toContain('Seite 1 von 1');
  });
});

describe('splitByFont', () => {
  it('gives each script a font that has its glyphs, keeping spaces and digits in the run they are in', () => {
    expect(splitByFont('Привет Αθήνα 東京 2026 서울!')).toEqual([
      { text: 'Привет Αθήνα ', font: 'NotoSans' },
      { text: '東京 2026 ', font: 'NotoSansSC' },
      { text: '서울!', font: 'NotoSansKR' },
    ]);
    expect(splitByFont('ひらがな and ABC')).toEqual([
      { text: 'ひらがな ', font: 'NotoSansSC' },
      { text: 'and ABC', font: 'NotoSans' },
    ]);
    expect(splitByFont('')).toEqual([]);
  });
});

describe('colours', () => {
  it('accepts #rgb and #rrggbb, falls back on anything else, and picks a readable text colour', () => {
    expect(brandColor('#ABC')).toBe('#aabbcc');
    expect(brandColor('7048e8')).toBe('#7048e8');
    expect(brandColor('red; evil')).toBe('#228be6');
    expect(brandColor(null)).toBe('#228be6');
    expect(textOn('#ffd43b')).toBe('#111111');
    expect(textOn('#1c3d5a')).toBe('#ffffff');
    // Brand-coloured text on paper: a dark brand as is, a light one darkened until it reads (≥ 3:1 on white).
    expect(readableOnWhite('#1c3d5a')).toBe('#1c3d5a');
    const gold = readableOnWhite('#ffd43b');
    expect(gold).not.toBe('#ffd43b');
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(gold.slice(i, i + 2), 16) / 255);
    expect(r! > g! && g! > b!).toBe(true); // still the same hue family
    expect(readableOnWhite('#ffffff')).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('descriptionChunks', () => {
  it('leaves an ordinary description whole', () => {
    expect(descriptionChunks('Wedding photography — full day')).toEqual(['Wedding photography — full day']);
    expect(descriptionChunks('Line one\nLine two')).toEqual(['Line one\nLine two']);
  });

  it('cuts a very long one at spaces, line ends, or hard inside one long word, losing nothing', () => {
    const words = Array.from({ length: 900 }, (_, i) => `w${i}`).join(' ');
    const chunks = descriptionChunks(words);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join(' ')).toBe(words);
    const word = 'x'.repeat(3000);
    expect(descriptionChunks(word).join('')).toBe(word);
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    expect(descriptionChunks(lines).join('\n')).toBe(lines);
    const cjk = '東京'.repeat(1500);
    expect(descriptionChunks(cjk).length).toBeGreaterThan(descriptionChunks('ab'.repeat(1500)).length);
  });
});
