import * as z from 'zod';
import { emailSchema, memberRoleSchema } from '@atrium/contracts';

export const businessMemberSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  userId: z.string(),
  role: memberRoleSchema,
  user: z.object({ _id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const businessSettingsSchema = z.object({
  allowMemberInvites: z.boolean(),
  defaultRole: memberRoleSchema,
  features: z.object({ tasks: z.boolean(), calendar: z.boolean(), files: z.boolean(), chat: z.boolean() }),
  notifications: z.object({ integrations: z.boolean() }),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

export const businessSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  hasLogo: z.boolean(),
  typography: z.object({ headingFont: z.string(), bodyFont: z.string() }),
  settings: businessSettingsSchema,
  type: z.string().nullable(),
  slug: z.string(),
  subscriptionTier: z.string(),
  status: z.string(),
  colors: z.object({ primary: z.string(), secondary: z.string() }),
  members: z.array(businessMemberSchema),
});
export type Business = z.infer<typeof businessSchema>;
export type BusinessMember = z.infer<typeof businessMemberSchema>;

/** Texts of the business screens and answers. One source for client and server. */
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

export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

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
