/** The documents wire schemas and pure rules alone: what the server imports as `@atrium/domain-documents/schemas`. */
export * from './messages';
export * from './money';
export * from './blocks';
export * from './document';
export * from './tax-rate';
export * from './merge-tags';
export * from './pdf';
export * from './packages';
export * from './files';
export * from './forms';
export * from './signatures';
export * from './payments';
export * from './finance';
