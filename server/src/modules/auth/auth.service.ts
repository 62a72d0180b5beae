import {
  IDENTITY_MESSAGES,
  RESET_TOKEN_TTL_MS,
  type changePasswordSchema,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MS,
} from '@atrium/domain-identity/schemas';
import type { Deps } from '../../lib/deps';
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type * as z from 'zod';
import { type loginSchema, type registerSchema, type User } from '@atrium/contracts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/client';
import type { AuthContext } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { accountExistsMail, passwordResetMail, verificationCodeMail } from '../../lib/mail-templates';
import type { MailMessage } from '../../lib/mail';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { REMEMBER_ME_SECONDS } from '../../lib/session-cookies';
import { hashRefreshToken, newRefreshToken, type AccessClaims, type TokenService } from '../../lib/tokens';
import type { BusinessesService } from '../businesses/businesses.service';
import type { SessionsService } from '../sessions/sessions.service';
import { toUserDto } from '../users/users.service';
import { AttemptLimiter, MemoryCounterStore, type CounterStore } from './attempt-limiter';
import type { AuthRepository, NewUser } from './auth.repository';
import { KnownDevices } from './known-devices';
import { LoginThrottle, type LimitListener } from './login-throttle';

export type LoginData = z.output<typeof loginSchema>;
/** What the auth service uses besides its repository (built once in app.ts). */
export type AuthDeps = Pick<Deps, 'config' | 'mailer'> & {
  sessions: SessionsService;
  /** Creates an account's first business (the one home of business creation). */
  businesses: Pick<BusinessesService, 'createOwned'>;
};
export type RegisterData = z.output<typeof registerSchema>;
export type PasswordChange = z.output<typeof changePasswordSchema>;

export interface SignedIn {
  user: User;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  rememberMe: boolean;
}

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** A sign-in's client: its address and agent, and the known-device cookie its browser sent. */
export interface LoginClient extends ClientMeta {
  knownDevices: string | undefined;
}

/** Where mail failures are reported (the request's logger). */
export interface ErrorLog {
  error(obj: object, msg: string): void;
}

/** Guesses allowed per verification code before it dies (a new one must be requested). */
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Mails one address may be sent per hour and kind through resend / forgot-password / a sign-up with an address
 * that has an account.
 */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;
/**
 * How long a rotated refresh token may be presented again and get the token that replaced it (a lost answer, two
 * tabs refreshing at once) instead of ending the session as reuse.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;
/** How many rotations a replay inside the grace window may be behind the session's live token. */
const GRACE_ROTATIONS = 5;

/** Server-side session lifetime, extended on every rotation. Without rememberMe it is an idle timeout. */
const SESSION_TTL_MS = { remember: REMEMBER_ME_SECONDS * 1000, browser: 12 * 60 * 60 * 1000 };

const sessionExpiry = (rememberMe: boolean, now = Date.now()) =>
  new Date(now + (rememberMe ? SESSION_TTL_MS.remember : SESSION_TTL_MS.browser));

const notSignedIn = () => new AppError('UNAUTHORIZED', 'Not signed in');

export class AuthService {
  /** Sign-in throttling per address + account, address, account and known device (login-throttle.ts). */
  private readonly loginThrottle: LoginThrottle;
  /** Mails per address and kind (resend, forgot-password, sign-up with a taken address). */
  private readonly mailsPerAddress: AttemptLimiter;
  private readonly knownDevices: KnownDevices;

  /** `counters`: where the limits count — this process's memory by default; a shared store for several processes. */
  constructor(
    private readonly repo: AuthRepository,
    private readonly tokens: TokenService,
    private readonly deps: AuthDeps,
    counters: CounterStore = new MemoryCounterStore(),
  ) {
    this.loginThrottle = new LoginThrottle(counters, deps.config);
    this.mailsPerAddress = new AttemptLimiter(counters, 'mail', MAILS_PER_ADDRESS_PER_HOUR, 60 * 60_000);
    this.knownDevices = new KnownDevices(tokens);
  }

