import type { Deps } from '../../lib/deps';
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type { loginSchema, MemberRole, registerSchema, User } from '@atrium/contracts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { REMEMBER_ME_SECONDS } from '../../lib/session-cookies';
import { hashRefreshToken, newRefreshToken, type AccessClaims, type TokenService } from '../../lib/tokens';
import { newBusiness } from '../businesses/businesses.service';
import { toUserDto } from '../users/users.service';
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

/** Server-side session lifetime, extended on every rotation. Without rememberMe it is an idle timeout. */
const SESSION_TTL_MS = { remember: REMEMBER_ME_SECONDS * 1000, browser: 12 * 60 * 60 * 1000 };

const sessionExpiry = (rememberMe: boolean, now = Date.now()) =>
  new Date(now + (rememberMe ? SESSION_TTL_MS.remember : SESSION_TTL_MS.browser));

const notSignedIn = () => new AppError('UNAUTHORIZED', 'Not signed in');

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly tokens: TokenService,
    private readonly deps?: Deps,
  ) {}

  async register(input: RegisterData, meta: ClientMeta): Promise<SignedIn> {
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
    return this.startSession(created.userId, created.businessId, true, meta);
  }

  async login(input: LoginData, meta: ClientMeta): Promise<SignedIn> {
    const found = await this.repo.findUserByEmail(input.email);
    const ok = found?.passwordHash
      ? await verifyPassword(found.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!found || !ok) throw new AppError('LOGIN_FAILED', 'Invalid credentials');
    const businessId = await this.repo.defaultBusinessId(found.id);
    if (!businessId) throw new AppError('FORBIDDEN', 'No business selected');
    return this.startSession(found.id, businessId, input.rememberMe, meta);
  }

  /** Resolves a protected request's caller. 401 for a missing/invalid/expired token or dead session. */
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

  private async startSession(
    userId: string,
    businessId: string,
    rememberMe: boolean,
    meta: ClientMeta,
  ): Promise<SignedIn> {
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
