import type { DocumentSummary } from '@atrium/domain-documents';

export const editorPath = (id: string) => `/documents/editor/${encodeURIComponent(id)}`;
export const viewPath = (id: string) => `/documents/view/${encodeURIComponent(id)}`;
/** The address to share: the server's link, made absolute on this origin when it is a path. */
export const absoluteLink = (url: string) => new URL(url, window.location.origin).href;

/** Drafts and templates open in the editor; a sent document (its content frozen) opens as the client sees it. */
export const openPath = (d: Pick<DocumentSummary, '_id' | 'status' | 'isTemplate'>) =>
  d.isTemplate || d.status === 'draft' ? editorPath(d._id) : viewPath(d._id);

/** The client's pay page for an invoice link (the invoice's public document link token). */
export const payPath = (id: string, token: string) => `/invoices/pay?${new URLSearchParams({ id, token }).toString()}`;

/** A contact form's editor. */
export const contactFormEditorPath = (id: string) => `/contact-forms/editor/${encodeURIComponent(id)}`;
/** One submission. */
export const responsePath = (id: string) => `/response/${encodeURIComponent(id)}`;
/** A contact's page (the crm remote's). */
export const contactPath = (id: string) => `/contacts/${encodeURIComponent(id)}`;
