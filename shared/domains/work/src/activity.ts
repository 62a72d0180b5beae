import * as z from 'zod';
import { actorSchema } from './common';

/** What a project's feed shows (GET /projects/{id}/feed): every change to the project, its tasks, files and notes. */
export const ACTIVITY_SUBJECTS = ['project', 'task', 'attachment', 'note', 'comment', 'meeting'] as const;
export type ActivitySubject = (typeof ACTIVITY_SUBJECTS)[number];

export const activitySchema = z.object({
  _id: z.string(),
  /** e.g. project.created, project.stage_changed, task.created, task.updated, attachment.added, note.added, custom */
  type: z.string(),
  message: z.string(),
  subject: z.object({ type: z.enum(ACTIVITY_SUBJECTS), id: z.string(), title: z.string().nullable() }).nullable(),
  actor: actorSchema,
  timestamp: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** POST /projects/{id}/activities: a person's own entry in the feed (a call, a visit, a decision). */
export const activityInputSchema = z.object({
  message: z
    .string({ error: 'Write what happened' })
    .trim()
    .min(1, 'Write what happened')
    .max(2000, 'At most 2000 characters'),
});
export type ActivityInput = z.input<typeof activityInputSchema>;

export const FEED_PAGE_SIZE = 30;
/** The feed pages backwards in time: `before` is the timestamp of the last entry already shown. */
export const feedQuerySchema = z.object({
  before: z.iso.datetime({ offset: true, error: 'Enter a valid date-time' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(FEED_PAGE_SIZE),
});
