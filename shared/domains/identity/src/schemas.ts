/**
 * The identity wire schemas alone (e-mail verification, password reset and change, profile, sessions, Google,
 * public profiles): the server imports `@atrium/domain-identity/schemas`. The session's own user and the sign-in
 * shapes stay in @atrium/contracts, because the api-client's transport holds the session.
 */
export * from './identity';
