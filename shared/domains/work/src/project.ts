import * as z from 'zod';
import {
  booleanParamSchema,
  dateParamSchema,
  filterFields,
  type FilterGroupInput,
  filtersParamSchema,
  pageQuerySchema,
  PROJECT_STAGES,
  type SortOrder,
  sortOrderSchema,
} from '@atrium/contracts';
import {
  boardOrderSchema,
  DATE_ORDER_MESSAGE,
  datesInOrder,
  idList,
  keepOr,
  optionalDate,
  optionalText,
} from './common';
import { workFileSchema } from './files';

export const projectStageSchema = z.enum(PROJECT_STAGES, {
  error: `Stage must be one of: ${PROJECT_STAGES.join(', ')}`,
});
export type ProjectStage = z.infer<typeof projectStageSchema>;

export const PROJECT_STAGE_LABELS: Record<ProjectStage, string> = {
  planning: 'Planning',
  in_progress: 'In progress',
  review: 'Review',
  completed: 'Completed',
};

/** Texts of the projects screens and answers (docs/requirements.md §5, §8 and the toasts), letter for letter. */
export const PROJECT_MESSAGES = {
  titleRequired: 'Title is required',
  typeRequired: 'Project type is required',
  notFound: (id: string) => `Project not found: ${id}`,
  invalidData: 'Invalid project data',
  invalidUpdate: 'Invalid project update data',
  invalidResponse: 'Project data not found in response',
  created: 'Project created successfully',
  createFailed: 'Failed to create project. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this project? Its tasks, files and activity are deleted with it.',
} as const;

/** Address form (docs/requirements.md §2): Address Line 1, Address Line 2, Country, State/Region, City, Zip/Code. */
export const addressSchema = z.object({
  line1: optionalText(200),
  line2: optionalText(200),
  country: optionalText(100),
  state: optionalText(100),
  city: optionalText(100),
  zip: optionalText(20),
});
export type Address = z.output<typeof addressSchema>;

/**
 * An address as answers carry it: the same fields, without the input's transforms (the server writes answers
 * from the schema's output side, and a transform cannot be encoded).
 */
export const addressAnswerSchema = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
});

const title = z
  .string({ error: PROJECT_MESSAGES.titleRequired })
  .trim()
  .min(1, PROJECT_MESSAGES.titleRequired)
  .max(200, 'Title must be at most 200 characters');
const type = z
  .string({ error: PROJECT_MESSAGES.typeRequired })
  .trim()
  .min(1, PROJECT_MESSAGES.typeRequired)
  .max(100, 'Project type must be at most 100 characters');

const projectFields = {
  title,
  description: optionalText(20_000),
  stage: projectStageSchema.default('planning'),
  type,
  startDate: optionalDate,
  dueDate: optionalDate,
  isAllDay: z.boolean().default(true),
  location: optionalText(300),
  address: addressSchema.nullish().transform((v) => v ?? null),
  /** Contact ids of the business. */
  contacts: idList().default([]),
};

/** POST /projects (docs/requirements.md §5 "Project"). */
export const projectInputSchema = z
  .object(projectFields)
  .refine(datesInOrder, { message: DATE_ORDER_MESSAGE, path: ['startDate'] });
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectData = z.output<typeof projectInputSchema>;

/** PATCH /projects/{id}: partial; a field left out keeps its value. */
export const projectUpdateSchema = z
  .object({
    title: title.optional(),
    description: keepOr(projectFields.description),
    stage: projectStageSchema.optional(),
    type: type.optional(),
    startDate: keepOr(projectFields.startDate),
    dueDate: keepOr(projectFields.dueDate),
    isAllDay: z.boolean().optional(),
    location: keepOr(projectFields.location),
    address: keepOr(projectFields.address),
    contacts: idList().optional(),
  })
  .refine(datesInOrder, { message: DATE_ORDER_MESSAGE, path: ['startDate'] });
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;
export type ProjectUpdateData = z.output<typeof projectUpdateSchema>;

/** PATCH /projects/{id}/stage: the column and, optionally, the position in it (0 = top; default the end). */
export const projectStageMoveSchema = z.object({ stage: projectStageSchema, order: boardOrderSchema.optional() });
export type ProjectStageMove = z.input<typeof projectStageMoveSchema>;

/** PATCH /projects/bulk-update-types: { updates: [{ id, type }] } → data.totalModified. */
export const projectBulkTypesSchema = z.object({
  updates: z
    .array(z.object({ id: z.string().trim().min(1).max(100), type }))
    .min(1, 'Choose at least one project')
    .max(1000, 'At most 1000 projects at a time'),
});
export type ProjectBulkTypes = z.input<typeof projectBulkTypesSchema>;

/** POST /projects/{id}/contacts/add, and POST /contacts/{id}/projects. */
export const projectContactsAddSchema = z.object({ contactIds: idList().min(1, 'Choose at least one contact') });
export const contactProjectLinkSchema = z.object({ projectId: z.string().trim().min(1).max(100) });

export const projectSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  stage: projectStageSchema,
  type: z.string(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  isAllDay: z.boolean(),
  location: z.string().nullable(),
  address: addressAnswerSchema.nullable(),
  contacts: z.array(z.string()),
  /** Its position on the stage board (ascending within a stage). */
  boardOrder: z.number(),
  taskCount: z.number().int().nonnegative(),
  attachmentCount: z.number().int().nonnegative(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** GET /projects/{id}: the project with its files (attachments, designs and floor plans). */
export const projectDetailSchema = projectSchema.extend({ attachments: z.array(workFileSchema) });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const PROJECT_SORT_FIELDS = ['board', 'createdAt', 'updatedAt', 'title', 'startDate', 'dueDate'] as const;
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];

export const PROJECT_FILTER_FIELDS = [
  'title',
  'description',
  'stage',
  'type',
  'location',
  'startDate',
  'dueDate',
  'createdAt',
] as const;
export const projectFilterFields = filterFields(PROJECT_FILTER_FIELDS, { stage: PROJECT_STAGES });

/**
 * GET /projects (docs/requirements.md §7 "Projects"): search, stage, type, startDate (from), dueDate (until),
 * page, limit, filters; export=true answers every match.
 */
export const projectListParamsSchema = pageQuerySchema.extend({
  stage: projectStageSchema.optional(),
  type: z.string().trim().min(1).max(100).optional(),
  /** Projects starting on or after this day. */
  startDate: dateParamSchema.optional(),
  /** Projects due on or before this day. */
  dueDate: dateParamSchema.optional(),
  contactId: z.string().trim().min(1).max(100).optional(),
  sortBy: z
    .enum(PROJECT_SORT_FIELDS, { error: `Sort by one of: ${PROJECT_SORT_FIELDS.join(', ')}` })
    .default('createdAt'),
  sortOrder: sortOrderSchema.optional(),
  export: booleanParamSchema.default(false),
  filters: filtersParamSchema(projectFilterFields).optional(),
});
export type ProjectListParamsData = z.output<typeof projectListParamsSchema>;

export interface ProjectListParams {
  page?: number;
  limit?: number;
  search?: string;
  stage?: ProjectStage;
  type?: string;
  startDate?: string;
  dueDate?: string;
  contactId?: string;
  sortBy?: ProjectSortField;
  sortOrder?: SortOrder;
  export?: boolean;
  filters?: FilterGroupInput[];
}

/** The business's own project types (GET /projects/types): every type it has used or saved, by name. */
export const projectTypeSchema = z.object({ name: z.string(), projectCount: z.number().int().nonnegative() });
export type ProjectType = z.infer<typeof projectTypeSchema>;
