import * as z from 'zod';
import { memberRoleSchema, pageQuerySchema } from '@atrium/contracts';

/** Admin users pages (company-domain users only): one row of the list. */
export const adminUserSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verified: z.boolean(),
  businessCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserMembershipSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  role: memberRoleSchema,
  joinedAt: z.string(),
});
export type AdminUserMembership = z.infer<typeof adminUserMembershipSchema>;

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  phoneNumber: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  industry: z.string().nullable(),
  hasGoogle: z.boolean(),
  memberships: z.array(adminUserMembershipSchema),
  activeSessions: z.number().int().nonnegative(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUsersQuerySchema = pageQuerySchema;
export interface AdminUsersQuery {
  search?: string;
  page?: number;
  limit?: number;
}

export const ADMIN_MESSAGES = {
  companyOnly: 'Only company staff can open the admin pages',
  userNotFound: 'User not found',
  loadFailed: 'Failed to load users',
} as const;