  /**
   * Creates an unverified user with their first business and mails the verification code. No session. An address
   * that already has an account gets the same answer (and the owner a mail instead), so sign-up does not tell
   * anyone which addresses have accounts.
   */
  async register(input: RegisterData, log?: ErrorLog): Promise<{ email: string }> {
    // Hashed first, whether or not the address is taken: both answers cost the same.
    const passwordHash = await hashPassword(input.password);
    const existing = await this.repo.findUserByEmail(input.email);
    if (existing) {
      await this.tellOwnerOfSignUp(existing, log);
      return { email: input.email };
    }
    const businessName = input.businessName || `${input.firstName}'s Business`;
    let created: { userId: string; businessId: string };
    try {
      created = await this.createAccount(
        { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName },
        businessName,
      );
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      // A concurrent sign-up with the same e-mail won the race on the unique index: an existing account now.
      const owner = await this.repo.findUserByEmail(input.email);
      if (owner) await this.tellOwnerOfSignUp(owner, log);
      return { email: input.email };
    }
    // The account exists now: a mail failure is logged, not answered (the user can ask for a new code).
    await this.sendVerificationCode({ id: created.userId, email: input.email, firstName: input.firstName }, log);
    return { email: input.email };
  }

  /**
   * A user and their first business (they own it), stored together. A taken address fails on the unique index
   * (UNIQUE_VIOLATION) and stores nothing. Sign-up and a first Google sign-in create accounts through this.
   */
  async createAccount(user: NewUser, businessName: string): Promise<{ userId: string; businessId: string }> {
    return this.repo.transaction(async (tx) => {
      const userId = await this.repo.insertUser(user, tx);
      const businessId = await this.deps.businesses.createOwned(userId, businessName, null, tx);
      return { userId, businessId };
    });
  }

  /** The business a sign-in of the user lands in (the one last used, else the oldest membership). */
  defaultBusinessId(userId: string): Promise<string | null> {
    return this.repo.defaultBusinessId(userId);
  }

