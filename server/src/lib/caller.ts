import type { MemberRole, User } from '@atrium/contracts';

/**
 * Who is calling a protected route: resolved from the access token by the `authenticate` hook (auth module) and
 * handed to services. It lives in lib/ so that lib/http.ts, lib/crud-routes.ts and every module can name it
 * without importing the auth module (lib/ never imports modules/).
 */
export interface AuthContext {
  userId: string;
  sessionId: string;
  businessId: string;
  role: MemberRole;
  user: User;
}

/** The parts of the caller that business-scoped rules need (contacts, groups, tags, notes, imports). */
export type BusinessCaller = Pick<AuthContext, 'userId' | 'businessId'>;
