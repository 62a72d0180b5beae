import * as z from 'zod';
import { colorSchema, DEFAULT_GROUP_COLOR } from './contact-groups';

export const DEFAULT_TAG_COLOR = DEFAULT_GROUP_COLOR;

export const CONTACT_TAG_MESSAGES = {
  nameRequired: 'Tag name is required',
  nameTaken: 'A tag with this name already exists',
  notFound: 'Contact tag not found',
} as const;

const tagName = z
  .string({ error: CONTACT_TAG_MESSAGES.nameRequired })
  .trim()
  .min(1, CONTACT_TAG_MESSAGES.nameRequired)
  .max(50, 'Tag name must be at most 50 characters');

/** POST /contacts/tags. */
export const contactTagInputSchema = z.object({
  name: tagName,
  color: colorSchema.default(DEFAULT_TAG_COLOR),
});
export type ContactTagInput = z.input<typeof contactTagInputSchema>;

/** PUT /contacts/tags/:id: the fields left out keep their value. */
export const contactTagUpdateSchema = z.object({
  name: tagName.optional(),
  color: colorSchema.optional(),
});
export type ContactTagUpdate = z.input<typeof contactTagUpdateSchema>;

export const contactTagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
});
export type ContactTag = z.infer<typeof contactTagSchema>;