  /**
   * Password sign-in, throttled by LoginThrottle (`onLimit` hears where the client stands, for the answer's
   * rate-limit headers). On success the browser's known-device cookie gains (or keeps) its entry for the user.
   */
  async login(
    input: LoginData,
    client: LoginClient,
    onLimit: LimitListener,
  ): Promise<{ signedIn: SignedIn; knownDevices: string }> {
    const found = await this.repo.findUserByEmail(input.email);
    const source = {
      ip: client.ip ?? 'unknown',
      account: input.email.toLowerCase(),
      deviceId: found ? this.knownDevices.deviceOf(client.knownDevices, found.id) : null,
    };
    await this.loginThrottle.admit(source, onLimit);
    const ok = found?.passwordHash
      ? await verifyPassword(found.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!found || !ok) {
      await this.loginThrottle.failed(source, onLimit);
      throw new AppError('LOGIN_FAILED', 'Invalid credentials');
    }
    if (!found.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', IDENTITY_MESSAGES.emailNotVerified);
    await this.loginThrottle.succeeded(source);
    const businessId = await this.repo.defaultBusinessId(found.id);
    if (!businessId) throw new AppError('FORBIDDEN', 'No business selected');
    const meta = { ip: client.ip, userAgent: client.userAgent };
    return {
      signedIn: await this.startSession(found.id, businessId, input.rememberMe, meta),
      knownDevices: this.rememberDevice(client.knownDevices, found.id),
    };
  }

  /** The known-device cookie after the user signed in on this browser (any way: password, Google). */
  rememberDevice(knownDevices: string | undefined, userId: string): string {
    return this.knownDevices.remember(knownDevices, userId);
  }

  /**
   * Checks a mailed code. Unknown address, no code, wrong, expired, used or out of attempts: all the same 400,
   * so the answer tells nothing about the address.
   */
  async verifyEmail(input: { email: string; code: string }): Promise<void> {
    const invalid = () => new AppError('VALIDATION_ERROR', IDENTITY_MESSAGES.invalidVerificationCode);
    const user = await this.repo.findUserByEmail(input.email);
    const token = user ? await this.repo.latestUnusedToken(user.id, 'verify_email') : null;
    if (!user || !token) {
      this.tokens.keyedHash(`verify_email:none:${input.code}`); // same work as a real check
      throw invalid();
    }
    if (!(await this.repo.countAttempt(token.id, MAX_CODE_ATTEMPTS))) throw invalid();
    if (!sameHex(token.tokenHash, this.codeHash(token.id, input.code))) throw invalid();
    if (!(await this.repo.consumeVerificationCode(token.id, user.id))) throw invalid();
  }

  /** Mails a fresh code (the previous one stops working) when the address belongs to an unverified account. */
  async resendVerification(email: string, log?: ErrorLog): Promise<void> {
    if (!(await this.mailsPerAddress.take(`verify|${email.toLowerCase()}`)).allowed) {
      throw new AppError('RATE_LIMITED', IDENTITY_MESSAGES.tooManyAttempts);
    }
    const user = await this.repo.findUserByEmail(email);
    if (!user || user.emailVerifiedAt) return;
    await this.sendVerificationCode(user, log);
  }

  /** Mails a reset link when the address has an account. Answers the same either way. */
  async forgotPassword(email: string, log?: ErrorLog): Promise<void> {
    if (!(await this.mailsPerAddress.take(`reset|${email.toLowerCase()}`)).allowed) {
      throw new AppError('RATE_LIMITED', IDENTITY_MESSAGES.tooManyAttempts);
    }
    const user = await this.repo.findUserByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.repo.replaceEmailToken({
      id: randomUUID(),
      userId: user.id,
      kind: 'reset_password',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${this.deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    this.sendInBackground(passwordResetMail({ to: user.email, firstName: user.firstName, link }), log);
  }

  /**
   * Sets a new password from a mailed token; every session of the user is revoked, and the account's sign-in lock
   * against unknown devices ends (the owner just proved the mailbox).
   */
  async resetPassword(input: { token: string; password: string }): Promise<void> {
    const invalid = () => new AppError('VALIDATION_ERROR', IDENTITY_MESSAGES.invalidResetToken);
    const token = await this.repo.findEmailToken(sha256(input.token), 'reset_password');
    if (!token || token.usedAt || token.expiresAt.getTime() <= Date.now()) throw invalid();
    const passwordHash = await hashPassword(input.password);
    // All or nothing: the new password, the token used up, and every session of the account signed out.
    const reset = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.resetPassword(token.id, token.userId, passwordHash, tx))) return false;
      await this.deps.sessions.revokeAllOf(token.userId, 'password_reset', { tx });
      return true;
    });
    if (!reset) throw invalid();
    await this.loginThrottle.forgive(token.email.toLowerCase());
  }

  /**
   * A signed-in user's new password (POST /users/me/password): the current one is checked, pending reset links die
   * and every session but the caller's is signed out, together. Answers how many sessions were signed out.
   */
  async changePassword(userId: string, sessionId: string, input: PasswordChange): Promise<{ revoked: number }> {
    const current = await this.repo.passwordHashOf(userId);
    const ok = current
      ? await verifyPassword(current, input.currentPassword)
      : await verifyAgainstDummy(input.currentPassword);
    if (!ok) {
      throw new AppError('VALIDATION_ERROR', IDENTITY_MESSAGES.currentPasswordWrong, [
        { field: 'currentPassword', message: IDENTITY_MESSAGES.currentPasswordWrong },
      ]);
    }
    const passwordHash = await hashPassword(input.newPassword);
    const revoked = await this.repo.transaction(async (tx) => {
      await this.repo.changePassword(userId, passwordHash, tx);
      return this.deps.sessions.revokeAllOf(userId, 'password_changed', { except: sessionId, tx });
    });
    return { revoked };
  }

