import * as z from 'zod';
import { emailSchema } from './email';
import { memberRoleSchema, passwordSchema, PASSWORD_MESSAGES } from './user';

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

export const BUSINESS_MESSAGES = {
  createFailed: 'Failed to create business',
  updateFailed: 'Failed to update business',
  deleteFailed: 'Failed to delete business',
  inviteFailed: 'Failed to invite member',
  removeMemberFailed: 'Failed to remove member',
  updateRoleFailed: 'Failed to update member role',
  acceptInviteFailed: 'Failed to accept invite',
  uploadLogoFailed: 'Failed to upload business logo',
  deleteLogoFailed: 'Failed to delete business logo',
  invalidBusinessId: 'Invalid business ID',
  noBusinessSelected: 'No business selected',
  userNotAuthenticated: 'User not authenticated',
  invalidLogoFormat: 'Invalid logo format',
  lastOwner: 'A business must keep at least one owner',
  lastBusiness: 'You cannot delete your only business',
  lastBusinessLeave: 'You cannot leave your only business',
  managersOnly: 'Only an owner or admin can manage this business',
  alreadyMember: 'This person is already a member of the business',
  inviteWrongUser: 'This invite was sent to a different email address',
  ownerOnly: 'Only an owner can do this',
  inviteNotFound: 'Invite not found',
  memberNotFound: 'Member not found',
  logoNotFound: 'This business has no logo',
} as const;

/** Logo and profile-picture uploads (the logo's wrong-type text is BUSINESS_MESSAGES.invalidLogoFormat). */
export const IMAGE_MESSAGES = {
  noFile: 'Choose an image to upload',
  notMultipart: 'Send the image as multipart/form-data',
  tooLarge: 'The image is larger than 2 MB',
  invalidPictureFormat: 'Invalid picture format',
  uploadPictureFailed: 'Failed to upload profile picture',
  pictureNotFound: 'No profile picture',
} as const;

/** Verification codes are 6 digits. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;
/** Images (logo, profile picture): accepted types and size. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

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

export const businessNameSchema = z
  .string({ error: 'Business name is required' })
  .trim()
  .min(1, 'Business name is required')
  .max(120, 'Business name must be at most 120 characters');

export const createBusinessSchema = z.object({
  name: businessNameSchema,
  type: z.string().trim().max(100).nullable().optional(),
});
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;

/** The role an invite gets when it names none: ownership is only ever given on purpose. */
export const invitableDefaultRoleSchema = z.enum(['admin', 'member'], {
  error: 'The default role must be admin or member',
});

export const updateBusinessSchema = createBusinessSchema.partial().extend({
  colors: z
    .object({ primary: z.string().regex(/^#[0-9a-fA-F]{6}$/), secondary: z.string().regex(/^#[0-9a-fA-F]{6}$/) })
    .optional(),
  settings: z
    .object({
      allowMemberInvites: z.boolean(),
      defaultRole: invitableDefaultRoleSchema,
      notifications: z.object({ integrations: z.boolean() }),
    })
    .partial()
    .optional(),
});
export type UpdateBusinessInput = z.input<typeof updateBusinessSchema>;

export const inviteMemberSchema = z.object({
  email: emailSchema,
  /** Omitted → the business's settings.defaultRole. */
  role: memberRoleSchema.optional(),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

export const updateMemberRoleSchema = z.object({ role: memberRoleSchema });
export type UpdateMemberRoleInput = z.input<typeof updateMemberRoleSchema>;

/** A pending invite as GET /businesses/{id}/invites lists it (the token is never sent back). */
export const businessInviteSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  invitedBy: z.object({ _id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Past expiresAt: can no longer be accepted (re-invite to send a fresh link). */
  expired: z.boolean(),
});
export type BusinessInvite = z.infer<typeof businessInviteSchema>;
export const acceptInviteSchema = z.object({ token: z.string().min(16).max(512) });
export const switchBusinessSchema = z.object({ businessId: z.string().min(1).max(64) });

/**
 * Admin pages: users whose e-mail ends with @domain (server: ADMIN_EMAIL_DOMAIN). No domain configured → no one:
 * on a self-hosted installation nobody is staff until the operator says which domain is.
 */
export function isCompanyEmail(email: string, domain: string | null | undefined): boolean {
  if (!domain) return false;
  return email.toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}
