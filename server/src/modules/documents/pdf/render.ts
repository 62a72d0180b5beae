/**
 * The document renderer itself, on the thread that calls it: pdfmake (pdfkit underneath) lays out the document;
 * fonts come from npm packages through a read-only virtual file system (fonts.ts), are embedded as subsets, and
 * text stays selectable. No network and no local file access from a document: URLs and paths in it are refused.
 * The API calls it in a worker thread (src/workers/pdf-worker.ts) through `renderDocumentPdf` (./index.ts).
 */
// pdfmake's Node entry: a CommonJS singleton (no types of its own).
// @ts-expect-error -- untyped package, used through PdfmakeEngine
import pdfmake from 'pdfmake';
import type { PdfmakeEngine, TFontDictionary } from './pdfmake-types';
import { documentDefinition } from './document';
import {
  type FontFamily,
  FALLBACK_ORDER,
  fontBytes,
  fontKey,
  SIGNATURE_FONT,
  SIGNATURE_FONT_KEY,
  signatureFontBytes,
} from './fonts';
import type { PdfDocumentModel } from './model';

const STYLES = ['normal', 'bold', 'italics', 'bolditalics'] as const;

/** 'NotoSansSC-bold.ttf' → its bytes, read from node_modules the first time a document uses it. */
const fontsByKey = new Map<string, { family: FontFamily; style: (typeof STYLES)[number] }>(
  FALLBACK_ORDER.flatMap((family) => STYLES.map((style) => [fontKey(family, style), { family, style }] as const)),
);

let engine: PdfmakeEngine | null = null;

function pdfEngine(): PdfmakeEngine {
  if (engine) return engine;
  const e = pdfmake as unknown as PdfmakeEngine;
  e.virtualfs = {
    existsSync: (name) => fontsByKey.has(name) || name === SIGNATURE_FONT_KEY,
    readFileSync: (name) => {
      if (name === SIGNATURE_FONT_KEY) return signatureFontBytes();
      const font = fontsByKey.get(name);
      if (!font) throw new Error(`Unknown PDF font ${name}`);
      return fontBytes(font.family, font.style);
    },
    writeFileSync: () => {
      throw new Error('The PDF renderer downloads nothing');
    },
  };
  e.setFonts({
    ...Object.fromEntries(
      FALLBACK_ORDER.map((family) => [
        family,
        Object.fromEntries(STYLES.map((style) => [style, fontKey(family, style)])),
      ]),
    ),
    // The typed signature's face has one style.
    [SIGNATURE_FONT]: Object.fromEntries(STYLES.map((style) => [style, SIGNATURE_FONT_KEY])),
  } as unknown as TFontDictionary);
  e.setUrlAccessPolicy(() => false);
  e.setLocalAccessPolicy(() => false);
  engine = e;
  return e;
}

async function render(model: PdfDocumentModel, images: boolean): Promise<Uint8Array> {
  const buffer = await pdfEngine().createPdf(documentDefinition(model, { images })).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

function hasImages(model: PdfDocumentModel): boolean {
  return (
    !!model.business.logo ||
    model.blocks.some((block) => block.type === 'signatures' && block.lines.some((line) => !!line.image))
  );
}

/**
 * Renders the document. An image that looks like PNG/JPEG but that pdfkit cannot read makes the first try
 * throw: the document is then rendered again without images rather than failing.
 */
export async function renderDocumentPdfHere(model: PdfDocumentModel): Promise<Uint8Array> {
  try {
    return await render(model, true);
  } catch (error) {
    if (!hasImages(model)) throw error;
    return render(model, false);
  }
}
