/**
 * The installation's document seal: the certificate and key that seal every completed contract (PAdES).
 *
 * - SIGNING_P12_PATH (+ SIGNING_P12_PASSPHRASE) set: that PKCS#12 file is used (an RSA key and its certificate, for
 *   instance one issued by a CA the business's readers trust). A file that cannot be read or opened stops the start
 *   with a message that says which setting is wrong.
 * - Otherwise a self-signed one is generated at the first start ("Atrium document seal — <host of APP_URL>") and
 *   stored in `signing_identities`, sealed with the app secret (AES-256-GCM, lib/sealed-text.ts): every API process and
 *   every restart seals with the same certificate, and a database dump alone does not reveal the key. Two processes
 *   starting together both generate one; the first insert wins and both use it.
 */
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { signingIdentities } from '../../../db/schema';
import { SealedText } from '../../../lib/sealed-text';
import type { SigningIdentity } from './types';

/** The one row of signing_identities (an installation has one seal). */
export const INSTALLATION_IDENTITY_ID = 'installation';

/** What the seal needs at signing time, parsed once per process. */
export interface LoadedSigningIdentity extends SigningIdentity {
  privateKey: KeyObject;
  /** DER of the seal certificate. */
  certificateDer: Buffer;
  /** Issuer (DER of the Name) and serial number (DER INTEGER contents), for the CMS signer identifier. */
  issuerDer: Buffer;
  serialHex: string;
}

export class SigningIdentityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningIdentityError';
  }
}

/** The issuer Name (DER) and serial number (hex of the INTEGER's bytes) of a certificate, as written in it. */
export function issuerAndSerial(certificateDer: Buffer): { issuerDer: Buffer; serialHex: string } {
  const cert = forge.asn1.fromDer(forge.util.createBuffer(certificateDer.toString('binary')));
  const tbs = (cert.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  // TBSCertificate: [0] version (optional), serialNumber, signature, issuer, …
  const offset = tbs[0]!.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = tbs[offset]!;
  const issuer = tbs[offset + 2]!;
  return {
    issuerDer: Buffer.from(forge.asn1.toDer(issuer).getBytes(), 'binary'),
    serialHex: forge.util.bytesToHex(serial.value as string),
  };
}

function certificateInfo(cert: forge.pki.Certificate) {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  // Issuer and serial exactly as encoded in the certificate (re-encoding forge's parsed name may differ).
  const { issuerDer, serialHex } = issuerAndSerial(der);
  // Node reads the name's string types (UTF8String, PrintableString…) as they are meant.
  const cn = new X509Certificate(der).subject
    .split('\n')
    .find((line) => line.startsWith('CN='))
    ?.slice(3);
  return {
    certificateDer: der,
    issuerDer,
    serialHex,
    certificatePem: forge.pki.certificateToPem(cert),
    certificateSha256: createHash('sha256').update(der).digest('hex'),
    commonName: cn ?? '',
  };
}

/**
 * Opens a PKCS#12: its private key (RSA) and the certificate that matches it. Throws SigningIdentityError with
 * `what` (which setting or record) in the message when the passphrase is wrong or the file holds no usable pair.
 */
export function openP12(
  p12: Buffer,
  passphrase: string,
  source: SigningIdentity['source'],
  what: string,
): LoadedSigningIdentity {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
    parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SigningIdentityError(
      /password|MAC/i.test(detail)
        ? `${what}: the passphrase does not open this PKCS#12 file (${detail})`
        : `${what}: not a readable PKCS#12 file (${detail})`,
    );
  }
  const oids = forge.pki.oids as Record<string, string>;
  const bagsOf = (type: string): forge.pkcs12.Bag[] => parsed.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bagsOf(oids.pkcs8ShroudedKeyBag!), ...bagsOf(oids.keyBag!)];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key || !(key as { n?: unknown }).n)
    throw new SigningIdentityError(`${what}: the PKCS#12 file holds no RSA private key`);
  const certs = bagsOf(oids.certBag!)
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return !!pub.n && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
  });
  if (!cert) throw new SigningIdentityError(`${what}: no certificate in the PKCS#12 file matches its private key`);
  const info = certificateInfo(cert);
  return {
    ...info,
    p12,
    passphrase,
    source,
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
  };
}

