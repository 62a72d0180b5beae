import * as z from 'zod';
import { DOCUMENT_MESSAGES as M } from './messages';

/**
 * A document's body is a list of typed blocks. The union is open: a new kind is one more schema in
 * DOCUMENT_BLOCK_SCHEMAS (and a renderer in the editor, the view and the PDF); stored documents keep their
 * blocks as they are, so older kinds keep working. HTML fields are sanitised by the server on every write.
 */
const blockId = z
  .string({ error: 'Block id is required' })
  .trim()
  .min(1, 'Block id is required')
  .max(100, 'Block id must be at most 100 characters');
const html = z.string().max(200_000, 'This text is too long');

export const richTextBlockSchema = z.object({ id: blockId, type: z.literal('richText'), html });
export const headingBlockSchema = z.object({
  id: blockId,
  type: z.literal('heading'),
  text: z.string().trim().max(500, 'A heading can be at most 500 characters'),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
});
/** A contract clause: a title and its wording. */
export const clauseBlockSchema = z.object({
  id: blockId,
  type: z.literal('clause'),
  title: z.string().trim().max(500, 'A clause title can be at most 500 characters'),
  html,
});

export const QUESTION_KINDS = [
  'shortText',
  'longText',
  'singleChoice',
  'multiChoice',
  'date',
  'number',
  'file',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  shortText: 'Short text',
  longText: 'Long text',
  singleChoice: 'Single choice',
  multiChoice: 'Multiple choice',
  date: 'Date',
  number: 'Number',
  file: 'File upload',
};
export const CHOICE_KINDS: readonly QuestionKind[] = ['singleChoice', 'multiChoice'];

/** A questionnaire question; its block id is the question's id (answers refer to it). */
export const questionBlockSchema = z
  .object({
    id: blockId,
    type: z.literal('question'),
    kind: z.enum(QUESTION_KINDS, { error: `Question kind must be one of: ${QUESTION_KINDS.join(', ')}` }),
    label: z.string({ error: M.questionLabelRequired }).trim().min(1, M.questionLabelRequired).max(1000),
    help: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1, 'An option cannot be blank').max(500)).max(100).default([]),
  })
  .refine((q) => !CHOICE_KINDS.includes(q.kind) || q.options.length >= 2, {
    message: M.optionsRequired,
    path: ['options'],
  });

export const dividerBlockSchema = z.object({ id: blockId, type: z.literal('divider') });
export const pageBreakBlockSchema = z.object({ id: blockId, type: z.literal('pageBreak') });

/** Every block kind; add new kinds here. */
export const DOCUMENT_BLOCK_SCHEMAS = [
  richTextBlockSchema,
  headingBlockSchema,
  clauseBlockSchema,
  questionBlockSchema,
  dividerBlockSchema,
  pageBreakBlockSchema,
] as const;
export const BLOCK_TYPES = ['richText', 'heading', 'clause', 'question', 'divider', 'pageBreak'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const documentBlockSchema = z.discriminatedUnion('type', DOCUMENT_BLOCK_SCHEMAS, {
  error: `Block type must be one of: ${BLOCK_TYPES.join(', ')}`,
});
export type DocumentBlock = z.output<typeof documentBlockSchema>;
export type DocumentBlockInput = z.input<typeof documentBlockSchema>;
export type RichTextBlock = z.output<typeof richTextBlockSchema>;
export type HeadingBlock = z.output<typeof headingBlockSchema>;
export type ClauseBlock = z.output<typeof clauseBlockSchema>;
export type QuestionBlock = z.output<typeof questionBlockSchema>;

/**
 * The blocks as answers carry them: plain shapes, without the input's defaults and trims (an answer schema has no
 * transforms: the server's serializer writes exactly what it declares).
 */
export const documentBlockAnswerSchema = z.discriminatedUnion('type', [
  z.object({ id: z.string(), type: z.literal('richText'), html: z.string() }),
  z.object({
    id: z.string(),
    type: z.literal('heading'),
    text: z.string(),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  }),
  z.object({ id: z.string(), type: z.literal('clause'), title: z.string(), html: z.string() }),
  z.object({
    id: z.string(),
    type: z.literal('question'),
    kind: z.enum(QUESTION_KINDS),
    label: z.string(),
    help: z.string().nullable(),
    required: z.boolean(),
    options: z.array(z.string()),
  }),
  z.object({ id: z.string(), type: z.literal('divider') }),
  z.object({ id: z.string(), type: z.literal('pageBreak') }),
]);

export const blockListSchema = z
  .array(documentBlockSchema)
  .max(2000, 'A document can have at most 2000 blocks')
  .superRefine((blocks, ctx) => {
    const seen = new Set<string>();
    blocks.forEach((b, i) => {
      if (seen.has(b.id)) ctx.addIssue({ code: 'custom', message: M.blockIdTwice, path: [i, 'id'] });
      seen.add(b.id);
    });
  });

/** The block's HTML-bearing fields, for the server's sanitiser and the merge-tag resolver. */
export function mapBlockText(
  block: DocumentBlock,
  map: { html: (html: string) => string; text: (text: string) => string },
): DocumentBlock {
  switch (block.type) {
    case 'richText':
      return { ...block, html: map.html(block.html) };
    case 'clause':
      return { ...block, title: map.text(block.title), html: map.html(block.html) };
    case 'heading':
      return { ...block, text: map.text(block.text) };
    case 'question':
      return { ...block, label: map.text(block.label), help: block.help === null ? null : map.text(block.help) };
    default:
      return block;
  }
}
