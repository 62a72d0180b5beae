import type { FILE_TYPES } from '@atrium/domain-work/schemas';
import { sniffImageType } from './images';

/** A type a work file may have (the domain's FILE_TYPES). */
export type FileType = (typeof FILE_TYPES)[number];

/** How many leading bytes the sniffer reads: the first stored chunk (files.service.ts). */
export const SNIFF_BYTES = 256 * 1024;

/** A stored file name is at most this many characters (its extension kept). */
export const FILE_NAME_MAX = 200;

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04] as const;
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06] as const;
const ZIP_SPANNED = [0x50, 0x4b, 0x07, 0x08] as const;

/** Extensions whose bytes may be plain text; anything else that is only text (an .exe, .png, .html) is refused. */
const TEXT_EXTENSIONS = new Set(['', 'txt', 'text', 'log', 'md', 'markdown', 'csv', 'tsv', 'json']);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The extension of a name, lower case, without the dot; '' when there is none. */
export function fileExtension(name: string): string {
  const match = /\.([^.\s/\\]{1,16})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/**
 * The names of the zip entries whose local headers start within `head`. Every header found is read (not only
 * by walking sizes): writers that stream (data descriptors) leave the sizes of a local header at zero.
 */
function zipEntryNames(head: Uint8Array): string[] {
  const names: string[] = [];
  const buf = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  let at = buf.indexOf(Buffer.from(ZIP_LOCAL));
  while (at >= 0 && at + 30 <= buf.length && names.length < 64) {
    const nameLength = buf.readUInt16LE(at + 26);
    if (at + 30 + nameLength > buf.length) break;
    names.push(buf.toString('latin1', at + 30, at + 30 + nameLength));
    at = buf.indexOf(Buffer.from(ZIP_LOCAL), at + 30 + nameLength);
  }
  return names;
}

/** A zip, or the Office Open XML document it is (by the folders of its first entries). */
function zipType(head: Uint8Array): FileType {
  const names = zipEntryNames(head);
  if (names.some((n) => n.startsWith('word/'))) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  if (names.some((n) => n.startsWith('xl/'))) {
    return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  }
  if (names.some((n) => n.startsWith('ppt/'))) {
    return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  }
  return 'application/zip';
}

const utf8 = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Plain text: valid UTF-8 with no NUL byte. When `head` is only the start of a longer file, a character cut at
 * its end is not an error. Text that opens with '<' (HTML, SVG, XML — markup a browser could run) is not text.
 */
function isPlainText(head: Uint8Array, whole: boolean): boolean {
  if (head.includes(0)) return false;
  let text: string;
  try {
    text = utf8().decode(head, { stream: !whole });
  } catch {
    return false;
  }
  return !/^[\s\uFEFF]*</.test(text);
}

/**
 * The type of a file from its first bytes (`head`: the first SNIFF_BYTES, or the whole file when `whole`), and
 * for the few formats whose bytes do not say which (legacy Office, csv) its name's extension. Null when the
 * type is not one of FILE_TYPES: executables, HTML, SVG, anything unknown. The browser's declared type is never
 * read.
 */
export function sniffFileType(head: Uint8Array, name: string, whole: boolean): FileType | null {
  if (head.length === 0) return null;
  const image = sniffImageType(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
  if (image) return image;
  const ext = fileExtension(name);
  if (
    startsWith(
      head,
      [...'%PDF-'].map((c) => c.charCodeAt(0)),
    )
  )
    return 'application/pdf';
  if (startsWith(head, ZIP_LOCAL)) return zipType(head);
  if (startsWith(head, ZIP_EMPTY) || startsWith(head, ZIP_SPANNED)) return 'application/zip';
  if (startsWith(head, OLE2)) {
    if (['doc', 'dot'].includes(ext)) return 'application/msword';
    if (['xls', 'xlt', 'xla'].includes(ext)) return 'application/vnd.ms-excel';
    return null;
  }
  if (TEXT_EXTENSIONS.has(ext) && isPlainText(head, whole)) return ext === 'csv' ? 'text/csv' : 'text/plain';
  return null;
}

/** Control characters (C0, DEL, C1) and the invisible direction marks that can disguise an extension. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** Half of a surrogate pair without the other half (not encodable as UTF-8). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Lone surrogates replaced by U+FFFD, so the text encodes as UTF-8 (headers, percent-encoding). */
export const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

/**
 * A name safe to store and to send back: no folder part (a path keeps only its last segment, so `../../x` is
 * `x`), no control or direction characters, no leading dots or spaces, at most FILE_NAME_MAX characters with its
 * extension kept; 'file' when nothing is left.
 */
export function sanitizeFileName(raw: string): string {
  const cleaned = wellFormed(raw).normalize('NFC').replace(UNSAFE_CHARS, '');
  const last = cleaned.split(/[/\\]/).pop() ?? '';
  let name = last
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!name) name = 'file';
  const chars = [...name];
  if (chars.length <= FILE_NAME_MAX) return name;
  const suffix = /\.[^.\s]{1,16}$/.exec(name)?.[0] ?? '';
  const keep = FILE_NAME_MAX - [...suffix].length;
  return `${chars.slice(0, keep).join('').trimEnd()}${suffix}`;
}
