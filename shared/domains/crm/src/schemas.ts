/** The crm wire schemas alone (zod schemas, types, texts, limits): what the server imports as `@atrium/domain-crm/schemas`. */
export * from './contact';
export * from './contact-list';
export * from './contact-groups';
export * from './contact-tags';
export * from './contact-import';
