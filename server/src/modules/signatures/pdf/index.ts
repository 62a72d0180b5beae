/**
 * The signed contract PDF and its seal (used by the signatures module):
 *
 * - `loadSigningIdentity({ db, secret, config })` once at start: the installation's seal (configured P12, or one
 *   generated at the first start and stored sealed in the database);
 * - `finalizeSignedPdf(input, { identity })` on completion: the contract with its signatures, the certificate of
 *   completion, the PAdES seal → `{ pdf, documentSha256, sealedSha256, pageCount }`;
 * - `documentContentSha256(model)`: the hash of what the signers saw (take it when sending);
 * - `verifySealedPdf(bytes, { trustedCertificateSha256 })`: is this file sealed and unchanged?
 */
export type * from './types';
export { documentContentSha256, ROLE_LABELS } from './certificate';
export {
  DocumentChangedError,
  finalizeSignedPdf,
  pngProblem,
  SignedPdfInputError,
  type FinalizeDeps,
} from './finalize';
export {
  generateSigningIdentity,
  loadSigningIdentity,
  SigningIdentityError,
  type LoadedSigningIdentity,
  type LoadSigningIdentityOptions,
} from './identity';
export { verifySealedPdf, type VerifyOptions } from './verify';
