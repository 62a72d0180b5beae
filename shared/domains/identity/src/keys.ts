/* Every query key of the identity domain, spelled once (no literal keys in apps). */

export const userKeys = {
  /** The signed-in user's open sessions (profile → Security). */
  sessions: ['users', 'me', 'sessions'] as const,
  /** Another user's public profile. */
  publicProfile: (id: string | undefined) => ['users', id, 'public'] as const,
};
