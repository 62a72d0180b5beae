import * as z from 'zod';
import {
  booleanParamSchema,
  dateParamSchema,
  DEFAULT_PAGE_SIZE,
  filterFields,
  type FilterGroupInput,
  filtersParamSchema,
  MAX_PAGE_SIZE,
  type SortOrder,
  sortOrderSchema,
} from '@atrium/contracts';

/** The brand's teal-green accent: the colour of a group or tag created without one. */
export const DEFAULT_GROUP_COLOR = '#0ca678';
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const colorSchema = z
  .string({ error: 'Color must be a hex colour like #0ca678' })
  .trim()
  .regex(HEX_COLOR, 'Color must be a hex colour like #0ca678')
  .transform((v) => v.toLowerCase());

export const CONTACT_GROUP_MESSAGES = {
  nameRequired: 'Group name is required',
  nameTaken: 'A group with this name already exists',
  notFound: 'Contact group not found',
  contactNotFound: 'Contact not found',
} as const;

const groupName = z
  .string({ error: CONTACT_GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, CONTACT_GROUP_MESSAGES.nameRequired)
  .max(100, 'Group name must be at most 100 characters');
const groupDescription = z
  .string()
  .trim()
  .max(1000, 'Description must be at most 1000 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /contact-groups (and /contacts/groups). */
export const contactGroupInputSchema = z.object({
  name: groupName,
  color: colorSchema.default(DEFAULT_GROUP_COLOR),
  description: groupDescription,
});
export type ContactGroupInput = z.input<typeof contactGroupInputSchema>;
export type ContactGroupData = z.output<typeof contactGroupInputSchema>;

/** PUT /contact-groups/:id: any of the fields; the ones left out keep their value. */
export const contactGroupUpdateSchema = z.object({
  name: groupName.optional(),
  color: colorSchema.optional(),
  description: groupDescription.optional(),
});
export type ContactGroupUpdate = z.input<typeof contactGroupUpdateSchema>;

export const contactGroupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  contactCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactGroup = z.infer<typeof contactGroupSchema>;

export const CONTACT_GROUP_SORT_FIELDS = ['name', 'createdAt', 'contactCount'] as const;
export type ContactGroupSortField = (typeof CONTACT_GROUP_SORT_FIELDS)[number];

export const CONTACT_GROUP_FILTER_FIELDS = ['name', 'color', 'description', 'createdAt', 'contactCount'] as const;
export const contactGroupFilterFields = filterFields(CONTACT_GROUP_FILTER_FIELDS);

/** GET /contact-groups query. `offset`, when given, wins over `page`. Default order: name ascending. */
export const contactGroupListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).optional(),
  color: colorSchema.optional(),
  hasContacts: booleanParamSchema.optional(),
  sortBy: z
    .enum(CONTACT_GROUP_SORT_FIELDS, { error: `Sort by one of: ${CONTACT_GROUP_SORT_FIELDS.join(', ')}` })
    .default('name'),
  sortOrder: sortOrderSchema.optional(),
  createdDateFrom: dateParamSchema.optional(),
  createdDateTo: dateParamSchema.optional(),
  filters: filtersParamSchema(contactGroupFilterFields).optional(),
});
export type ContactGroupListQueryData = z.output<typeof contactGroupListQuerySchema>;
export interface ContactGroupListQuery {
  search?: string;
  page?: number;
  limit?: number;
  offset?: number;
  color?: string;
  hasContacts?: boolean;
  sortBy?: ContactGroupSortField;
  sortOrder?: SortOrder;
  createdDateFrom?: string;
  createdDateTo?: string;
  filters?: FilterGroupInput[];
}

/** Contact-group lists page with hasNextPage instead of totalPages (docs/requirements.md §3). */
export const groupPaginationSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  hasNextPage: z.boolean(),
});
export type GroupPagination = z.infer<typeof groupPaginationSchema>;

export const contactGroupListEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.array(contactGroupSchema),
  pagination: groupPaginationSchema,
});
export type ContactGroupListEnvelope = z.infer<typeof contactGroupListEnvelopeSchema>;

export const MAX_CONTACT_IDS = 10_000;
const contactId = z.string({ error: 'Contact id is required' }).trim().min(1, 'Contact id is required').max(100);

/** POST/DELETE /contact-groups/:id/contacts and POST /contact-groups/:id/assign-contacts. */
export const contactIdsBodySchema = z.object({
  contactIds: z
    .array(contactId, { error: 'contactIds must be a list of contact ids' })
    .min(1, 'Select at least one contact')
    .max(MAX_CONTACT_IDS, `At most ${MAX_CONTACT_IDS} contacts at once`),
});
/** POST /contact-groups/:id/add-contact and /remove-contact. */
export const contactIdBodySchema = z.object({ contactId });

/** How many memberships a call added or removed (already-members / non-members do not count). */
export const modifiedCountAnswerSchema = z.object({
  success: z.literal(true),
  modifiedCount: z.number().int().nonnegative(),
});
export type ModifiedCountAnswer = z.infer<typeof modifiedCountAnswerSchema>;
