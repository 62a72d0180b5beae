import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with the library's OWASP defaults (m=19 MiB, t=2, p=1). */
const OPTIONS = { algorithm: 2 satisfies Algorithm /* Argon2id */ };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Burns the same time as a real check, so an unknown e-mail answers like a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('atrium-dummy-password-1');
  await verifyPassword(await dummyHash, password);
  return false;
}