  /**
   * Someone signed up with the address of an existing account: its owner is told (a few times an hour at most) —
   * sign in, or reset the password, which for an account that never verified its address also verifies it (and
   * replaces a password that whoever started the account chose). No code is mailed: verifying would confirm a
   * password the owner may not have set. The mail goes out after the answer, as for a new address.
   */
  private async tellOwnerOfSignUp(
    user: { email: string; firstName: string | null; emailVerifiedAt: Date | null },
    log?: ErrorLog,
  ): Promise<void> {
    if (!(await this.mailsPerAddress.take(`signup|${user.email.toLowerCase()}`)).allowed) return;
    const { appUrl } = this.deps.config;
    const mail = accountExistsMail({
      to: user.email,
      firstName: user.firstName,
      signInLink: `${appUrl}/signin`,
      resetLink: `${appUrl}/forgot-password`,
      unverified: !user.emailVerifiedAt,
    });
    this.sendInBackground(mail, log);
  }

  private codeHash(tokenId: string, code: string): string {
    return this.tokens.keyedHash(`verify_email:${tokenId}:${code}`);
  }

  private async sendVerificationCode(
    user: { id: string; email: string; firstName: string | null },
    log?: ErrorLog,
  ): Promise<void> {
    const code = randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
      .toString()
      .padStart(VERIFICATION_CODE_LENGTH, '0');
    const id = randomUUID();
    await this.repo.replaceEmailToken({
      id,
      userId: user.id,
      kind: 'verify_email',
      tokenHash: this.codeHash(id, code),
      expiresAt: new Date(Date.now() + VERIFICATION_CODE_TTL_MS),
    });
    this.sendInBackground(verificationCodeMail({ to: user.email, firstName: user.firstName, code }), log);
  }

  /**
   * Mail goes out after the answer: a slow or failing SMTP server neither delays nor changes it (so the
   * timing does not tell whether an address has an account). Failures are logged.
   */
  private sendInBackground(message: MailMessage, log?: ErrorLog): void {
    this.deps.mailer.send(message).catch((error: unknown) => {
      log?.error({ err: error, to: message.to, subject: message.subject }, 'sending mail failed');
    });
  }

  /** Resolves a protected request's caller. 401 for a missing/invalid/expired token or dead session. */
  /** After an unsafe request: session lookups are read afresh, in every API process sharing Redis (auth.repository.ts). */
  forgetSessionContexts(): Promise<void> {
    return this.repo.forgetSessionContexts();
  }

  async authenticate(accessToken: string | undefined): Promise<AuthContext> {
    if (!accessToken) throw notSignedIn();
    const check = await this.tokens.verifyAccess(accessToken);
    if (!check.ok) {
      throw check.reason === 'expired' ? new AppError('UNAUTHORIZED', 'Access token expired') : notSignedIn();
    }
    return this.contextOf(check.claims);
  }

  /**
   * The start-up call: a still-valid access token answers directly; otherwise a valid refresh token is
   * rotated (the caller then sets new cookies). 401 when neither works.
   */
  async autoLogin(
    accessToken: string | undefined,
    refreshToken: string | undefined,
  ): Promise<{ user: User; accessToken: string; rotated?: SignedIn }> {
    if (accessToken) {
      const check = await this.tokens.verifyAccess(accessToken);
      if (check.ok) {
        const context = await this.contextOf(check.claims).catch(() => null);
        if (context) return { user: context.user, accessToken };
      }
    }
    if (!refreshToken) throw notSignedIn();
    const rotated = await this.refresh(refreshToken);
    return { user: rotated.user, accessToken: rotated.accessToken, rotated };
  }

