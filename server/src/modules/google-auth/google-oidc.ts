import * as oidc from 'openid-client';

export interface GoogleClientConfig {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com, or a local mock issuer in tests. */
  issuer: string;
}

/** What the browser must keep between the start and the callback (in the signed flow cookie). */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The verified ID token's claims the sign-in needs. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/** Thrown for anything the provider or its answer got wrong; the route turns it into a 400. */
export class GoogleFlowError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'GoogleFlowError';
  }
}

const HTTP_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/**
 * The OpenID Connect relying party for Google (openid-client): discovery of the issuer's metadata (cached;
 * retried after a failure), authorization URL with PKCE S256, state and nonce, and the code exchange with
 * the verifier. The ID token is checked for iss, aud, exp/iat, nonce, and — non-repudiation checks — its
 * signature against the issuer's JWKS, although it came straight from the token endpoint over TLS.
 */
export class GoogleOidc {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly client: GoogleClientConfig,
    readonly redirectUri: string,
  ) {}

  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const insecure = new URL(this.client.issuer).protocol === 'http:';
      this.discovered = oidc
        .discovery(new URL(this.client.issuer), this.client.clientId, this.client.clientSecret, undefined, {
          // A plain-http issuer is only ever a local mock (tests, e2e); Google itself is https.
          execute: [...(insecure ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks],
          timeout: HTTP_TIMEOUT_SECONDS,
        })
        .then((config) => {
          config.timeout = HTTP_TIMEOUT_SECONDS;
          return config;
        })
        .catch((error: unknown) => {
          this.discovered = null;
          throw new GoogleFlowError('discovery failed', { cause: error });
        });
    }
    return this.discovered;
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Exchanges the code (with the PKCE verifier) and returns the ID token's verified identity. */
  async exchange(
    callback: { code: string; state: string; iss?: string },
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<GoogleIdentity> {
    const config = await this.configuration();
    const currentUrl = new URL(this.redirectUri);
    currentUrl.searchParams.set('code', callback.code);
    currentUrl.searchParams.set('state', callback.state);
    if (callback.iss) currentUrl.searchParams.set('iss', callback.iss);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new GoogleFlowError(`code exchange failed: ${(error as Error).message}`, { cause: error });
    }
    if (!claims) throw new GoogleFlowError('no ID token');
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
    const email = text(claims.email);
    if (!email) throw new GoogleFlowError('no email claim');
    return {
      sub: claims.sub,
      email: email.toLowerCase(),
      // Google sends a boolean; some issuers send the string.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
      name: text(claims.name),
    };
  }
}
