import type { DocumentListParams } from './document';

/*
 * Every query key of the documents domain, spelled once (no literal keys in apps). Keys start with the entity, so
 * invalidating `.all` reaches every view of it.
 */
export const documentKeys = {
  all: ['documents'] as const,
  list: (params: DocumentListParams) => ['documents', 'list', params] as const,
  one: (id: string | undefined) => ['documents', 'one', id] as const,
  preview: (id: string | undefined) => ['documents', 'preview', id] as const,
  pdf: (id: string | undefined) => ['documents', 'pdf', id] as const,
  /** A project's documents (the project page's documents tab). */
  ofProject: (projectId: string | undefined) => ['documents', 'project', projectId] as const,
  /** The public view of a shared link (signed out). */
  publicView: (id: string | undefined, token: string | undefined) => ['documents', 'public', id, token] as const,
};

export const taxRateKeys = {
  all: ['tax-rates'] as const,
  list: ['tax-rates', 'list'] as const,
};
