import * as z from 'zod';
import { MEMBER_ROLES } from './constants';
import { emailSchema } from './email';
import { PASSWORD_MESSAGES, PASSWORD_MIN } from './password';

export const memberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: memberRoleSchema,
  businessId: z.string(),
  businessName: z.string(),
  businessType: z.string().nullable(),
  accountType: z.string(),
  profilePicture: z.string().nullable(),
  picture: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  industry: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export { PASSWORD_HINT, PASSWORD_MESSAGES } from './password';

export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
  .max(128, PASSWORD_MESSAGES.tooLong)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), PASSWORD_MESSAGES.weak);

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: PASSWORD_MESSAGES.required }).min(1, PASSWORD_MESSAGES.required).max(128),
  rememberMe: z.boolean().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: emailSchema,
  password: passwordSchema,
  businessName: z.string().trim().max(120, 'Business name must be at most 120 characters').optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const authAnswerSchema = z.object({
  success: z.boolean(),
  user: userSchema.optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  error: z.string().optional(),
  code: z.string().optional(),
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;
