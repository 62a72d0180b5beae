/** The work wire schemas alone (zod schemas, types, texts, limits): what the server imports as `@atrium/domain-work/schemas`. */
export * from './common';
export * from './files';
export * from './project';
export * from './task';
export * from './activity';
export * from './meeting';
export * from './google-calendar';
