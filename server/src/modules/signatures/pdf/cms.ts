/**
 * The CMS (PKCS#7) detached signature inside the PAdES seal, written and read with node-forge's ASN.1 and signed
 * with Node's crypto.
 *
 * Written as PAdES baseline B-B asks (ETSI EN 319 142-1): SHA-256; signed attributes content-type, message-digest
 * and ESS signing-certificate-v2 (the hash of the seal certificate, so the certificate cannot be swapped); no
 * signing-time attribute — the claimed signing time is the signature dictionary's /M. @signpdf's P12Signer writes
 * no signing-certificate-v2 and re-opens the P12 on every signature; this signer keeps the key parsed.
 */
import { createHash, sign as cryptoSign, verify as cryptoVerify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { Signer } from '@signpdf/utils';
import { issuerAndSerial, type LoadedSigningIdentity } from './identity';

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const CTX = asn1.Class.CONTEXT_SPECIFIC;

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
} as const;

const HASH_OF_OID: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

type Asn1 = forge.asn1.Asn1;

const bytes = (b: Buffer) => b.toString('binary');
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const oid = (id: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const seq = (items: Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, items);
const set = (items: Asn1[]) => asn1.create(U, asn1.Type.SET, true, items);
const octets = (b: Buffer) => asn1.create(U, asn1.Type.OCTETSTRING, false, bytes(b));
const int = (n: number) => asn1.create(U, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const algorithm = (id: string, withNull = true) =>
  seq(withNull ? [oid(id), asn1.create(U, asn1.Type.NULL, false, '')] : [oid(id)]);
const attribute = (type: string, value: Asn1) => seq([oid(type), set([value])]);
const fromDer = (b: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes(b)));

/** The signed attributes, DER-sorted as a SET OF must be. */
/** What signing needs of the installation's identity (a worker thread gets only this). */
export type SealingKey = Pick<LoadedSigningIdentity, 'privateKey' | 'certificateDer' | 'issuerDer' | 'serialHex'>;

function signedAttributes(contentDigest: Buffer, identity: SealingKey): Asn1[] {
  const serial = asn1.create(U, asn1.Type.INTEGER, false, forge.util.hexToBytes(identity.serialHex));
  const essCertIdV2 = seq([
    // hashAlgorithm omitted: the default is SHA-256.
    octets(createHash('sha256').update(identity.certificateDer).digest()),
    seq([seq([asn1.create(CTX, 4, true, [fromDer(identity.issuerDer)])]), serial]),
  ]);
  const attrs = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(contentDigest)),
    attribute(OID.signingCertificateV2, seq([seq([essCertIdV2])])),
  ];
  return attrs
    .map((a) => ({ a, d: der(a) }))
    .sort((x, y) => Buffer.compare(x.d, y.d))
    .map((x) => x.a);
}

/** A detached CMS SignedData over `content` (the PDF's signed byte ranges), DER. */
export function cadesDetachedSignature(content: Buffer, identity: SealingKey): Buffer {
  const attrs = signedAttributes(createHash('sha256').update(content).digest(), identity);
  // The signature covers the attributes encoded as a SET (tag 0x31), not as the [0] they are stored as.
  const signature = cryptoSign('sha256', der(set(attrs)), identity.privateKey);
  const signerInfo = seq([
    int(1),
    seq([
      fromDer(identity.issuerDer),
      asn1.create(U, asn1.Type.INTEGER, false, forge.util.hexToBytes(identity.serialHex)),
    ]),
    algorithm(OID.sha256),
    asn1.create(CTX, 0, true, attrs),
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const signedData = seq([
    int(1),
    set([algorithm(OID.sha256)]),
    seq([oid(OID.data)]),
    asn1.create(CTX, 0, true, [fromDer(identity.certificateDer)]),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1.create(CTX, 0, true, [signedData])]));
}

/** @signpdf's Signer for SignPdf.sign(): our CAdES signature with the installation's identity. */
export class CadesSigner extends Signer {
  constructor(private readonly identity: SealingKey) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetachedSignature(pdfBuffer, this.identity);
  }
}

// ---- reading ------------------------------------------------------------------------------------------------

export interface CmsCheck {
  ok: boolean;
  reason?: string;
  certificate?: X509Certificate;
  /** The signing-time signed attribute, when the signature has one (ours has not: PAdES uses /M). */
  signingTime?: Date;
}

const children = (node: Asn1 | undefined): Asn1[] => (Array.isArray(node?.value) ? (node.value as Asn1[]) : []);
const isCtx = (node: Asn1, type: number) => node.tagClass === CTX && node.type === type;
const oidOf = (node: Asn1 | undefined) =>
  node && node.type === asn1.Type.OID ? asn1.derToOid(node.value as string) : undefined;
