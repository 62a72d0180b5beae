import * as z from 'zod';

/** A required text field, trimmed, with the field's name in its messages (communities, posts, events, listings). */
export const requiredText = (max: number, field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
