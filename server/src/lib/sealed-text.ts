import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './secret';

const VERSION = 'v1';

/**
 * Secrets kept at rest in the database (a Google refresh token): AES-256-GCM with a key derived from the app secret
 * for that purpose, a random 96-bit IV per value, and a context (whose token, which kind) as additional data — a value
 * copied onto another row does not open. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). A database dump alone reveals nothing.
 */
export class SealedText {
  private readonly key: Buffer;

  constructor(secret: string, purpose: 'google-tokens' | 'signing-identity') {
    this.key = deriveKey(secret, purpose);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const b64 = (b: Buffer) => b.toString('base64url');
    return `${VERSION}.${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
  }

  /** The plain text, or null when the value is not ours (another secret, another row, altered). */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