const stripLeadingZeros = (hex: string) => hex.replace(/^0+/, '').toLowerCase();

/**
 * Checks a detached CMS signature over `content`: the message digest matches the content, the signature over the
 * signed attributes verifies with the signer's certificate (found by issuer and serial in the CMS), and the
 * signing-certificate-v2 hash, when present, is that certificate's.
 */
export function checkDetachedCms(cms: Buffer, content: Buffer): CmsCheck {
  let root: Asn1;
  try {
    // Bit strings kept as read, so a certificate re-encodes to its exact bytes (its hash is checked).
    const read = asn1.fromDer as unknown as (input: forge.util.ByteBuffer, options: object) => Asn1;
    root = read(forge.util.createBuffer(bytes(cms)), { parseAllBytes: false, strict: false, decodeBitStrings: false });
  } catch {
    return { ok: false, reason: 'The signature is not a readable CMS structure' };
  }
  const [contentType, explicit] = children(root);
  if (oidOf(contentType) !== OID.signedData || !explicit) {
    return { ok: false, reason: 'The signature is not a CMS SignedData' };
  }
  const signedData = children(explicit)[0];
  const parts = children(signedData);
  const certNode = parts.find((p) => isCtx(p, 0));
  const signerInfos = parts[parts.length - 1];
  const signerInfo = children(signerInfos)[0];
  if (!signerInfo) return { ok: false, reason: 'The signature has no signer' };

  const info = children(signerInfo);
  const [, sid, digestAlg] = info;
  const attrsNode = info.find((p) => isCtx(p, 0));
  const signatureNode = info.find((p) => p.tagClass === U && p.type === asn1.Type.OCTETSTRING);
  if (!attrsNode || !signatureNode) return { ok: false, reason: 'The signature has no signed attributes' };

  const hash = HASH_OF_OID[oidOf(children(digestAlg)[0]) ?? ''];
  if (!hash) return { ok: false, reason: 'The signature uses an unsupported digest algorithm' };

  const certificates: X509Certificate[] = [];
  for (const c of children(certNode)) {
    try {
      certificates.push(new X509Certificate(der(c)));
    } catch {
      // a certificate Node cannot read is not the signer's
    }
  }
  // The signer's certificate: the one with the issuer and serial number the signer info names.
  const sidParts = children(sid);
  const sidIssuer = sidParts[0] ? der(sidParts[0]) : Buffer.alloc(0);
  const sidSerial = sidParts[1] ? stripLeadingZeros(forge.util.bytesToHex(sidParts[1].value as string)) : '';
  const certificate = certificates.find((c) => {
    if (stripLeadingZeros(c.serialNumber) !== sidSerial) return false;
    const named = issuerAndSerial(c.raw);
    return named.issuerDer.equals(sidIssuer);
  });
  if (!certificate) return { ok: false, reason: "The signer's certificate is not in the signature" };

  let messageDigest: Buffer | undefined;
  let essCertHash: Buffer | undefined;
  let signingTime: Date | undefined;
  for (const attr of children(attrsNode)) {
    const [type, values] = children(attr);
    const value = children(values)[0];
    switch (oidOf(type)) {
      case OID.messageDigest:
        messageDigest = Buffer.from(value?.value as string, 'binary');
        break;
      case OID.signingCertificateV2: {
        const first = children(children(children(value)[0])[0]);
        const hashNode = first.find((n) => n.type === asn1.Type.OCTETSTRING && n.tagClass === U);
        if (hashNode) essCertHash = Buffer.from(hashNode.value as string, 'binary');
        break;
      }
      case OID.signingTime:
        try {
          signingTime =
            value?.type === asn1.Type.UTCTIME
              ? asn1.utcTimeToDate(value.value as string)
              : asn1.generalizedTimeToDate(value?.value as string);
        } catch {
          // an unreadable time is only not shown
        }
        break;
    }
  }
  if (!messageDigest) return { ok: false, reason: 'The signature has no message digest', certificate };
  if (!createHash(hash).update(content).digest().equals(messageDigest)) {
    return { ok: false, reason: 'The document was changed after it was sealed (digest mismatch)', certificate };
  }
  if (essCertHash && !createHash('sha256').update(certificate.raw).digest().equals(essCertHash)) {
    return { ok: false, reason: 'The signing certificate does not match the one the seal names', certificate };
  }
  const attrsAsSet = der(attrsNode);
  attrsAsSet[0] = 0x31;
  const valid = cryptoVerify(
    hash,
    attrsAsSet,
    certificate.publicKey,
    Buffer.from(signatureNode.value as string, 'binary'),
  );
  if (!valid) return { ok: false, reason: 'The seal signature does not verify with its certificate', certificate };
  return { ok: true, certificate, signingTime };
}