/** A new self-signed seal: RSA 2048 (generated by Node's crypto), SHA-256, ten years, non-repudiation. */
export function generateSigningIdentity(commonName: string, now = new Date()): LoadedSigningIdentity {
  const { privateKey: pem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial of 16 random bytes.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const name = [
    // forge writes a UTF8String value UTF-8 encoded itself.
    { name: 'commonName', value: commonName, valueTagClass: forge.asn1.Type.UTF8 },
    { name: 'organizationName', value: 'Atrium' },
  ];
  cert.setSubject(name as forge.pki.CertificateField[]);
  cert.setIssuer(name as forge.pki.CertificateField[]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12Asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: commonName,
  });
  const p12 = Buffer.from(forge.asn1.toDer(p12Asn1).getBytes(), 'binary');
  return openP12(p12, passphrase, 'generated', 'generated signing identity');
}

/** "Atrium document seal — atrium.example.com" (the host of APP_URL names the installation). */
export function sealCommonName(appUrl: string): string {
  let host = appUrl;
  try {
    host = new URL(appUrl).host;
  } catch {
    // keep the text as given
  }
  return `Atrium document seal — ${host}`;
}

const SEAL_CONTEXT = `signing-identity:${INSTALLATION_IDENTITY_ID}`;

export interface LoadSigningIdentityOptions {
  db: Database;
  /** The app secret (lib/secret.ts resolveAppSecret): seals the generated key at rest. */
  secret: string;
  config: Pick<Config, 'signingP12Path' | 'signingP12Passphrase' | 'appUrl'>;
}

/**
 * The installation's seal: the configured P12, else the stored generated one, else a new one stored now.
 * Throws SigningIdentityError (meant to stop the start) when the configured file cannot be used, or when the stored
 * one was sealed with another app secret.
 */
export async function loadSigningIdentity({
  db,
  secret,
  config,
}: LoadSigningIdentityOptions): Promise<LoadedSigningIdentity> {
  if (config.signingP12Path) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(config.signingP12Path);
    } catch (error) {
      throw new SigningIdentityError(
        `SIGNING_P12_PATH (${config.signingP12Path}) cannot be read: ${(error as Error).message}`,
      );
    }
    return openP12(
      bytes,
      config.signingP12Passphrase ?? '',
      'configured',
      `SIGNING_P12_PATH (${config.signingP12Path}) with SIGNING_P12_PASSPHRASE`,
    );
  }

  const sealed = new SealedText(secret, 'signing-identity');
  const read = async () =>
    (await db.select().from(signingIdentities).where(eq(signingIdentities.id, INSTALLATION_IDENTITY_ID)))[0];

  let row = await read();
  if (!row) {
    const fresh = generateSigningIdentity(sealCommonName(config.appUrl));
    const material = JSON.stringify({ p12: fresh.p12.toString('base64'), passphrase: fresh.passphrase });
    await db
      .insert(signingIdentities)
      .values({
        id: INSTALLATION_IDENTITY_ID,
        sealedP12: sealed.seal(material, SEAL_CONTEXT),
        certificatePem: fresh.certificatePem,
        certificateSha256: fresh.certificateSha256,
      })
      .onConflictDoNothing();
    row = await read();
    if (!row) throw new SigningIdentityError('The signing identity could not be stored');
    if (row.certificateSha256 === fresh.certificateSha256) return fresh;
  }
  const opened = sealed.open(row.sealedP12, SEAL_CONTEXT);
  if (opened === null) {
    throw new SigningIdentityError(
      'The stored signing identity (signing_identities) was sealed with another APP_SECRET: restore that secret, ' +
        'or set SIGNING_P12_PATH to a certificate of your own',
    );
  }
  const { p12, passphrase } = JSON.parse(opened) as { p12: string; passphrase: string };
  return openP12(Buffer.from(p12, 'base64'), passphrase, 'generated', 'stored signing identity');
}
