/** The market wire schemas and texts without the calls (what the server imports as `@atrium/domain-market/schemas`). */
export * from './community';
export * from './marketplace';
export * from './people';
