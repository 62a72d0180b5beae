/** What a notification calls a person whose name is blank. */
export const SOMEONE = 'Someone';

/**
 * A person as a notification names them to others: first and last name, or 'Someone' when both are blank — never
 * their email, which the people told (a community's moderators, a friend request's recipient) may have no other way
 * to see.
 */
export function notifiedName(person: { firstName?: string | null; lastName?: string | null } | null | undefined) {
  return `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim() || SOMEONE;
}
