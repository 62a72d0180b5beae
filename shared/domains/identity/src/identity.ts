import * as z from 'zod';
import { emailSchema, passwordSchema, PASSWORD_MESSAGES } from '@atrium/contracts';

/** Texts of section 8 (auth) and of the identity screens. One source for client and server. */
export const IDENTITY_MESSAGES = {
  emailNotVerified: 'Please verify your email address before signing in.',
  emailVerificationFailed: 'Email verification failed',
  invalidVerificationCode: 'Invalid or expired verification code',
  verificationSent: 'If the address needs verifying, a new code is on its way.',
  passwordResetFailed: 'Password reset failed',
  passwordResetSuccess: 'Password reset successfully',
  invalidResetToken: 'This reset link is invalid or has expired',
  forgotPasswordFailed: 'Failed to process password reset request',
  forgotPasswordSent: 'If an account exists for that address, a reset link is on its way.',
  googleSignInFailed: 'Google sign in failed',
  googleNotConfigured: 'Google sign-in is not set up for this installation.',
  googleCooldown: (seconds: number) => `Authentication cooldown active. Try again in ${seconds} seconds.`,
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;

/** Verification codes are 6 digits. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
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
