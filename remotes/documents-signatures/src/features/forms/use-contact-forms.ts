import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@atrium/contracts';
import {
  contactFormKeys,
  contactForms,
  responseKeys,
  responses,
  type ContactFormListParams,
  type ResponseListParams,
} from '@atrium/domain-documents';

/** ?search and ?page of a list page (the address bar is its state: shareable, survives reload). */
export function pageParamsFromUrl(p: URLSearchParams): { page: number; limit: number; search?: string } {
  return {
    page: Math.max(1, Math.floor(Number(p.get('page'))) || 1),
    limit: DEFAULT_PAGE_SIZE,
    search: p.get('search')?.trim() || undefined,
  };
}

/** One page of the business's contact forms. */
export function useContactForms(params: ContactFormListParams) {
  return useQuery({
    queryKey: contactFormKeys.list(params),
    queryFn: ({ signal }) => contactForms.list(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteContactForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: contactForms.remove,
    onSuccess: () => client.invalidateQueries({ queryKey: contactFormKeys.all }),
  });
}

/** One page of every submission (contact forms and questionnaires). */
export function useResponses(params: ResponseListParams) {
  return useQuery({
    queryKey: responseKeys.list(params),
    queryFn: ({ signal }) => responses.list(params, { signal }),
    placeholderData: keepPreviousData,
  });
}
