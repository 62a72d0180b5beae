import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  documentContentSha256,
  DocumentChangedError,
  finalizeSignedPdf,
  generateSigningIdentity,
  pngProblem,
  SignedPdfInputError,
  verifySealedPdf,
  type FinalizedSignedPdf,
  type LoadedSigningIdentity,
} from './index';
import type { PdfDocumentModel } from '../../documents/pdf';
import { sampleContract, sampleFinalizeInput, sampleSignaturePng } from './sample';

interface ReadPdf {
  pages: number;
  info: { Title?: string; Keywords?: string };
  page: { text: string }[];
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-seal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function save(pdf: Uint8Array): string {
  const file = path.join(dir, `sealed-${++n}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The PDF read back as a viewer does (pdfjs-dist, the documents renderer's reader script). */
function read(pdf: Uint8Array): ReadPdf {
  const script = path.join(__dirname, '../../documents/pdf/read-pdf.mjs');
  return JSON.parse(execFileSync(process.execPath, [script, save(pdf)], { encoding: 'utf8' })) as ReadPdf;
}

/** Poppler's pdfsig (poppler-utils, installed by .ci/run): an independent PAdES check. */
function pdfsig(pdf: Uint8Array): string {
  const out = spawnSync('pdfsig', [save(pdf)], { encoding: 'utf8' });
  if (out.error)
    throw new Error(`pdfsig is needed for this test (apt-get install poppler-utils): ${out.error.message}`);
  return out.stdout + out.stderr;
}

const flat = (text: string) => text.replace(/\s+/g, '');

let identity: LoadedSigningIdentity;
let sealed: FinalizedSignedPdf;

beforeAll(async () => {
  identity = generateSigningIdentity('Atrium document seal — test.example');
  sealed = await finalizeSignedPdf(sampleFinalizeInput(2), { identity });
}, 60_000);

describe('finalizeSignedPdf', () => {
  it('seals the whole file with the installation’s certificate (PAdES, ETSI.CAdES.detached)', () => {
    const result = verifySealedPdf(sealed.pdf, { trustedCertificateSha256: identity.certificateSha256 });
    expect(result).toMatchObject({
      valid: true,
      coversWholeFile: true,
      subFilter: 'ETSI.CAdES.detached',
      signer: 'Atrium document seal — test.example',
      certificateSha256: identity.certificateSha256,
    });
    expect(result.reason).toBeUndefined();
    expect(new Date(result.signedAt!).getTime()).toBeGreaterThan(Date.now() - 120_000);
  });

  it('is a signature poppler (pdfsig) finds valid, SHA-256, covering the total document', () => {
    const out = pdfsig(sealed.pdf);
    expect(out).toContain('Signature is Valid');
    expect(out).toContain('ETSI.CAdES.detached');
    expect(out).toContain('SHA-256');
    expect(out).toContain('Total document signed');
    expect(out).toContain('Atrium document seal — test.example');
  });

  it('reports the hashes: the content the signers saw, and the sealed bytes', () => {
    expect(sealed.documentSha256).toBe(documentContentSha256(sampleContract(2)));
    expect(sealed.sealedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sealed.sealedSha256).not.toBe(sealed.documentSha256);
  });

  it('holds the contract with the signatures in place, then the certificate of completion', () => {
    const pdf = read(sealed.pdf);
    expect(pdf.pages).toBe(sealed.pageCount);
    const all = pdf.page.map((p) => p.text).join('\n');
    // The contract, with both signature lines filled in (name, role, date).
    expect(all).toContain('Wedding photography agreement');
    expect(flat(all)).toContain(flat('Clause 10'));
    const signaturePage = pdf.page.find((p) => p.text.includes('Date: 27 Nov 2026'))!.text;
    expect(signaturePage).toContain('Zoë Müller-Łukasiewicz');
    expect(signaturePage).toContain('Business owner');
    // The typed signature is drawn (in the handwriting face) above its line.
    expect(signaturePage.match(/Sam Owner/g)!.length).toBeGreaterThanOrEqual(2);
    expect(Buffer.from(sealed.pdf).toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Caveat/);

    const certificate = flat(
      pdf.page
        .slice(pdf.page.findIndex((p) => p.text.includes('Certificate of completion')))
        .map((p) => p.text)
        .join('\n'),
    );
    const input = sampleFinalizeInput(2);
    for (const expected of [
      `Document SHA-256: ${sealed.documentSha256}`,
      `Signature workflow: ${input.workflowId}`,
      'Completed: 2026-11-27 11:02:00 UTC',
      'E-mail: zoe@example.com',
      'disclosure version 2026-11-01, given 2026-11-27 10:14:02 UTC',
      'Consent IP address: 203.0.113.7',
      'Signing IP address: 198.51.100.20',
      'Signed: 2026-11-27 10:15:30 UTC',
      'typed name “Sam Owner”',
      'Chrome/131.0 Safari/537.36',
      ...input.audit.flatMap((entry) => [entry.hash, entry.event]),
    ]) {
      expect(certificate).toContain(flat(expected));
    }
    expect(pdf.info.Keywords).toContain(`document-sha256:${sealed.documentSha256}`);
  });

  it('draws a typed name the handwriting face lacks letters for in the document font instead (nothing vanishes)', async () => {
    const input = sampleFinalizeInput(1);
    input.signers[1] = { ...input.signers[1]!, name: '山田 太郎', signature: { kind: 'typed', text: '山田 太郎' } };
    const out = await finalizeSignedPdf(input, { identity });
    const signaturePage = read(out.pdf).page.find((p) => p.text.includes('Date: 27 Nov 2026'))!.text;
    expect(signaturePage.match(/山田 ?太郎/g)!.length).toBeGreaterThanOrEqual(2);
    expect(verifySealedPdf(out.pdf).valid).toBe(true);
  }, 60_000);

  it('refuses to seal a different text than the one sent (DocumentChangedError) and bad input', async () => {
    const sent = documentContentSha256(sampleContract(1));
    const changed = sampleFinalizeInput(1);
    changed.document.blocks[0] = { type: 'richText', content: { html: '<p>Another agreement.</p>' } };
    await expect(finalizeSignedPdf({ ...changed, expectedDocumentSha256: sent }, { identity })).rejects.toBeInstanceOf(
      DocumentChangedError,
    );
    const truncated = sampleFinalizeInput(1);
    const png = sampleSignaturePng();
    truncated.signers[0] = {
      ...truncated.signers[0]!,
      signature: { kind: 'drawn', png: png.subarray(0, png.length - 40) },
    };
    await expect(finalizeSignedPdf(truncated, { identity })).rejects.toThrow(
      'The drawn signature of zoe@example.com is a truncated PNG image',
    );
    // A renderer that lost the drawn signature (as it does when an image fails): nothing is sealed.
    const { renderDocumentPdf } = await import('../../documents/pdf');
    const losing = (model: PdfDocumentModel) =>
      renderDocumentPdf({
        ...model,
        blocks: model.blocks.map((b) =>
          b.type === 'signatures' ? { ...b, lines: b.lines.map((l) => ({ ...l, image: null })) } : b,
        ),
      });
    await expect(finalizeSignedPdf(sampleFinalizeInput(1), { identity, renderPdf: losing })).rejects.toThrow(
      'A drawn signature could not be drawn into the PDF',
    );
    const notPng = sampleFinalizeInput(1);
    notPng.signers[0] = { ...notPng.signers[0]!, signature: { kind: 'drawn', png: Buffer.from('GIF89a not a png') } };
    await expect(finalizeSignedPdf(notPng, { identity })).rejects.toBeInstanceOf(SignedPdfInputError);
    await expect(finalizeSignedPdf({ ...sampleFinalizeInput(1), signers: [] }, { identity })).rejects.toThrow(
      'at least one signer',
    );
  });
});

describe('pngProblem', () => {
  it('accepts the signing pad’s PNG and names what is wrong with anything else', () => {
    const png = sampleSignaturePng();
    expect(pngProblem(png)).toBeNull();
    expect(pngProblem(Buffer.from('GIF89a'))).toBe('is not a PNG image');
    expect(pngProblem(png.subarray(0, 60))).toMatch(/truncated|incomplete/);
    // A header that claims more rows than the data holds.
    const taller = Buffer.from(png);
    taller.writeUInt32BE(201, 20);
    expect(pngProblem(taller)).toBe('is a PNG image whose data does not match its size');
    const huge = Buffer.from(png);
    huge.writeUInt32BE(100_000, 16);
    expect(pngProblem(huge)).toBe('is a PNG image of an unusable size (100000×200)');
  });
});

describe('documentContentSha256', () => {
  it('is the same for the same content, whatever the status label, logo or signature marks', () => {
    const a = sampleContract(1);
    const b = sampleContract(1);
    b.header.status = 'Signed';
    b.business.logo = Buffer.from([1, 2, 3]);
    b.blocks = b.blocks.map((block) =>
      block.type === 'signatures'
        ? { ...block, lines: block.lines.map((l) => ({ ...l, date: '27 Nov 2026', typed: 'X' })) }
        : block,
    );
    expect(documentContentSha256(b)).toBe(documentContentSha256(a));
  });

  it('changes with any word, party, date or signer name', () => {
    const base = documentContentSha256(sampleContract(1));
    const word = sampleContract(1);
    word.blocks[0] = { type: 'richText', content: { html: '<p>This agreement is made between the parties.</p>' } };
    const party = sampleContract(1);
    party.parties![1]!.name = 'Someone Else';
    const date = sampleContract(1);
    date.header.dates = [{ label: 'Issued', value: '28 Nov 2026' }];
    const signer = sampleContract(1);
    const sig = signer.blocks.find((b) => b.type === 'signatures')!;
    if (sig.type === 'signatures') sig.lines[0]!.name = 'Someone Else';
    for (const model of [word, party, date, signer]) expect(documentContentSha256(model)).not.toBe(base);
  });
});

describe('verifySealedPdf', () => {
  const flipAt = (pdf: Buffer, at: number) => {
    const copy = Buffer.from(pdf);
    copy[at] = copy[at]! ^ 0x01;
    return copy;
  };
  const byteRange = (pdf: Buffer) => {
    const m = [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].pop()!;
    return m.slice(1, 5).map(Number) as [number, number, number, number];
  };

  it('fails when one byte inside the signed range is changed — before or after the signature value', () => {
    const [, b, c, d] = byteRange(sealed.pdf);
    const text = sealed.pdf.toString('latin1');
    // A byte of page content (inside the first range) and one of the trailer (inside the second).
    const inContent = text.indexOf('stream\n') + 20;
    expect(inContent).toBeLessThan(b);
    for (const at of [inContent, c + Math.floor(d / 2)]) {
      const result = verifySealedPdf(flipAt(sealed.pdf, at));
      expect(result.valid).toBe(false);
      expect(result.reason).toMatch(/changed after it was sealed|byte range|signature/);
    }
    expect(pdfsig(flipAt(sealed.pdf, inContent))).not.toContain('Signature is Valid');
  });

  it('fails when the signature value itself is altered', () => {
    const [, b] = byteRange(sealed.pdf);
    // Inside the CMS: a byte of the RSA signature or the certificate.
    const tampered = Buffer.from(sealed.pdf);
    const at = b + 1 + 2 * 1200;
    tampered[at] = tampered[at] === 0x30 ? 0x31 : 0x30;
    expect(verifySealedPdf(tampered).valid).toBe(false);
  });

  it('detects bytes appended after sealing (coversWholeFile false)', () => {
    const appended = Buffer.concat([sealed.pdf, Buffer.from('\n1 0 obj\n(changed)\nendobj\n')]);
    const result = verifySealedPdf(appended);
    expect(result.coversWholeFile).toBe(false);
    // What the seal covers is still intact — as a PDF reader shows it — but not the whole file.
    expect(result.valid).toBe(true);
  });

  it('refuses a seal by another certificate when the installation’s is required, and a PDF without a seal', async () => {
    const other = generateSigningIdentity('Someone else');
    const result = verifySealedPdf(sealed.pdf, { trustedCertificateSha256: other.certificateSha256 });
    expect(result).toMatchObject({ valid: false, reason: expect.stringMatching(/another certificate/) });
    const { renderDocumentPdf } = await import('../../documents/pdf');
    const plain = await renderDocumentPdf(sampleContract(1));
    expect(verifySealedPdf(plain)).toEqual({
      valid: false,
      reason: 'The PDF has no digital signature',
      coversWholeFile: false,
    });
  });
});
