/**
 * verifySealedPdf(bytes): is this the PDF the installation sealed, unchanged? Reads the last signature dictionary
 * of the file (its /ByteRange, /Contents, /SubFilter, /M), hashes the signed ranges and checks the CMS signature
 * (cms.ts). Appended bytes (an incremental update after sealing) leave the signature valid for what it covers, as
 * in any PDF reader, but `coversWholeFile` is then false: the caller decides (the signatures module refuses it).
 */
import { createHash } from 'node:crypto';
import { checkDetachedCms } from './cms';
import type { SealVerification } from './types';

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** '(D:20261127140312Z)' or "D:20261127140312+01'00'" → ISO 8601. */
function pdfDate(value: string): string | undefined {
  const m = /D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(value);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz] = m;
  let zone = 'Z';
  if (tz && tz !== 'Z') zone = `${tz.slice(0, 3)}:${tz.slice(3).replace(/'/g, '').padStart(2, '0')}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The certificate's CN from Node's "CN=…\nO=…" subject text. */
function commonName(subject: string): string | undefined {
  return subject
    .split('\n')
    .find((line) => line.startsWith('CN='))
    ?.slice(3);
}

export interface VerifyOptions {
  /** Require this certificate (hex SHA-256 of its DER), e.g. the installation's: another one is not valid. */
  trustedCertificateSha256?: string;
}

export function verifySealedPdf(pdf: Uint8Array, options: VerifyOptions = {}): SealVerification {
  const file = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = file.toString('latin1');
  let match: RegExpExecArray | null = null;
  for (let m = BYTE_RANGE.exec(text); m; m = BYTE_RANGE.exec(text)) match = m;
  BYTE_RANGE.lastIndex = 0;
  if (!match) return { valid: false, reason: 'The PDF has no digital signature', coversWholeFile: false };

  const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || b <= 0 || c <= b || c + d > file.length) {
    return { valid: false, reason: 'The signature’s byte range does not fit the file', coversWholeFile: false };
  }
  const coversWholeFile = c + d === file.length;
  const hex = text.slice(b, c);
  if (!/^<[0-9a-fA-F\s]*>$/.test(hex)) {
    return { valid: false, reason: 'The signature value is not where its byte range says', coversWholeFile };
  }
  const cms = Buffer.from(hex.slice(1, -1).replace(/\s/g, ''), 'hex');

  // The dictionary around the byte range: its sub-filter and claimed signing time.
  const dictStart = text.lastIndexOf('<<', Math.min(match.index, b));
  const dict = text.slice(Math.max(0, dictStart), Math.min(text.length, c + 400));
  const subFilter = /\/SubFilter\s*\/([\w.]+)/.exec(dict)?.[1];
  const claimedTime = /\/M\s*\(([^)]*)\)/.exec(dict)?.[1];

  const content = Buffer.concat([file.subarray(a, a + b), file.subarray(c, c + d)]);
  const check = checkDetachedCms(cms, content);
  const certificateSha256 = check.certificate
    ? createHash('sha256').update(check.certificate.raw).digest('hex')
    : undefined;
  const result: SealVerification = {
    valid: check.ok,
    coversWholeFile,
    subFilter,
    signer: check.certificate ? commonName(check.certificate.subject) : undefined,
    signedAt: check.signingTime?.toISOString() ?? (claimedTime ? pdfDate(claimedTime) : undefined),
    certificateSha256,
  };
  if (!check.ok) result.reason = check.reason;
  else if (options.trustedCertificateSha256 && certificateSha256 !== options.trustedCertificateSha256.toLowerCase()) {
    result.valid = false;
    result.reason = 'The PDF is sealed with another certificate than this installation’s';
  }
  return result;
}
