import { useQueries, useQuery } from '@tanstack/react-query';
import { contactDisplayName, MAX_PAGE_SIZE } from '@atrium/contracts';
import { contacts, contactKeys } from '@atrium/domain-crm/public';
import { projects, projectKeys } from '@atrium/domain-work';

export interface PickerOption {
  value: string;
  label: string;
}

const PROJECT_OPTIONS = { page: 1, limit: MAX_PAGE_SIZE, sortBy: 'title', sortOrder: 'asc' } as const;
const CONTACT_OPTIONS = { page: 1, limit: MAX_PAGE_SIZE, sortBy: 'firstName', sortOrder: 'asc' } as const;

/**
 * The business's projects for a task's project select (the first 100 by title; the select searches them), with
 * `current` kept as an option when it is not among them, so a task's project never shows as a bare id.
 */
export function useProjectOptions(current?: { _id: string; title: string } | null) {
  const q = useQuery({
    queryKey: projectKeys.list(PROJECT_OPTIONS),
    queryFn: () => projects.list(PROJECT_OPTIONS),
    staleTime: 60_000,
  });
  const options: PickerOption[] = (q.data?.data ?? []).map((p) => ({ value: p._id, label: p.title }));
  if (current && !options.some((o) => o.value === current._id))
    options.unshift({ value: current._id, label: current.title });
  return { options, isPending: q.isPending, isError: q.isError };
}

/**
 * The business's contacts for a task's contact picker (crm's public list call: the first 100 by first name);
 * a linked contact that is not among them is read by id, so a chip never shows a bare id. None when it fails.
 */
export function useContactOptions(selected: readonly string[] = []) {
  const q = useQuery({
    queryKey: contactKeys.list(CONTACT_OPTIONS),
    queryFn: () => contacts.list(CONTACT_OPTIONS),
    staleTime: 60_000,
  });
  const listed = q.data?.data ?? [];
  const missing = q.isSuccess ? selected.filter((id) => !listed.some((c) => c._id === id)) : [];
  const extra = useQueries({
    queries: missing.map((id) => ({
      queryKey: contactKeys.one(id),
      queryFn: () => contacts.get(id),
      staleTime: 60_000,
    })),
  });
  const options: PickerOption[] = [...listed, ...extra.flatMap((r) => (r.data ? [r.data] : []))].map((c) => ({
    value: c._id,
    label: contactDisplayName(c),
  }));
  return { options, isPending: q.isPending, isError: q.isError };
}
