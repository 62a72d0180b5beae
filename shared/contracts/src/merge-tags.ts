/**
 * Merge tags ({{contact.firstName}} …) in a document's texts and in email templates and campaigns. One pure resolver
 * for the server (the public view, the PDF, the email, a campaign's messages) and the editors (the preview and the
 * list of tags that will not resolve, shown before sending). A tag that does not resolve renders as empty text and is
 * listed. Moved here from the documents slice so the comms slice uses the same engine (the documents slice
 * re-exports it).
 */
export interface MergeTagContext {
  contact?: {
    firstName?: string | null;
    lastName?: string | null;
    email?: string | null;
    phone?: string | null;
    company?: string | null;
  } | null;
  business?: { name?: string | null; email?: string | null; phone?: string | null } | null;
  project?: { name?: string | null } | null;
  document?: { title?: string | null; number?: string | null; dueDate?: string | null } | null;
}

/** The tags the editor offers, with their labels. */
export const MERGE_TAGS = [
  { tag: 'contact.firstName', label: 'Contact first name' },
  { tag: 'contact.lastName', label: 'Contact last name' },
  { tag: 'contact.fullName', label: 'Contact full name' },
  { tag: 'contact.email', label: 'Contact email' },
  { tag: 'contact.phone', label: 'Contact phone' },
  { tag: 'contact.company', label: 'Contact company' },
  { tag: 'business.name', label: 'Business name' },
  { tag: 'business.email', label: 'Business email' },
  { tag: 'business.phone', label: 'Business phone' },
  { tag: 'project.name', label: 'Project name' },
  { tag: 'document.title', label: 'Document title' },
  { tag: 'document.number', label: 'Document number' },
  { tag: 'document.dueDate', label: 'Due date' },
] as const;

const TAG = /\{\{\s*([A-Za-z][\w]*(?:\.[A-Za-z][\w]*)*)\s*\}\}/g;

function lookup(context: MergeTagContext, path: string): string | null {
  if (path === 'contact.fullName') {
    const c = context.contact;
    const name = [c?.firstName, c?.lastName].filter((p) => p && p.trim()).join(' ');
    return name || null;
  }
  const [head, field, ...rest] = path.split('.');
  if (!head || !field || rest.length) return null;
  const group = (context as Record<string, Record<string, unknown> | null | undefined>)[head];
  if (!group || !Object.prototype.hasOwnProperty.call(group, field)) return null;
  const value = group[field];
  if (value === null || value === undefined) return null;
  const text = String(value);
  return text.trim() ? text : null;
}

const ESCAPES: Record<string, string | undefined> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export interface ResolvedText {
  text: string;
  /** The tags that did not resolve (each once, in order of appearance), without braces: 'project.name'. */
  unresolved: string[];
}

/**
 * Replaces every {{tag}} with its value from the context; unknown tags and empty values render as ''. With
 * `html: true` the values are HTML-escaped (a contact named "<b>" stays text in a rich-text block).
 */
export function resolveMergeTags(
  text: string,
  context: MergeTagContext,
  options: { html?: boolean } = {},
): ResolvedText {
  const unresolved: string[] = [];
  const out = text.replace(TAG, (_match, path: string) => {
    const value = lookup(context, path);
    if (value === null) {
      if (!unresolved.includes(path)) unresolved.push(path);
      return '';
    }
    return options.html ? escapeHtml(value) : value;
  });
  return { text: out, unresolved };
}

/** The tags a text uses (for the editor's warning list before sending). */
export function mergeTagsIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(TAG)) if (m[1] && !found.includes(m[1])) found.push(m[1]);
  return found;
}
