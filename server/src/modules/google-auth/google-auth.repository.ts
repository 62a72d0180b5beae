import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema';

const accountColumns = {
  id: users.id,
  email: users.email,
  googleSub: users.googleSub,
  hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
};

export type GoogleAccountRow = {
  id: string;
  email: string;
  googleSub: string | null;
  hasPassword: boolean;
  emailVerified: boolean;
};

/** The users-table side of Google sign-in: the linked `sub`, found, linked and unlinked. */
export class GoogleAuthRepository {
  constructor(private readonly db: Database) {}

  async findByGoogleSub(sub: string): Promise<GoogleAccountRow | null> {
    const [row] = await this.db.select(accountColumns).from(users).where(eq(users.googleSub, sub)).limit(1);
    return row ?? null;
  }

  async findByEmail(email: string): Promise<GoogleAccountRow | null> {
    const [row] = await this.db
      .select(accountColumns)
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row ?? null;
  }

  async findById(userId: string): Promise<GoogleAccountRow | null> {
    const [row] = await this.db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  /**
   * Links the Google account to the user when the user has none linked yet (false otherwise: another Google
   * account got there first). `verifyEmail`: Google vouched for this very address, so it counts as verified.
   * A `sub` already linked to someone else fails on the unique index (the caller maps it to a conflict).
   */
  async link(userId: string, sub: string, verifyEmail: boolean): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({
        googleSub: sub,
        updatedAt: sql`now()`,
        ...(verifyEmail ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
      })
      .where(and(eq(users.id, userId), isNull(users.googleSub)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Runs `fn` in one transaction (a link by proof and the sign-outs it causes). */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Signing in with Google to an existing account found by its e-mail: links it (false when another Google
   * account got there first) and marks the address verified. `distrustPassword` (the address had never been
   * verified): whoever set the password never proved the mailbox, so the password goes (the caller revokes every
   * session of the account in the same transaction).
   */
  async linkByEmailProof(userId: string, sub: string, distrustPassword: boolean, db: Executor): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({
        googleSub: sub,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
        ...(distrustPassword ? { passwordHash: null } : {}),
      })
      .where(and(eq(users.id, userId), isNull(users.googleSub)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Unlinks only while the user has a password (checked in the same statement). */
  async unlinkIfPassword(userId: string): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ googleSub: null, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNotNull(users.passwordHash)))
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
