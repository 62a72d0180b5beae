/** The admin wire schemas alone (businesses, members, invites, admin users, subscription): the server imports `@atrium/domain-admin/schemas`. */
export * from './business';
export * from './admin-users';
export * from './subscription';
