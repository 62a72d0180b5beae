/**
 * Fonts for the document PDF, all from npm packages (SIL Open Font License 1.1, redistributable), so a fresh
 * machine with only Node and npm renders every script the same way:
 *
 * - Noto Sans (@expo-google-fonts/noto-sans): Latin, Greek, Cyrillic, with bold/italic/bold italic;
 * - Noto Sans SC (@expo-google-fonts/noto-sans-sc): Chinese ideographs, Japanese kana, CJK punctuation;
 * - Noto Sans KR (@expo-google-fonts/noto-sans-kr): Hangul.
 *
 * A glyph missing from a font vanishes silently in a PDF, so text is split into runs per font (`splitByFont`):
 * every letter goes to the first font of FALLBACK_ORDER that has it; spaces, digits and punctuation stay in the
 * font of the run they are in when it has them. pdfkit embeds only the glyphs used (a subset), so a page of
 * Chinese adds tens of KB, not the 10 MB font. The CJK files are read only when a text needs them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

export type FontFamily = 'NotoSans' | 'NotoSansSC' | 'NotoSansKR';

/** The document's default font (Latin, Greek, Cyrillic). */
export const BASE_FONT: FontFamily = 'NotoSans';

/** Tried in this order for every letter. */
export const FALLBACK_ORDER: readonly FontFamily[] = ['NotoSans', 'NotoSansSC', 'NotoSansKR'];

type Style = 'normal' | 'bold' | 'italics' | 'bolditalics';

/** Package-relative TTF paths per family and style; CJK families have no italics, their upright face is used. */
const FILES: Record<FontFamily, Record<Style, string>> = {
  NotoSans: {
    normal: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    italics: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
    bolditalics: '@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf',
  },
  NotoSansSC: {
    normal: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
    italics: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bolditalics: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  NotoSansKR: {
    normal: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
    italics: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bolditalics: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
};

const requireFromHere = createRequire(import.meta.url);

/**
 * fontkit as pdfkit loads it (its CommonJS build: the module instance pdfkit calls). pdfkit parses each font
 * afresh for every document (`fontkit.create(bytes)`), and decoding the tables of the CJK fonts (cmap, metrics,
 * GSUB/GPOS) costs more than laying out ten pages. Decoded tables are read-only data, so for our own font files
 * they are decoded once per process and shared by every parse of the same bytes: TrueType's `_getTable` is
 * wrapped to look in that cache first. Any other font goes through fontkit unchanged.
 */
const fontkit = requireFromHere('fontkit') as typeof Fontkit;
type TableEntry = { tag: string };
type TrueTypeFont = Fontkit.Font & { stream: { buffer: Uint8Array }; _getTable(table: TableEntry): unknown };
const sharedTables = new WeakMap<Uint8Array, Record<string, unknown>>();
let tableCacheInstalled = false;

function installTableCache(sample: Buffer): void {
  if (tableCacheInstalled) return;
  tableCacheInstalled = true;
  const proto = Object.getPrototypeOf(fontkit.create(sample)) as TrueTypeFont;
  const getTable = proto._getTable;
  proto._getTable = function (this: TrueTypeFont, table: TableEntry) {
    const shared = sharedTables.get(this.stream.buffer);
    if (!shared) return getTable.call(this, table);
    if (!(table.tag in shared)) shared[table.tag] = getTable.call(this, table);
    return shared[table.tag];
  };
}

/** Parsed once per file: the coverage check looks glyphs up in these. */
const parsedFonts = new WeakMap<Uint8Array, Fontkit.Font>();

function parseOnce(bytes: Buffer): void {
  installTableCache(bytes);
  sharedTables.set(bytes, {});
  parsedFonts.set(bytes, fontkit.create(bytes) as Fontkit.Font);
}

/** Absolute path of one font file (resolved from server/node_modules, in source and once bundled). */
export function fontFile(family: FontFamily, style: Style): string {
  return requireFromHere.resolve(FILES[family][style]);
}

/** Virtual file name pdfmake reads a font from (see index.ts). */
export function fontKey(family: FontFamily, style: Style): string {
  return `${family}-${style}.ttf`;
}

const bytesCache = new Map<string, Buffer>();

/** The bytes of one font file, read once per process. */
export function fontBytes(family: FontFamily, style: Style): Buffer {
  const file = fontFile(family, style);
  let bytes = bytesCache.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    bytesCache.set(file, bytes);
    parseOnce(bytes);
  }
  return bytes;
}

/** The regular face of a family, parsed once: the coverage check looks its cmap up. */
function coverageFont(family: FontFamily): Fontkit.Font {
  return parsedFonts.get(fontBytes(family, 'normal'))!;
}

const familyOfCodePoint = new Map<number, FontFamily | null>();

/** First family with a glyph for this code point, or null when none has one. Cached per code point. */
export function familyFor(codePoint: number): FontFamily | null {
  const cached = familyOfCodePoint.get(codePoint);
  if (cached !== undefined) return cached;
  let found: FontFamily | null = null;
  for (const family of FALLBACK_ORDER) {
    if (coverageFont(family).hasGlyphForCodePoint(codePoint)) {
      found = family;
      break;
    }
  }
  familyOfCodePoint.set(codePoint, found);
  return found;
}

function hasGlyph(family: FontFamily, codePoint: number): boolean {
  return familyFor(codePoint) === family || coverageFont(family).hasGlyphForCodePoint(codePoint);
}

const LETTER = /\p{L}|\p{M}/u;

export interface FontSegment {
  text: string;
  font: FontFamily;
}

/**
 * Splits text into runs that one font can draw. Letters pick the first family that has them; anything else
 * (spaces, digits, punctuation, symbols) stays in the current run's family when it has the glyph, so '東京 2026'
 * is one run. A character no font has stays in the current run (it cannot be drawn either way).
 */
export function splitByFont(text: string): FontSegment[] {
  const segments: FontSegment[] = [];
  let current = null as FontSegment | null;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    // Plain ASCII is always the base font: the common case costs no look-up.
    let family: FontFamily;
    if (codePoint < 0x80) {
      family = current && !LETTER.test(char) ? current.font : 'NotoSans';
    } else if (current && !LETTER.test(char) && hasGlyph(current.font, codePoint)) {
      family = current.font;
    } else {
      family = familyFor(codePoint) ?? current?.font ?? 'NotoSans';
    }
    if (current && current.font === family) {
      current.text += char;
    } else {
      current = { text: char, font: family };
      segments.push(current);
    }
  }
  return segments;
}

// ---- the typed signature's face ---------------------------------------------------------------------------

/**
 * A typed signature is drawn in Caveat (@expo-google-fonts/caveat, SIL OFL 1.1), a handwriting face, when Caveat has
 * every letter of it; otherwise (東京, Ελένη…) in the document font's italics, so no letter vanishes.
 */
export const SIGNATURE_FONT = 'Caveat';
const SIGNATURE_FONT_FILE = '@expo-google-fonts/caveat/400Regular/Caveat_400Regular.ttf';
export const SIGNATURE_FONT_KEY = `${SIGNATURE_FONT}-normal.ttf`;

export function signatureFontBytes(): Buffer {
  const file = requireFromHere.resolve(SIGNATURE_FONT_FILE);
  let bytes = bytesCache.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    bytesCache.set(file, bytes);
    parseOnce(bytes);
  }
  return bytes;
}

/** True when the signature face draws every character of `value` (spaces included). */
export function signatureFontCovers(value: string): boolean {
  const font = parsedFonts.get(signatureFontBytes())!;
  for (const char of value) if (!font.hasGlyphForCodePoint(char.codePointAt(0)!)) return false;
  return true;
}
