import { randomBytes } from 'node:crypto';
import type { TokenService } from '../../lib/tokens';

/** Accounts one browser is remembered for (a shared family computer); the oldest entry drops out. */
export const KNOWN_DEVICES_PER_BROWSER = 5;

/**
 * The value of the known-device cookie (lib/session-cookies.ts): `~`-separated entries, each binding a random
 * device id to a user with the app secret. Only a browser that signed in to the account holds a good entry.
 */
export class KnownDevices {
  constructor(private readonly tokens: TokenService) {}

  /** The device id the cookie holds for the user, or null (no cookie, no entry for them, or a forged one). */
  deviceOf(cookie: string | undefined, userId: string): string | null {
    for (const entry of this.entries(cookie)) {
      const known = this.tokens.verifyKnownDevice(entry);
      if (known?.userId === userId) return known.deviceId;
    }
    return null;
  }

  /** The cookie after a sign-in of the user: their entry first (the same device id when they had one). */
  remember(cookie: string | undefined, userId: string): string {
    const deviceId = this.deviceOf(cookie, userId) ?? randomBytes(16).toString('base64url');
    const others = this.entries(cookie).filter((entry) => {
      const known = this.tokens.verifyKnownDevice(entry);
      return known !== undefined && known.userId !== userId;
    });
    return [this.tokens.signKnownDevice(userId, deviceId), ...others].slice(0, KNOWN_DEVICES_PER_BROWSER).join('~');
  }

  private entries(cookie: string | undefined): string[] {
    return cookie ? cookie.split('~', KNOWN_DEVICES_PER_BROWSER + 1) : [];
  }
}
