import type { DocumentSummary } from '@atrium/domain-documents';

export const editorPath = (id: string) => `/documents/editor/${encodeURIComponent(id)}`;
export const viewPath = (id: string) => `/documents/view/${encodeURIComponent(id)}`;

/** Drafts and templates open in the editor; a sent document (its content frozen) opens as the client sees it. */
export const openPath = (d: Pick<DocumentSummary, '_id' | 'status' | 'isTemplate'>) =>
  d.isTemplate || d.status === 'draft' ? editorPath(d._id) : viewPath(d._id);
