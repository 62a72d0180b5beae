/**
 * A sample signed contract for the tests and the benchmark (`pnpm bench:seal`): a contract of about N pages, two
 * signers (a drawn and a typed signature) and a hash-chained audit trail as the signatures module keeps it.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { PdfBlock, PdfDocumentModel } from '../../documents/pdf';
import type { FinalizeSignedPdfInput, SignedPdfAuditEntry } from './types';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real greyscale PNG of w×h pixels; `padBytes` adds a text chunk of that size (to make a file too large). */
export function greyPng(w: number, h: number, padBytes = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((w + 1) * h, 0x80);
  for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padBytes ? [chunk('tEXt', Buffer.alloc(padBytes, 0x41))] : []),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 600×200 PNG with a handwriting-like stroke, as the signing pad sends (transparent background). */
export function sampleSignaturePng(seed = 1): Buffer {
  const width = 600;
  const height = 200;
  const rgba = Buffer.alloc(width * height * 4);
  for (let x = 20; x < 580; x++) {
    const y = Math.round(100 + 45 * Math.sin((x + seed * 17) / 23) * Math.cos(x / 71));
    for (let dy = -2; dy <= 2; dy++) {
      const i = ((y + dy) * width + x) * 4;
      rgba[i] = 20;
      rgba[i + 1] = 30;
      rgba[i + 2] = 80;
      rgba[i + 3] = 255;
    }
  }
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let row = 0; row < height; row++)
    rgba.copy(raw, row * (width * 4 + 1) + 1, row * width * 4, (row + 1) * width * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CLAUSE =
  '<p>The Photographer shall provide the services described in this agreement with due care and skill, at the ' +
  'dates and places agreed in writing. The Client shall give the Photographer reasonable access to the venue and ' +
  'inform the Photographer of any restriction on photography. <strong>Fees</strong> are due as set out in the ' +
  'payment schedule; a deposit secures the date and is not refundable except where this agreement says so.</p>' +
  '<ul><li>Delivery of edited images within six weeks.</li><li>Copyright remains with the Photographer; the ' +
  'Client receives a personal licence.</li></ul>';

/** A contract of about `pages` A4 pages (≈ 5 clauses a page) as documentPdfModel makes one. */
export function sampleContract(pages: number): PdfDocumentModel {
  const blocks: PdfBlock[] = [
    { type: 'richText', content: { html: '<p>This agreement is made between the parties named above.</p>' } },
  ];
  for (let i = 1; i <= pages * 5; i++) {
    blocks.push({ type: 'clause', title: `Clause ${i}`, content: { html: CLAUSE }, number: `${i}.` });
  }
  blocks.push({
    type: 'signatures',
    lines: [
      { role: 'Client', name: 'Zoë Müller-Łukasiewicz' },
      { role: 'Business owner', name: 'Studio Atrium' },
    ],
  });
  return {
    pageSize: 'A4',
    language: 'en',
    business: { name: 'Studio Atrium', brandColor: '#2f6fde' },
    header: {
      title: 'Wedding photography agreement',
      type: 'contract',
      number: 'CON-0042',
      dates: [{ label: 'Issued', value: '27 Nov 2026' }],
      status: 'Sent',
    },
    parties: [
      { label: 'From', name: 'Studio Atrium' },
      { label: 'Client', name: 'Zoë Müller-Łukasiewicz', lines: ['zoe@example.com'] },
    ],
    blocks,
  };
}

/** A hash chain as the signatures module keeps one: SHA-256 of the previous hash and the entry's fields. */
export function sampleAudit(events: Omit<SignedPdfAuditEntry, 'hash' | 'previousHash'>[]): SignedPdfAuditEntry[] {
  let previous: string | null = null;
  return events.map((event) => {
    const hash = createHash('sha256')
      .update(JSON.stringify([previous, event.event, event.at, event.actor, event.ip, event.userAgent]))
      .digest('hex');
    const entry: SignedPdfAuditEntry = { ...event, hash, previousHash: previous };
    previous = hash;
    return entry;
  });
}

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export function sampleFinalizeInput(pages = 2): FinalizeSignedPdfInput {
  return {
    workflowId: '6c0f3f7e-3d7a-4c1e-9a53-1f0b3a1c2d4e',
    businessName: 'Studio Atrium',
    document: sampleContract(pages),
    signers: [
      {
        role: 'client',
        name: 'Zoë Müller-Łukasiewicz',
        email: 'zoe@example.com',
        signature: { kind: 'drawn', png: sampleSignaturePng() },
        signedAt: '2026-11-27T10:15:30.000Z',
        ip: '203.0.113.7',
        userAgent: UA,
        consent: {
          disclosureVersion: '2026-11-01',
          consentedAt: '2026-11-27T10:14:02.000Z',
          ip: '203.0.113.7',
          userAgent: UA,
        },
      },
      {
        role: 'owner',
        name: 'Sam Owner',
        email: 'sam@studio.example',
        signature: { kind: 'typed', text: 'Sam Owner' },
        signedAt: '2026-11-27T11:02:00.000Z',
        ip: '198.51.100.20',
        userAgent: UA,
        consent: {
          disclosureVersion: '2026-11-01',
          consentedAt: '2026-11-27T11:01:40.000Z',
          ip: '198.51.100.20',
          userAgent: UA,
        },
      },
    ],
    audit: sampleAudit([
      {
        event: 'created',
        at: '2026-11-27T09:00:00.000Z',
        actor: 'Sam Owner <sam@studio.example>',
        ip: '198.51.100.20',
        userAgent: UA,
      },
      {
        event: 'sent',
        at: '2026-11-27T09:00:05.000Z',
        actor: 'Sam Owner <sam@studio.example>',
        ip: '198.51.100.20',
        userAgent: UA,
      },
      {
        event: 'opened',
        at: '2026-11-27T10:13:00.000Z',
        actor: 'Zoë Müller-Łukasiewicz <zoe@example.com>',
        ip: '203.0.113.7',
        userAgent: UA,
      },
      {
        event: 'consented',
        at: '2026-11-27T10:14:02.000Z',
        actor: 'Zoë Müller-Łukasiewicz <zoe@example.com>',
        ip: '203.0.113.7',
        userAgent: UA,
      },
      {
        event: 'signed',
        at: '2026-11-27T10:15:30.000Z',
        actor: 'Zoë Müller-Łukasiewicz <zoe@example.com>',
        ip: '203.0.113.7',
        userAgent: UA,
      },
      {
        event: 'signed',
        at: '2026-11-27T11:02:00.000Z',
        actor: 'Sam Owner <sam@studio.example>',
        ip: '198.51.100.20',
        userAgent: UA,
      },
      { event: 'completed', at: '2026-11-27T11:02:00.000Z', actor: 'System', ip: null, userAgent: null },
    ]),
    completedAt: '2026-11-27T11:02:00.000Z',
  };
}
