import type { DocumentBlock } from '@atrium/domain-documents';

/** A new id for a block or a line (kept across saves so rows keep their identity). */
export const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** Field errors by path ('lineItems.0.unitPrice'), as the server names them. */
export type FieldErrors = Record<string, string>;

/** A choice question's options are typed one per line: the blank line being typed is not an option. */
export const withoutBlankOptions = <B extends DocumentBlock>(blocks: readonly B[]): B[] =>
  blocks.map((b) => (b.type === 'question' ? { ...b, options: b.options.filter((o) => o.trim()) } : b));
