import type { Deps } from '../../lib/deps';
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type * as z from 'zod';
import {
  IDENTITY_MESSAGES,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MS,
  type loginSchema,
  type MemberRole,
  type registerSchema,
  type User,
} from '@atrium/contracts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/client';
import { AppError } from '../../lib/errors';
import { passwordResetMail, verificationCodeMail } from '../../lib/mail-templates';
import type { MailMessage } from '../../lib/mail';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { REMEMBER_ME_SECONDS } from '../../lib/session-cookies';
import { hashRefreshToken, newRefreshToken, type AccessClaims, type TokenService } from '../../lib/tokens';
import { newBusiness } from '../businesses/businesses.service';
import { toUserDto } from '../users/users.service';
import { AttemptLimiter } from './attempt-limiter';
import type { AuthRepository } from './auth.repository';

export type LoginData = z.output<typeof loginSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/** Who is calling: resolved from the access token on every protected request. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  businessId: string;
  role: MemberRole;
  user: User;
}

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

/** Where mail failures are reported (the request's logger). */
export interface ErrorLog {
  error(obj: object, msg: string): void;
}

/** Guesses allowed per verification code before it dies (a new one must be requested). */
export const MAX_CODE_ATTEMPTS = 5;
/** Failed sign-ins per account are counted over this window (limit: config.loginAccountRateLimit). */
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * 60_000;
/** Mails (new codes, reset links) one address may be sent per hour through resend / forgot-password. */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;

/** Server-side session lifetime, extended on every rotation. Without rememberMe it is an idle timeout. */
const SESSION_TTL_MS = { remember: REMEMBER_ME_SECONDS * 1000, browser: 12 * 60 * 60 * 1000 };

const sessionExpiry = (rememberMe: boolean, now = Date.now()) =>
  new Date(now + (rememberMe ? SESSION_TTL_MS.remember : SESSION_TTL_MS.browser));

const notSignedIn = () => new AppError('UNAUTHORIZED', 'Not signed in');

export class AuthService {
  /** Failed sign-ins per lower-cased e-mail (memory, per process). */
  private readonly failedLogins: AttemptLimiter;
  /** Failed sign-ins per client address across all accounts (memory, per process). */
  private readonly failedLoginsByIp: AttemptLimiter;
  /** Resend / forgot-password mails per address and kind (memory, per process). */
  private readonly mailsPerAddress = new AttemptLimiter(MAILS_PER_ADDRESS_PER_HOUR, 60 * 60_000);

  constructor(
    private readonly repo: AuthRepository,
    private readonly tokens: TokenService,
    private readonly deps: Deps,
  ) {
    this.failedLogins = new AttemptLimiter(deps.config.loginAccountRateLimit, LOGIN_ACCOUNT_WINDOW_MS);
    this.failedLoginsByIp = new AttemptLimiter(deps.config.loginIpRateLimit, LOGIN_ACCOUNT_WINDOW_MS);
  }

