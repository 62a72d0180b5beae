import type { DocumentListParams } from './document';
import type { PackageListParams } from './packages';
import type { ContactFormListParams, ResponseListParams } from './forms';
import type { FileListParams } from './files';

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

export const packageKeys = {
  all: ['packages'] as const,
  list: (params: PackageListParams) => ['packages', 'list', params] as const,
  one: (id: string | undefined) => ['packages', 'one', id] as const,
  /** The public flow of a shared package link (signed out). */
  publicView: (id: string | undefined, token: string | undefined) => ['packages', 'public', id, token] as const,
};

export const taxRateKeys = {
  all: ['tax-rates'] as const,
  list: ['tax-rates', 'list'] as const,
};

/** The file manager: files (every list and the usage) and the business's folders. */
export const fileKeys = {
  all: ['files'] as const,
  list: (params: FileListParams) => ['files', 'list', params] as const,
  usage: ['files', 'usage'] as const,
  folders: ['files', 'folders'] as const,
};

export const contactFormKeys = {
  all: ['contact-forms'] as const,
  list: (params: ContactFormListParams) => ['contact-forms', 'list', params] as const,
  one: (id: string | undefined) => ['contact-forms', 'one', id] as const,
  /** The public page of a form (signed out). */
  publicForm: (publicId: string | undefined) => ['contact-forms', 'public', publicId] as const,
};

/** Submissions of contact forms and questionnaires. */
export const responseKeys = {
  all: ['responses'] as const,
  list: (params: ResponseListParams) => ['responses', 'list', params] as const,
  one: (id: string | undefined) => ['responses', 'one', id] as const,
  ofDocument: (documentId: string | undefined) => ['responses', 'document', documentId] as const,
};
