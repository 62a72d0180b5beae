import * as z from 'zod';
import { MAX_PAGE_SIZE, NOTE_CATEGORIES, NOTES_PAGE_SIZE, TASK_PRIORITIES } from './constants';
import { booleanParamSchema, filterFields, filtersParamSchema, type FilterGroupInput } from './filters';

/** What a note can hang off. Only contacts are checked for existence today; the others come with their modules. */
export const NOTE_ENTITY_TYPES = ['contact', 'project', 'task', 'meeting'] as const;
export type NoteEntityType = (typeof NOTE_ENTITY_TYPES)[number];
export const noteEntityTypeSchema = z.enum(NOTE_ENTITY_TYPES, {
  error: `Entity type must be one of: ${NOTE_ENTITY_TYPES.join(', ')}`,
});

export const noteCategorySchema = z.enum(NOTE_CATEGORIES, {
  error: `Category must be one of: ${NOTE_CATEGORIES.join(', ')}`,
});
export type NoteCategory = z.infer<typeof noteCategorySchema>;

/** Priority "exists as a filter" (docs/requirements.md §3); notes share the task priorities. */
export const NOTE_PRIORITIES = TASK_PRIORITIES;
export const notePrioritySchema = z.enum(NOTE_PRIORITIES, {
  error: `Priority must be one of: ${NOTE_PRIORITIES.join(', ')}`,
});
export type NotePriority = z.infer<typeof notePrioritySchema>;

/** The pin state as a filter value ("pinned conditions become a status condition"). */
export const NOTE_STATUSES = ['pinned', 'unpinned'] as const;

export const NOTE_MESSAGES = {
  contentRequired: 'Note content is required',
  notFound: 'Note not found',
  deleteTitle: 'Delete Note',
  empty: 'No notes yet',
} as const;

/**
 * The tags the rich-text editor produces and the server keeps (everything else is stripped on the server).
 * Links keep only href (http, https, mailto); target and rel are forced.
 */
export const NOTE_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'h1',
  'h2',
  'h3',
  'ul',
  'ol',
  'li',
  'a',
] as const;
export const NOTE_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The plain text of note HTML: tags dropped (blocks and <br> become spaces), entities decoded, blanks collapsed. */
export function noteContentText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|h[1-6]|li|ul|ol|div|blockquote)\s*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower]!;
      const code = lower.startsWith('#x')
        ? parseInt(lower.slice(2), 16)
        : lower.startsWith('#')
          ? Number(lower.slice(1))
          : NaN;
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim();
}

const noteTitle = z
  .string()
  .trim()
  .max(200, 'Title must be at most 200 characters')
  .nullish()
  .transform((v) => (v ? v : null));
const noteContent = z
  .string({ error: NOTE_MESSAGES.contentRequired })
  .max(100_000, 'Note content is too long')
  .refine((html) => noteContentText(html) !== '', NOTE_MESSAGES.contentRequired);
/** Free-text tags shown as #tag: a leading # is dropped, duplicates removed. */
const noteTags = z
  .array(z.string().trim().max(50, 'A tag is at most 50 characters'), { error: 'Tags must be a list of text' })
  .max(20, 'At most 20 tags')
  .transform((tags) => [...new Set(tags.map((t) => t.replace(/^#+/, '').trim()).filter(Boolean))]);
const entityId = z.string({ error: 'Entity id is required' }).trim().min(1, 'Entity id is required').max(100);

/** POST /notes. */
export const noteInputSchema = z.object({
  title: noteTitle,
  content: noteContent,
  entityType: noteEntityTypeSchema,
  entityId,
  category: noteCategorySchema.default('general'),
  priority: notePrioritySchema.nullish().transform((v) => v ?? null),
  isPinned: z.boolean().default(false),
  tags: noteTags.default([]),
});
export type NoteInput = z.input<typeof noteInputSchema>;
export type NoteData = z.output<typeof noteInputSchema>;

/** PUT /notes/:id: the fields left out keep their value. */
export const noteUpdateSchema = z.object({
  title: noteTitle.optional(),
  content: noteContent.optional(),
  category: noteCategorySchema.optional(),
  priority: notePrioritySchema.nullable().optional(),
  isPinned: z.boolean().optional(),
  tags: noteTags.optional(),
});
export type NoteUpdate = z.input<typeof noteUpdateSchema>;

export const noteSchema = z.object({
  _id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  category: noteCategorySchema,
  priority: notePrioritySchema.nullable(),
  isPinned: z.boolean(),
  tags: z.array(z.string()),
  entityType: noteEntityTypeSchema,
  entityId: z.string(),
  /** null when the author's account is gone: show 'Unknown User'. */
  createdBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});
export type NoteListMeta = z.infer<typeof noteListMetaSchema>;
export const noteListEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.array(noteSchema),
  meta: noteListMetaSchema,
});
export type NoteListEnvelope = z.infer<typeof noteListEnvelopeSchema>;

export const NOTE_FILTER_FIELDS = [
  'title',
  'content',
  'category',
  'priority',
  'status',
  'isPinned',
  'createdAt',
  'updatedAt',
] as const;
export const noteFilterFields = filterFields(NOTE_FILTER_FIELDS, {
  category: NOTE_CATEGORIES,
  priority: NOTE_PRIORITIES,
  status: NOTE_STATUSES,
  isPinned: ['true', 'false'],
});

const notePage = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(NOTES_PAGE_SIZE),
};

/** GET /notes. Sorted pinned first, then newest first. */
export const noteListQuerySchema = z.object({
  entityType: noteEntityTypeSchema,
  entityId,
  category: noteCategorySchema.optional(),
  priority: notePrioritySchema.optional(),
  search: z.string().trim().max(200).optional(),
  pinned: booleanParamSchema.optional(),
  ...notePage,
  filters: filtersParamSchema(noteFilterFields).optional(),
});
export type NoteListQueryData = z.output<typeof noteListQuerySchema>;
export interface NoteListQuery {
  entityType: NoteEntityType;
  entityId: string;
  category?: NoteCategory;
  priority?: NotePriority;
  search?: string;
  pinned?: boolean;
  page?: number;
  limit?: number;
  /** Groups may name their combinator `logic`; a pinned condition is sent as field 'status'. */
  filters?: FilterGroupInput[];
}

/** GET /notes/search. */
export const noteSearchQuerySchema = z.object({
  entityType: noteEntityTypeSchema,
  entityId,
  search: z.string().trim().max(200).default(''),
  ...notePage,
});