  /**
   * Rotates a refresh token. Presenting an already rotated token revokes the whole family (reuse), except within
   * REFRESH_REUSE_GRACE_MS of its rotation: then the answer is the token that replaced it (lib/tokens.ts derives
   * successors, so every replay gets the same one), as when a request's answer was lost or tabs refreshed at once.
   */
  async refresh(refreshToken: string | undefined): Promise<SignedIn> {
    if (!refreshToken) throw notSignedIn();
    const found = await this.repo.findRefreshToken(hashRefreshToken(refreshToken), REFRESH_REUSE_GRACE_MS);
    if (!found) throw notSignedIn();
    const { session } = found;
    if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw notSignedIn();
    const reuse = async () => {
      await this.deps.sessions.revoke(session.id, 'refresh_token_reuse');
      return notSignedIn();
    };
    if (found.usedAt && !found.usedWithinGrace) throw await reuse();

    // The business of the session, or another one if the user was removed from it meanwhile.
    let businessId = session.businessId;
    let context = await this.repo.findSessionContext(session.id, session.userId, businessId);
    if (context && !context.role) {
      businessId = (await this.repo.defaultBusinessId(session.userId)) ?? businessId;
      context = await this.repo.findSessionContext(session.id, session.userId, businessId);
    }
    if (!context?.role || !context.business) {
      await this.deps.sessions.revoke(session.id, 'no_membership');
      throw notSignedIn();
    }

    let next: string | null = null;
    if (!found.usedAt) {
      const successor = this.tokens.successorRefreshToken(refreshToken, session.id);
      const rotated = await this.repo.rotateRefreshToken({
        tokenId: found.id,
        sessionId: session.id,
        nextHash: successor.hash,
        expiresAt: sessionExpiry(session.rememberMe),
        businessId,
      });
      if (rotated) next = successor.token;
    }
    // Rotated already — by a replayed request or one that won the race just now: the live token that followed it.
    next ??= await this.liveSuccessor(refreshToken, session.id);
    if (!next) throw await reuse();
    const accessToken = await this.tokens.signAccess({ sub: session.userId, sid: session.id, bid: businessId });
    return {
      user: toUserDto(context.user, context.business, context.role),
      accessToken,
      refreshToken: next,
      sessionId: session.id,
      rememberMe: session.rememberMe,
    };
  }

  /**
   * The session's live refresh token that replaced `token` (directly, or a few rotations later), when `token` was
   * rotated within the grace window; null otherwise (then presenting it is reuse).
   */
  private async liveSuccessor(token: string, sessionId: string): Promise<string | null> {
    const presented = await this.repo.findRefreshToken(hashRefreshToken(token), REFRESH_REUSE_GRACE_MS);
    if (!presented?.usedWithinGrace) return null;
    let candidate = token;
    for (let step = 0; step < GRACE_ROTATIONS; step++) {
      candidate = this.tokens.successorRefreshToken(candidate, sessionId).token;
      const row = await this.repo.findRefreshToken(hashRefreshToken(candidate), REFRESH_REUSE_GRACE_MS);
      if (!row || row.session.id !== sessionId) return null;
      if (!row.usedAt) return candidate;
    }
    return null;
  }

  /** Revokes the caller's session, found through the access token (even expired) or the refresh token. */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const check = await this.tokens.verifyAccess(accessToken);
    const sessionId =
      check.claims?.sid ??
      (refreshToken ? await this.repo.sessionIdOfRefreshToken(hashRefreshToken(refreshToken)) : null);
    if (sessionId) await this.deps.sessions.revoke(sessionId, 'logout');
  }

  private async contextOf(claims: AccessClaims): Promise<AuthContext> {
    const row = await this.repo.findSessionContext(claims.sid, claims.sub, claims.bid);
    if (!row) throw notSignedIn();
    if (!row.role || !row.business) throw new AppError('FORBIDDEN', 'You are not a member of this business');
    return {
      userId: claims.sub,
      sessionId: claims.sid,
      businessId: claims.bid,
      role: row.role,
      user: toUserDto(row.user, row.business, row.role),
    };
  }

  /** Opens a session (refresh-token family) in a business: sign-in, and for other flows (Google, switch). */
  async startSession(userId: string, businessId: string, rememberMe: boolean, meta: ClientMeta): Promise<SignedIn> {
    const sessionId = randomUUID();
    const refresh = newRefreshToken(sessionId);
    await this.repo.createSession(
      { id: sessionId, userId, businessId, rememberMe, expiresAt: sessionExpiry(rememberMe), ...meta },
      refresh.hash,
    );
    const accessToken = await this.tokens.signAccess({ sub: userId, sid: sessionId, bid: businessId });
    const context = await this.contextOf({ sub: userId, sid: sessionId, bid: businessId });
    return { user: context.user, accessToken, refreshToken: refresh.token, sessionId, rememberMe };
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
