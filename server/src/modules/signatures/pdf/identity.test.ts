import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../config';
import { createTestDatabase, sqlRows, type TestDatabase } from '../../../../test/helpers';
import {
  finalizeSignedPdf,
  generateSigningIdentity,
  loadSigningIdentity,
  SigningIdentityError,
  verifySealedPdf,
} from './index';
import { sampleFinalizeInput } from './sample';

const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-identity-'));
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

const secret = randomBytes(32).toString('base64url');
const config = (env: NodeJS.ProcessEnv = {}) =>
  loadConfig({ DATA_DIR: '/nonexistent/atrium-test-data', APP_URL: 'https://studio.example', ...env });

describe('loadSigningIdentity without a configured P12', () => {
  it('generates one seal at the first start, stores it sealed, and every later start (or process) loads the same', async () => {
    const deps = { db: db.handle.db, secret, config: config() };
    // Two processes starting together on an empty table: one insert wins, both use it.
    const [a, b] = await Promise.all([loadSigningIdentity(deps), loadSigningIdentity(deps)]);
    expect(a.source).toBe('generated');
    expect(a.commonName).toBe('Atrium document seal — studio.example');
    expect(b.certificateSha256).toBe(a.certificateSha256);
    const again = await loadSigningIdentity(deps);
    expect(again.certificateSha256).toBe(a.certificateSha256);

    const rows = await sqlRows<{ id: string; sealed_p12: string; certificate_pem: string; certificate_sha256: string }>(
      db.handle.db,
      sql`SELECT id, sealed_p12, certificate_pem, certificate_sha256 FROM signing_identities`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'installation', certificate_sha256: a.certificateSha256 });
    // At rest the key is sealed: neither the P12 nor its passphrase is in the row.
    expect(rows[0]!.sealed_p12).toMatch(/^v1\./);
    expect(rows[0]!.sealed_p12).not.toContain(a.p12.toString('base64').slice(0, 40));
    expect(rows[0]!.sealed_p12).not.toContain(a.passphrase);

    // A PDF sealed by one process verifies as the other's.
    const out = await finalizeSignedPdf(sampleFinalizeInput(1), { identity: a });
    expect(verifySealedPdf(out.pdf, { trustedCertificateSha256: again.certificateSha256 }).valid).toBe(true);
  }, 60_000);

  it('stops the start with a clear error when the stored seal was made under another app secret', async () => {
    const other = randomBytes(32).toString('base64url');
    await expect(loadSigningIdentity({ db: db.handle.db, secret: other, config: config() })).rejects.toThrow(
      /sealed with another APP_SECRET/,
    );
  });
});

describe('loadSigningIdentity with SIGNING_P12_PATH', () => {
  const made = generateSigningIdentity('Studio Atrium qualified seal');
  const file = path.join(dir, 'seal.p12');
  writeFileSync(file, made.p12);

  it('uses the configured PKCS#12 (and stores nothing)', async () => {
    const before = await sqlRows(db.handle.db, sql`SELECT id FROM signing_identities`);
    const identity = await loadSigningIdentity({
      db: db.handle.db,
      secret,
      config: config({ SIGNING_P12_PATH: file, SIGNING_P12_PASSPHRASE: made.passphrase }),
    });
    expect(identity).toMatchObject({
      source: 'configured',
      commonName: 'Studio Atrium qualified seal',
      certificateSha256: made.certificateSha256,
    });
    const out = await finalizeSignedPdf(sampleFinalizeInput(1), { identity });
    expect(verifySealedPdf(out.pdf)).toMatchObject({ valid: true, signer: 'Studio Atrium qualified seal' });
    expect(await sqlRows(db.handle.db, sql`SELECT id FROM signing_identities`)).toEqual(before);
  }, 60_000);

  it('refuses a wrong passphrase, an unreadable file and a file that is not PKCS#12 with a message naming the setting', async () => {
    const load = (env: NodeJS.ProcessEnv) => loadSigningIdentity({ db: db.handle.db, secret, config: config(env) });
    const wrong = load({ SIGNING_P12_PATH: file, SIGNING_P12_PASSPHRASE: 'not the passphrase' });
    await expect(wrong).rejects.toBeInstanceOf(SigningIdentityError);
    await expect(wrong).rejects.toThrow(/SIGNING_P12_PATH .*SIGNING_P12_PASSPHRASE: the passphrase does not open/);
    await expect(load({ SIGNING_P12_PATH: path.join(dir, 'missing.p12') })).rejects.toThrow(
      /SIGNING_P12_PATH .*missing\.p12.* cannot be read/,
    );
    const junk = path.join(dir, 'junk.p12');
    writeFileSync(junk, 'not a certificate');
    await expect(load({ SIGNING_P12_PATH: junk })).rejects.toThrow(/not a readable PKCS#12 file/);
  });
});
