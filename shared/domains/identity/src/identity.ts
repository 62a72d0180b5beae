import * as z from 'zod';
import { emailSchema, passwordSchema, PASSWORD_MESSAGES } from '@atrium/contracts';
import { VERIFICATION_CODE_LENGTH } from './messages';

export * from './messages';

export const verifyEmailSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: 'Verification code is required' })
    .trim()
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), `Enter the ${VERIFICATION_CODE_LENGTH}-digit code`),
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(16, 'Reset token is required').max(512),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: PASSWORD_MESSAGES.required }).min(1, PASSWORD_MESSAGES.required).max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const googleSignInSchema = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
});

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).nullable().optional();

export const updateProfileSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
    lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters'),
    phoneNumber: optionalText(40),
    city: optionalText(100),
    state: optionalText(100),
    country: optionalText(100),
    industry: optionalText(100),
  })
  .partial();
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const publicProfileSchema = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  hasPicture: z.boolean(),
  createdAt: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
