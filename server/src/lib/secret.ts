import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export const SECRET_FILE = 'secret.key';

/**
 * APP_SECRET when set; otherwise a random secret persisted in `<DATA_DIR>/secret.key`, so a restart keeps
 * every session and CSRF token valid. Call it after the database is open (PGlite creates DATA_DIR itself).
 */
export function resolveAppSecret(config: Pick<Config, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process won the race: use its secret.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/** One independent key per purpose (JWT signing, CSRF HMAC, mailed codes) derived from the app secret. */
export function deriveKey(
  secret: string,
  purpose: 'jwt' | 'csrf' | 'mail-code' | 'google-tokens' | 'google-calendar-flow' | 'gmail-flow' | 'signing-identity',
): Buffer {
  return createHmac('sha256', secret).update(`atrium:${purpose}`).digest();
}