  /** Creates an unverified user with their first business and mails the verification code. No session. */
  async register(input: RegisterData, log?: ErrorLog): Promise<{ email: string }> {
    if (await this.repo.findUserByEmail(input.email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    const businessName = input.businessName || `${input.firstName}'s Business`;
    let created: { userId: string; businessId: string };
    try {
      created = await this.repo.createAccount({
        user: { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName },
        business: newBusiness(businessName),
      });
    } catch (error) {
      // A concurrent sign-up with the same e-mail lost the race on the unique index.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
    // The account exists now: a mail failure is logged, not answered (the user can ask for a new code).
    await this.sendVerificationCode({ id: created.userId, email: input.email, firstName: input.firstName }, log);
    return { email: input.email };
  }

  async login(input: LoginData, meta: ClientMeta): Promise<SignedIn> {
    const account = input.email.toLowerCase();
    const address = meta.ip ?? 'unknown';
    if (this.failedLogins.blocked(account) || this.failedLoginsByIp.blocked(address)) {
      throw new AppError('RATE_LIMITED', IDENTITY_MESSAGES.tooManyAttempts);
    }
    const found = await this.repo.findUserByEmail(input.email);
    const ok = found?.passwordHash
      ? await verifyPassword(found.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!found || !ok) {
      this.failedLogins.hit(account);
      this.failedLoginsByIp.hit(address);
      throw new AppError('LOGIN_FAILED', 'Invalid credentials');
    }
    if (!found.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', IDENTITY_MESSAGES.emailNotVerified);
    this.failedLogins.reset(account);
    const businessId = await this.repo.defaultBusinessId(found.id);
    if (!businessId) throw new AppError('FORBIDDEN', 'No business selected');
    return this.startSession(found.id, businessId, input.rememberMe, meta);
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
    if (!this.mailsPerAddress.take(`verify|${email.toLowerCase()}`)) {
      throw new AppError('RATE_LIMITED', IDENTITY_MESSAGES.tooManyAttempts);
    }
    const user = await this.repo.findUserByEmail(email);
    if (!user || user.emailVerifiedAt) return;
    await this.sendVerificationCode(user, log);
  }

  /** Mails a reset link when the address has an account. Answers the same either way. */
  async forgotPassword(email: string, log?: ErrorLog): Promise<void> {
    if (!this.mailsPerAddress.take(`reset|${email.toLowerCase()}`)) {
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

  /** Sets a new password from a mailed token; every session of the user is revoked. */
  async resetPassword(input: { token: string; password: string }): Promise<void> {
    const invalid = () => new AppError('VALIDATION_ERROR', IDENTITY_MESSAGES.invalidResetToken);
    const token = await this.repo.findEmailToken(sha256(input.token), 'reset_password');
    if (!token || token.usedAt || token.expiresAt.getTime() <= Date.now()) throw invalid();
    const passwordHash = await hashPassword(input.password);
    if (!(await this.repo.resetPassword(token.id, token.userId, passwordHash))) throw invalid();
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
  /** After an unsafe request: session lookups are read afresh (auth.repository.ts). */
  forgetSessionContexts(): void {
    this.repo.forgetSessionContexts();
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

  /** Rotates a refresh token. Presenting an already rotated token revokes the whole family. */
  async refresh(refreshToken: string | undefined): Promise<SignedIn> {
    if (!refreshToken) throw notSignedIn();
    const found = await this.repo.findRefreshToken(hashRefreshToken(refreshToken));
    if (!found) throw notSignedIn();
    const { session } = found;
    if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw notSignedIn();
    if (found.usedAt) {
      await this.repo.revokeSession(session.id, 'refresh_token_reuse');
      throw notSignedIn();
    }

    // The business of the session, or another one if the user was removed from it meanwhile.
    let businessId = session.businessId;
    let context = await this.repo.findSessionContext(session.id, session.userId, businessId);
    if (context && !context.role) {
      businessId = (await this.repo.defaultBusinessId(session.userId)) ?? businessId;
      context = await this.repo.findSessionContext(session.id, session.userId, businessId);
    }
    if (!context?.role || !context.business) {
      await this.repo.revokeSession(session.id, 'no_membership');
      throw notSignedIn();
    }

    const next = newRefreshToken(session.id);
    const rotated = await this.repo.rotateRefreshToken({
      tokenId: found.id,
      sessionId: session.id,
      nextHash: next.hash,
      expiresAt: sessionExpiry(session.rememberMe),
      businessId,
    });
    if (!rotated) {
      await this.repo.revokeSession(session.id, 'refresh_token_reuse');
      throw notSignedIn();
    }
    const accessToken = await this.tokens.signAccess({ sub: session.userId, sid: session.id, bid: businessId });
    return {
      user: toUserDto(context.user, context.business, context.role),
      accessToken,
      refreshToken: next.token,
      sessionId: session.id,
      rememberMe: session.rememberMe,
    };
  }

  /** Revokes the caller's session, found through the access token (even expired) or the refresh token. */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const check = await this.tokens.verifyAccess(accessToken);
    const sessionId =
      check.claims?.sid ??
      (refreshToken ? await this.repo.sessionIdOfRefreshToken(hashRefreshToken(refreshToken)) : null);
    if (sessionId) await this.repo.revokeSession(sessionId, 'logout');
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

const emailTaken = () => new AppError('CONFLICT', 'An account with this email already exists');

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
