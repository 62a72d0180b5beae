import { timingSafeEqual } from 'node:crypto';
import { IDENTITY_MESSAGES } from '@atrium/domain-identity/schemas';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { AuthService, ClientMeta, SignedIn } from '../auth/auth.service';
import type { SessionsService } from '../sessions/sessions.service';
import { FlowCookie, type FlowMode, type FlowState } from './flow-cookie';
import type { GoogleAuthRepository, GoogleAccountRow } from './google-auth.repository';
import { GoogleFlowError, GoogleOidc, type GoogleIdentity } from './google-oidc';

/** The SPA route Google sends the browser back to (docs/requirements.md §2: /auth/google/callback). */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

export const GOOGLE_MESSAGES = {
  emailNotVerified: 'Your Google account’s email address is not verified, so it cannot be used to sign in.',
  emailLinkedElsewhere: 'An Atrium account with this email address is already linked to a different Google account.',
  googleLinkedElsewhere: 'This Google account is already linked to another Atrium account.',
  alreadyLinked: 'Your account is already linked to a Google account. Unlink it first.',
  linkWrongUser: 'This Google link was started by another user. Please try again.',
  unlinkNeedsPassword:
    'Set a password before unlinking Google, or you could not sign in again. Use “Forgot password” on the sign-in page to set one.',
} as const;

const failed = () => new AppError('VALIDATION_ERROR', IDENTITY_MESSAGES.googleSignInFailed);
const notConfigured = () => new AppError('VALIDATION_ERROR', IDENTITY_MESSAGES.googleNotConfigured);

export type GoogleOutcome = { kind: 'signedIn'; signedIn: SignedIn } | { kind: 'linked'; userId: string };

export interface GoogleStatus {
  enabled: boolean;
  linked: boolean;
  hasPassword: boolean;
  email: string;
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** First and last name for a new account, from the ID token (given/family name, else the full name, else the address). */
function namesOf(identity: GoogleIdentity): { firstName: string; lastName: string } {
  const cut = (s: string) => s.slice(0, 100);
  if (identity.givenName) return { firstName: cut(identity.givenName), lastName: cut(identity.familyName ?? '') };
  if (identity.name) {
    const [first, ...rest] = identity.name.split(/\s+/);
    return { firstName: cut(first!), lastName: cut(rest.join(' ')) };
  }
  return { firstName: cut(identity.email.split('@')[0] || 'Google user'), lastName: '' };
}

/**
 * Google sign-in (docs/requirements.md §2, §7, §9): start hands out the authorization URL and the sealed flow state;
 * complete checks the state, exchanges the code, and finds (by Google `sub`), links (by verified e-mail) or
 * creates the user, then signs in exactly like a password login.
 */
export class GoogleAuthService {
  readonly oidc: GoogleOidc | null;
  readonly flows: FlowCookie;

  constructor(
    deps: Pick<Deps, 'config' | 'secret'>,
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly repo: GoogleAuthRepository,
  ) {
    const google = deps.config.google;
    this.oidc = google ? new GoogleOidc(google, `${deps.config.appUrl}${GOOGLE_CALLBACK_PATH}`) : null;
    this.flows = new FlowCookie(deps.secret);
  }

  get enabled(): boolean {
    return this.oidc !== null;
  }

  /** 400 with IDENTITY_MESSAGES.googleNotConfigured when GOOGLE_CLIENT_ID/SECRET are not set. */
  assertEnabled(): void {
    this.client();
  }

  private client(): GoogleOidc {
    if (!this.oidc) throw notConfigured();
    return this.oidc;
  }

  /** The URL to send the browser to, and the flow state to seal into the cookie. */
  async start(
    mode: FlowMode,
    userId: string | null,
    log: (error: unknown) => void,
  ): Promise<{ url: string; flow: FlowState }> {
    const client = this.client();
    let request;
    try {
      request = await client.authorizationRequest();
    } catch (error) {
      // The issuer cannot be reached or answered nonsense: a server-side problem, logged as such.
      log(error);
      throw new AppError('INTERNAL_ERROR', IDENTITY_MESSAGES.googleSignInFailed);
    }
    return {
      url: request.url,
      flow: {
        state: request.state,
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        mode,
        userId,
        startedAt: Date.now(),
      },
    };
  }

