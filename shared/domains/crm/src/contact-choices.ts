import { useQueries, useQuery } from '@tanstack/react-query';
import { contactDisplayName, MAX_PAGE_SIZE } from '@atrium/contracts';
import { contacts } from './index';
import { contactKeys } from './keys';

const FIRST_CONTACTS = { page: 1, limit: MAX_PAGE_SIZE, sortBy: 'firstName', sortOrder: 'asc' } as const;

export interface ContactChoice {
  value: string;
  label: string;
}

/**
 * The business's contacts to pick for a project or a document (crm's public list call, the first 100 by first name), with the
 * contacts already linked kept as choices even when they are not among them. None when the list fails.
 */
export function useContactChoices(linked: string[] = []) {
  const q = useQuery({
    queryKey: contactKeys.list(FIRST_CONTACTS),
    queryFn: () => contacts.list(FIRST_CONTACTS),
    staleTime: 60_000,
  });
  const names = useContactNames(linked.filter((id) => !(q.data?.data ?? []).some((c) => c._id === id)));
  const choices: ContactChoice[] = (q.data?.data ?? []).map((c) => ({ value: c._id, label: contactDisplayName(c) }));
  for (const id of linked)
    if (!choices.some((c) => c.value === id)) choices.push({ value: id, label: names[id] ?? id });
  return { choices, isPending: q.isPending, isError: q.isError };
}

/** Names of contacts by id (one GET /contacts/{id} each, cached): a deleted or unreadable one is left out. */
export function useContactNames(ids: string[]): Record<string, string> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: contactKeys.one(id),
      queryFn: () => contacts.get(id),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const out: Record<string, string> = {};
  results.forEach((r, i) => {
    if (r.data) out[ids[i]!] = contactDisplayName(r.data);
  });
  return out;
}
