import * as z from 'zod';
import { memberRoleSchema } from './user';

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
