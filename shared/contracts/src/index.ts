/**
 * The cross-cutting core every app and the server share: error codes, pagination, filters, e-mail and password
 * rules, the session's user and sign-in shapes, RemoteModule and the host's federation types, search types,
 * notes (attached to records of several domains), spec constants and texts. A domain's own wire schemas live in
 * its slice (shared/domains/<domain>); this package imports nothing of ours.
 */
export * from './constants';
export * from './messages';
export * from './email';
export * from './errors';
export * from './pagination';
export * from './user';
export * from './remote-module';
export * from './public-routes';
export * from './remote-meta';
export * from './countries';
export * from './search';
export * from './filters';
export * from './notes';
export * from './csv-formula';
export * from './csv';
export * from './list-params';
export * from './images';
