import * as z from 'zod';

export { CLIENT_ERROR_CODES, ERROR_CODE_TOASTS, ERROR_STATUS, type ApiErrorShape, type ErrorCode } from './error-codes';

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error answer of the API has this shape. `error` is the human message. */
export const apiErrorBodySchema = z.object({
  success: z.literal(false),
  code: z.string(),
  error: z.string(),
  details: z.array(fieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Turns zod issues into the list of field/message pairs the spec asks for. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '_',
    message: issue.message,
  }));
}
