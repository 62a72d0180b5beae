import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import type { Business, ContactStatus, MemberRole } from '@atrium/contracts';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    industry: text('industry'),
    profilePicture: text('profile_picture'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const businesses = pgTable('businesses', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique('businesses_slug_key'),
  type: text('type'),
  logo: text('logo'),
  subscriptionTier: text('subscription_tier').notNull().default('free'),
  status: text('status').notNull().default('active'),
  settings: jsonb('settings').$type<Business['settings']>().notNull(),
  typography: jsonb('typography').$type<Business['typography']>().notNull(),
  colors: jsonb('colors').$type<Business['colors']>().notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const businessMembers = pgTable(
  'business_members',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<MemberRole>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('business_members_business_user_key').on(t.businessId, t.userId),
    index('business_members_user_idx').on(t.userId),
  ],
);

/** A sign-in: one refresh-token family. `id` is the `sid` claim and the CSRF binding. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every refresh token ever issued, hashed. A token with used_at set was rotated: presenting it again is reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_key'),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phoneCode: text('phone_code'),
    phoneNumber: text('phone_number'),
    business: text('business'),
    status: text('status').$type<ContactStatus>().notNull().default('Active'),
    jobTitle: text('job_title'),
    industry: text('industry'),
    specialities: text('specialities'),
    foundDate: timestamp('found_date', { withTimezone: true }),
    lastContact: timestamp('last_contact', { withTimezone: true }),
    address: text('address'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    linkedin: text('linkedin'),
    x: text('x'),
    instagram: text('instagram'),
    facebook: text('facebook'),
    blog: text('blog'),
    youtube: text('youtube'),
    tiktok: text('tiktok'),
    other: text('other'),
    notes: text('notes'),
    /** Lower-cased text the list search matches as a substring; trigram-indexed. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(business, '') || ' ' || coalesce(phone_code, '') || ' ' || coalesce(phone_number, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contacts_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('contacts_business_status_idx').on(t.businessId, t.status),
    index('contacts_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const contactGroups = pgTable(
  'contact_groups',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_groups_business_idx').on(t.businessId)],
);

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    groupId: text('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.groupId] }), index('contact_group_members_group_idx').on(t.groupId)],
);
