import { FILE_NAME_MAX, fileExtension, sanitizeFileName, sniffFileType, SNIFF_BYTES } from './file-sniff';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** A zip whose local file headers name `entries` (stored, empty), as an Office writer lays them out. */
function zipWithEntries(entries: string[], { dataDescriptor = false } = {}): Buffer {
  const parts = entries.map((name) => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(dataDescriptor ? 0x08 : 0, 6);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    const body = Buffer.from('x'.repeat(dataDescriptor ? 40 : 0));
    return Buffer.concat([header, Buffer.from(name), body]);
  });
  return Buffer.concat([...parts, Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

describe('sniffFileType', () => {
  it.each([
    ['a.png', bytes(PNG, 'rest'), 'image/png'],
    ['a.jpg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['a.gif', bytes('GIF89a....'), 'image/gif'],
    ['a.webp', bytes('RIFF\x10\x00\x00\x00WEBPVP8 '), 'image/webp'],
    ['a.pdf', bytes('%PDF-1.7\n%\xe2\xe3'), 'application/pdf'],
    // the bytes decide, not the name: a PNG called .pdf is a PNG
    ['report.pdf', bytes(PNG, 'rest'), 'image/png'],
    ['notes.txt', bytes('Call the florist\nThen the caterer\n'), 'text/plain'],
    ['README', bytes('plain words'), 'text/plain'],
    ['list.csv', bytes('name,phone\nAda,123\n'), 'text/csv'],
    ['grüße.txt', Buffer.from('Grüße aus Köln — 東京', 'utf8'), 'text/plain'],
    ['legacy.doc', bytes(OLE2, 'rest'), 'application/msword'],
    ['legacy.xls', bytes(OLE2, 'rest'), 'application/vnd.ms-excel'],
  ])('%s → %s', (name, head, type) => {
    expect(sniffFileType(head, name, true)).toBe(type);
  });

  it('tells the Office Open XML documents from a plain zip by their first entries', () => {
    const docx = zipWithEntries(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const xlsx = zipWithEntries(['[Content_Types].xml', 'xl/workbook.xml']);
    const pptx = zipWithEntries(['[Content_Types].xml', 'ppt/presentation.xml']);
    const zip = zipWithEntries(['photos/a.jpg', 'photos/b.jpg']);
    expect(sniffFileType(docx, 'a.docx', true)).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(sniffFileType(xlsx, 'a.xlsx', true)).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sniffFileType(pptx, 'a.pptx', true)).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(sniffFileType(zip, 'a.zip', true)).toBe('application/zip');
    // a writer that streams (data descriptors, sizes zero in the local header) is still read
    const streamed = zipWithEntries(['[Content_Types].xml', 'word/document.xml'], { dataDescriptor: true });
    expect(sniffFileType(streamed, 'a.docx', true)).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(sniffFileType(bytes([0x50, 0x4b, 0x05, 0x06], Buffer.alloc(18)), 'empty.zip', true)).toBe('application/zip');
  });

  it.each([
    ['an executable called .png', 'photo.png', bytes('MZ\x90\x00\x03\x00\x00\x00\x04\x00')],
    ['an ELF binary', 'tool', bytes('\x7fELF\x02\x01\x01\x00')],
    ['HTML called .png', 'photo.png', bytes('<!doctype html><script>alert(1)</script>')],
    ['HTML called .txt', 'notes.txt', bytes('  <html><body onload=alert(1)>')],
    ['HTML', 'page.html', bytes('<html></html>')],
    ['SVG', 'logo.svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['XML with a BOM', 'data.txt', Buffer.from('\ufeff<?xml version="1.0"?><x/>', 'utf8')],
    ['text with a NUL', 'notes.txt', bytes('abc\x00def')],
    ['invalid UTF-8', 'notes.txt', bytes([0x61, 0xc3, 0x28])],
    ['text under a binary extension', 'setup.exe', bytes('just words')],
    ['an OLE2 file that is not Word or Excel', 'deck.ppt', bytes(OLE2, 'rest')],
    ['nothing', 'empty.txt', Buffer.alloc(0)],
  ])('refuses %s', (_label, name, head) => {
    expect(sniffFileType(head, name, true)).toBeNull();
  });

  it('accepts text whose first chunk ends inside a character when more follows', () => {
    const text = Buffer.from(`${'a'.repeat(SNIFF_BYTES - 1)}é`, 'utf8');
    const head = text.subarray(0, SNIFF_BYTES); // the é cut after its first byte
    expect(sniffFileType(head, 'long.txt', false)).toBe('text/plain');
    expect(sniffFileType(head, 'long.txt', true)).toBeNull();
  });
});

describe('fileExtension', () => {
  it('is the last extension, lower case, or nothing', () => {
    expect(fileExtension('Plan.Final.PDF')).toBe('pdf');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('name.')).toBe('');
  });
});

describe('sanitizeFileName', () => {
  it('keeps only the last path segment and drops control characters', () => {
    expect(sanitizeFileName('../../etc/passwd\u0000.pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('C:\\Users\\ada\\plan.pdf')).toBe('plan.pdf');
    expect(sanitizeFileName('a\r\nb\t.txt')).toBe('ab.txt');
  });

  it('drops the direction marks that can disguise an extension', () => {
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });

  it('drops leading dots and spaces, trailing dots, and squeezes whitespace', () => {
    expect(sanitizeFileName('  ..hidden   file .txt. ')).toBe('hidden file .txt');
    expect(sanitizeFileName('...')).toBe('file');
    expect(sanitizeFileName('')).toBe('file');
  });

  it('keeps non-Latin names and normalises them', () => {
    expect(sanitizeFileName('Grundriss Küche.pdf'.normalize('NFD'))).toBe('Grundriss Küche.pdf');
    expect(sanitizeFileName('東京の家.png')).toBe('東京の家.png');
  });

  it('cuts a long name to FILE_NAME_MAX characters, keeping its extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(300)}.docx`);
    expect([...name]).toHaveLength(FILE_NAME_MAX);
    expect(name.endsWith('.docx')).toBe(true);
    const emoji = sanitizeFileName(`${'😀'.repeat(250)}.png`);
    expect([...emoji]).toHaveLength(FILE_NAME_MAX);
    expect(emoji.endsWith('😀.png')).toBe(true);
  });

  it('replaces a lone surrogate', () => {
    expect(sanitizeFileName('a\ud800b.txt')).toBe('a\ufffdb.txt');
  });
});
