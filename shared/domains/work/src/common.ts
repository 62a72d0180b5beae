import * as z from 'zod';

/** Shared field rules of projects and tasks. */
export const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
export const optionalText = (max = 200) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An ISO date or date-time, or null/blank for none (docs/requirements.md §5: "Dates may be null"). */
export const optionalDate = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || !Number.isNaN(Date.parse(v)), 'Enter a valid date');

export const DATE_ORDER_MESSAGE = 'Start date cannot be after due date';

/** §5 "Task dates": start must not be after due (the same rule for projects). */
export function datesInOrder(v: { startDate?: string | null; dueDate?: string | null }): boolean {
  if (!v.startDate || !v.dueDate) return true;
  return Date.parse(v.startDate) <= Date.parse(v.dueDate);
}

export const idList = (max = 200) => z.array(z.string().trim().min(1).max(100)).max(max, `At most ${max} ids`);

/** A board position: 0 is the top of the column. */
export const boardOrderSchema = z.coerce
  .number({ error: 'Order must be a whole number of at least 0' })
  .int('Order must be a whole number of at least 0')
  .min(0, 'Order must be a whole number of at least 0')
  .max(1_000_000, 'Order must be a whole number of at least 0');

/** Who did something, as the feed and the history show it. */
export const actorSchema = z.object({ _id: z.string(), name: z.string() }).nullable();
export type Actor = z.infer<typeof actorSchema>;

/**
 * For partial updates: undefined (left out) stays undefined and keeps the stored value; blank or null clears it.
 * zod's .optional() passes absence through without running the inner transform (none of these has a default), and
 * its JSON Schema is the field's own (a union with undefined rendered as a one-member anyOf in the OpenAPI document).
 */
export const keepOr = <T extends z.ZodType>(schema: T) => schema.optional();