  /**
   * The callback's code and state against the flow from the cookie. `currentUserId` is the signed-in caller
   * (link mode requires the user who started it).
   */
  async complete(
    flow: FlowState | null,
    callback: { code: string; state: string; iss?: string },
    currentUserId: string | null,
    meta: ClientMeta,
    log: (reason: string) => void,
  ): Promise<GoogleOutcome> {
    const client = this.client();
    if (!flow) {
      log('no or invalid flow cookie');
      throw failed();
    }
    if (!sameString(flow.state, callback.state)) {
      log('state mismatch');
      throw failed();
    }
    if (flow.mode === 'link' && (!currentUserId || currentUserId !== flow.userId)) {
      throw new AppError('VALIDATION_ERROR', GOOGLE_MESSAGES.linkWrongUser);
    }
    let identity: GoogleIdentity;
    try {
      identity = await client.exchange(callback, flow);
    } catch (error) {
      log(error instanceof GoogleFlowError ? error.reason : String(error));
      throw failed();
    }
    if (!identity.emailVerified) throw new AppError('VALIDATION_ERROR', GOOGLE_MESSAGES.emailNotVerified);

    if (flow.mode === 'link') {
      await this.linkTo(currentUserId!, identity);
      return { kind: 'linked', userId: currentUserId! };
    }
    const userId = await this.userFor(identity);
    const businessId = await this.auth.defaultBusinessId(userId);
    if (!businessId) throw new AppError('FORBIDDEN', 'No business selected');
    return { kind: 'signedIn', signedIn: await this.auth.startSession(userId, businessId, true, meta) };
  }

  /** By `sub`; else by e-mail (linked now); else a new verified account without a password, with its business. */
  private async userFor(identity: GoogleIdentity): Promise<string> {
    const bySub = await this.repo.findByGoogleSub(identity.sub);
    if (bySub) return bySub.id;

    const byEmail = await this.repo.findByEmail(identity.email);
    if (byEmail) return this.linkExisting(byEmail, identity);

    const { firstName, lastName } = namesOf(identity);
    try {
      const created = await this.auth.createAccount(
        {
          email: identity.email,
          passwordHash: null,
          firstName,
          lastName,
          emailVerifiedAt: new Date(),
          googleSub: identity.sub,
        },
        `${firstName}'s Business`,
      );
      return created.userId;
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      // A concurrent callback for the same person created the account first.
      const again = (await this.repo.findByGoogleSub(identity.sub)) ?? (await this.repo.findByEmail(identity.email));
      if (!again) throw error;
      return again.googleSub === identity.sub ? again.id : this.linkExisting(again, identity);
    }
  }

  /**
   * Google proved the mailbox of an existing account. When that account's address was never verified, whoever
   * set its password did not prove the mailbox either (a pre-registered account): the password and that
   * account's sessions are dropped so only the mailbox owner gets in.
   */
  private async linkExisting(account: GoogleAccountRow, identity: GoogleIdentity): Promise<string> {
    if (account.googleSub && account.googleSub !== identity.sub) {
      throw new AppError('CONFLICT', GOOGLE_MESSAGES.emailLinkedElsewhere);
    }
    if (account.googleSub === identity.sub) return account.id;
    const distrustPassword = !account.emailVerified;
    const linked = await this.repo
      .transaction(async (tx) => {
        const done = await this.repo.linkByEmailProof(account.id, identity.sub, distrustPassword, tx);
        if (done && distrustPassword) await this.sessions.revokeAllOf(account.id, 'google_email_proof', { tx });
        return done;
      })
      .catch((e) => {
        if (pgErrorCode(e) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', GOOGLE_MESSAGES.googleLinkedElsewhere);
        throw e;
      });
    if (!linked) {
      const now = await this.repo.findById(account.id);
      if (now?.googleSub !== identity.sub) throw new AppError('CONFLICT', GOOGLE_MESSAGES.emailLinkedElsewhere);
    }
    return account.id;
  }

  /** Link mode: the signed-in user adds their Google account. */
  private async linkTo(userId: string, identity: GoogleIdentity): Promise<void> {
    const user = await this.repo.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
    if (user.googleSub === identity.sub) return;
    if (user.googleSub) throw new AppError('CONFLICT', GOOGLE_MESSAGES.alreadyLinked);
    const other = await this.repo.findByGoogleSub(identity.sub);
    if (other) throw new AppError('CONFLICT', GOOGLE_MESSAGES.googleLinkedElsewhere);
    const sameAddress = user.email.toLowerCase() === identity.email;
    const linked = await this.repo.link(userId, identity.sub, sameAddress).catch((e) => {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', GOOGLE_MESSAGES.googleLinkedElsewhere);
      throw e;
    });
    if (!linked) throw new AppError('CONFLICT', GOOGLE_MESSAGES.alreadyLinked);
  }

  async status(userId: string): Promise<GoogleStatus> {
    const user = await this.repo.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
    return { enabled: this.enabled, linked: user.googleSub !== null, hasPassword: user.hasPassword, email: user.email };
  }

  /** Refused without a password: the user could not sign in any more. Unlinking an unlinked account is a no-op. */
  async unlink(userId: string): Promise<GoogleStatus> {
    const user = await this.repo.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
    if (user.googleSub !== null) {
      if (!user.hasPassword) throw new AppError('VALIDATION_ERROR', GOOGLE_MESSAGES.unlinkNeedsPassword);
      if (!(await this.repo.unlinkIfPassword(userId))) {
        throw new AppError('VALIDATION_ERROR', GOOGLE_MESSAGES.unlinkNeedsPassword);
      }
    }
    return this.status(userId);
  }
}
