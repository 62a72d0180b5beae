import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { contactDisplayName, MAX_PAGE_SIZE } from '@atrium/contracts';
import { contacts, contactKeys } from '@atrium/domain-crm/public';
import { businesses, businessKeys } from '@atrium/domain-admin/public';
import type { MeetingAttendee } from '@atrium/domain-work';

const FIRST_CONTACTS = { page: 1, limit: MAX_PAGE_SIZE, sortBy: 'firstName', sortOrder: 'asc' } as const;

/** A person who may attend: a contact or a member, as the meeting stores them (id, model, email, name). */
export interface AttendeeChoice {
  /** `Contact:<id>` or `User:<id>`: a contact and a member may share an id. */
  value: string;
  label: string;
  attendee: MeetingAttendee;
}

export const attendeeValue = (a: Pick<MeetingAttendee, 'id' | 'model'>) => `${a.model}:${a.id}`;

const fullName = (first?: string | null, last?: string | null) => [first, last].filter(Boolean).join(' ').trim();

/**
 * The current business's members (the caller's businesses from admin's public list call, which the host's switcher
 * caches too), for the meeting's organizer and member attendees. None when it fails.
 */
export function useMembers() {
  const businessId = useSnapshot(sessionView).user?.businessId;
  const q = useQuery({ queryKey: businessKeys.list, queryFn: () => businesses.list(), staleTime: 60_000 });
  const business = q.data?.find((b) => b.id === businessId || b._id === businessId);
  const members = (business?.members ?? []).map((m) => ({
    id: m.userId,
    email: m.user?.email ?? null,
    name: fullName(m.user?.firstName, m.user?.lastName) || m.user?.email || m.userId,
  }));
  return { members, isPending: q.isPending, isError: q.isError };
}

/**
 * Everyone a meeting may list as attendees: the business's contacts (crm's public list, the first 100 by first
 * name) and its members; the attendees already on the meeting stay choices even when not among them.
 */
export function useAttendeeChoices(current: readonly MeetingAttendee[] = []) {
  const q = useQuery({
    queryKey: contactKeys.list(FIRST_CONTACTS),
    queryFn: () => contacts.list(FIRST_CONTACTS),
    staleTime: 60_000,
  });
  const m = useMembers();
  const choices: AttendeeChoice[] = [
    ...m.members.map((u) => ({
      value: `User:${u.id}`,
      label: `${u.name} (member)`,
      attendee: { id: u.id, model: 'User' as const, email: u.email, name: u.name },
    })),
    ...(q.data?.data ?? []).map((c) => {
      const name = contactDisplayName(c);
      return {
        value: `Contact:${c._id}`,
        label: name,
        attendee: { id: c._id, model: 'Contact' as const, email: c.email ?? null, name },
      };
    }),
  ];
  for (const a of current)
    if (!choices.some((c) => c.value === attendeeValue(a)))
      choices.push({ value: attendeeValue(a), label: a.name || a.email || a.id, attendee: a });
  return { choices, isPending: q.isPending || m.isPending, isError: q.isError && m.isError };
}
