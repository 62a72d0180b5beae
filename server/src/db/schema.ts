import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { type MemberRole, type NoteCategory, type NoteEntityType, type NotePriority } from '@atrium/contracts';
import {
  DEFAULT_GROUP_COLOR,
  DEFAULT_TAG_COLOR,
  type ContactImportField,
  type ContactImportJobStatus,
  type ContactImportRowError,
  type ContactStatus,
} from '@atrium/domain-crm/schemas';
import type { Business } from '@atrium/domain-admin/schemas';
import type {
  DocumentBlock,
  DocumentStatus,
  DocumentTotals,
  DocumentType,
  LineItem,
  PaymentSchedule,
  QuestionBlock,
  ResponseAnswer,
  ResponseSource,
  Signer,
  SignerRole,
  SignerStatus,
  SigningOrder,
  WorkflowStatus,
  AuditEvent,
} from '@atrium/domain-documents/schemas';
import type {
  ActivitySubject,
  Address,
  FileKind,
  MeetingAttendee,
  MeetingSource,
  MeetingStatus,
  MeetingType,
  ProjectStage,
  TaskChange,
  TaskPriority,
  TaskStatus,
} from '@atrium/domain-work/schemas';
import type { NotificationData, NotificationType } from '@atrium/domain-comms/schemas';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Trigram (GIN) indexes keep new entries in a pending list that every search reads in full until it is merged.
 * PostgreSQL's default limit is 4 MB: right after 100k contacts were added a search took 5× as long until
 * (auto)vacuum merged the list — and PGlite, the embedded default, has no autovacuum. 1 MB keeps nearly all of
 * the batching (inserts ≈ 1.1× as long in a lab; 256 kB made the 100k-row import 1.7× as long, fastupdate off
 * 5×) and bounds what a search reads to a quarter (migration 0009).
 */
const SMALL_PENDING_LIST = { gin_pending_list_limit: 1024 };

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** Null for an account that only signs in with Google. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    industry: text('industry'),
    profilePicture: text('profile_picture'),
    /** Null until the address is proven (verification code, reset link, Google). Accounts older than 0004 count as verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The Google account (OIDC `sub`) linked to this user, if any. */
    googleSub: text('google_sub'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_key')
      .on(t.googleSub)
      .where(sql`${t.googleSub} IS NOT NULL`),
  ],
);

export type EmailTokenKind = 'verify_email' | 'reset_password';

/**
 * One-time proofs sent by mail: 6-digit e-mail verification codes (HMAC with the app secret) and password
 * reset tokens (sha256 of 32 random bytes). Only hashes are stored.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EmailTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull().unique('email_tokens_token_hash_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_kind_idx').on(t.userId, t.kind)],
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

/**
 * An invitation to join a business by e-mail. Only the sha256 of the link's token is stored; accepting sets
 * accepted_at (single use). At most one pending (unaccepted) invite per business and address: a re-invite
 * replaces it.
 */
export const businessInvites = pgTable(
  'business_invites',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<MemberRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique('business_invites_token_hash_key'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('business_invites_pending_key')
      .on(t.businessId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} IS NULL`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export type ImageKind = 'business_logo' | 'user_picture';

/**
 * Uploaded pictures (lib/images.ts checked their type by magic bytes and their size): one logo per business,
 * one profile picture per user. The owner is a real foreign key, so deleting it deletes the picture.
 */
export const images = pgTable(
  'images',
  {
    id: id(),
    kind: text('kind').$type<ImageKind>().notNull(),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('images_business_key').on(t.businessId),
    uniqueIndex('images_user_key').on(t.userId),
    check(
      'images_owner_check',
      sql`(${t.kind} = 'business_logo' AND ${t.businessId} IS NOT NULL AND ${t.userId} IS NULL) OR (${t.kind} = 'user_picture' AND ${t.userId} IS NOT NULL AND ${t.businessId} IS NULL)`,
    ),
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
    index('contacts_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
    // One per sort of GET /contacts (text sorts are case-insensitive; empty values last in both directions,
    // so the nullable ones need an index per direction). They also serve the status / date-range filters.
    index('contacts_business_status_idx').on(t.businessId, t.status, t.id),
    index('contacts_business_first_name_idx').on(t.businessId, sql`lower(${t.firstName})`, t.id),
    index('contacts_business_last_name_idx').on(t.businessId, sql`lower(${t.lastName}) ASC NULLS LAST`, t.id),
    index('contacts_business_last_name_desc_idx').on(
      t.businessId,
      sql`lower(${t.lastName}) DESC NULLS LAST`,
      t.id.desc(),
    ),
    index('contacts_business_email_idx').on(t.businessId, t.email, t.id),
    index('contacts_business_business_idx').on(t.businessId, sql`lower(${t.business}) ASC NULLS LAST`, t.id),
    index('contacts_business_business_desc_idx').on(
      t.businessId,
      sql`lower(${t.business}) DESC NULLS LAST`,
      t.id.desc(),
    ),
    index('contacts_business_last_contact_idx').on(t.businessId, t.lastContact.desc().nullsLast(), t.id.desc()),
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
    color: text('color').notNull().default(DEFAULT_GROUP_COLOR),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contact_groups_business_name_key').on(t.businessId, sql`lower(${t.name})`),
    index('contact_groups_business_created_idx').on(t.businessId, t.createdAt, t.id),
  ],
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
  (t) => [
    primaryKey({ columns: [t.contactId, t.groupId] }),
    index('contact_group_members_group_idx').on(t.groupId),
    // Contact counts of all of a business's groups in one index-only aggregate.
    index('contact_group_members_business_group_idx').on(t.businessId, t.groupId),
  ],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default(DEFAULT_TAG_COLOR),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('contact_tags_business_name_key').on(t.businessId, sql`lower(${t.name})`)],
);

export const contactTagLinks = pgTable(
  'contact_tag_links',
  {
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => contactTags.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tag_links_tag_idx').on(t.tagId, t.contactId)],
);

/** A note on an entity of the business (a contact now; projects, tasks and meetings later). */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').$type<NoteEntityType>().notNull(),
    entityId: text('entity_id').notNull(),
    title: text('title'),
    /** Sanitised HTML (server-side allow-list). */
    content: text('content').notNull(),
    /** The plain text of content, for search. */
    contentText: text('content_text').notNull(),
    category: text('category').$type<NoteCategory>().notNull().default('general'),
    priority: text('priority').$type<NotePriority>(),
    isPinned: boolean('is_pinned').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased title and text the search matches as a substring; trigram-indexed. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(coalesce(title, '') || ' ' || content_text)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notes_entity_idx').on(
      t.businessId,
      t.entityType,
      t.entityId,
      t.isPinned.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('notes_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
  ],
);

/** A parsed CSV kept for validate/import (24 h, modules/contact-import): its columns; the rows are in chunks. */
export const contactImportUploads = pgTable(
  'contact_import_uploads',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('contact_import_uploads_business_idx').on(t.businessId, t.createdAt),
    index('contact_import_uploads_expires_idx').on(t.expiresAt),
  ],
);

/** The rows of an upload, CONTACT_IMPORT_BATCH_SIZE per chunk (one import transaction reads one chunk). */
export const contactImportChunks = pgTable(
  'contact_import_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => contactImportUploads.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    /** Cells in header order (trailing blank cells left out). */
    rows: jsonb('rows').$type<string[][]>().notNull(),
    /**
     * Each row's spreadsheet row number (the header is row 1), when the file had blank rows between its rows;
     * null: the numbers follow on from the chunk's position.
     */
    rowNumbers: jsonb('row_numbers').$type<number[]>(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunk] })],
);

/**
 * A durable import job. A worker claims it with a lease (locked_by / locked_until); each chunk's contacts and
 * the job's cursor (next_chunk) and counters are written in one transaction, so a job whose worker died is
 * resumed by any instance once the lease has run out, without writing a row twice.
 */
export const contactImportJobs = pgTable(
  'contact_import_jobs',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id').references(() => contactImportUploads.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    mapping: jsonb('mapping').$type<Record<string, ContactImportField>>().notNull(),
    status: text('status').$type<ContactImportJobStatus>().notNull().default('queued'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    nextChunk: integer('next_chunk').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: jsonb('errors')
      .$type<ContactImportRowError[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    errorCount: integer('error_count').notNull().default(0),
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contact_import_jobs_upload_idx').on(t.uploadId),
    // The worker's claim: unfinished jobs, oldest first.
    index('contact_import_jobs_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} IN ('queued', 'running')`),
  ],
);

/**
 * How many contacts each business has, kept exact by statement-level triggers on contacts (migration
 * 0006_contact_counts.sql): the unfiltered contacts list reads its total here instead of counting rows.
 */
export const contactCounts = pgTable('contact_counts', {
  businessId: text('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  contacts: integer('contacts').notNull().default(0),
});

/**
 * The contacts' search text in a narrow table of its own, kept by statement-level triggers on contacts
 * (migration 0007_contact_search.sql): counting the matches of a search rechecks these short rows instead of the
 * wide contacts rows (half the time at 100k contacts).
 */
/**
 * Hash-partitioned by business (migration 0010, 16 partitions; drizzle does not model partitions): a search names
 * its business, so PostgreSQL scans one partition and its trigram index, shared with 1/16 of the other businesses
 * instead of all of them. Partitioning asks for the business in the primary key, after contact_id.
 */
export const contactSearch = pgTable(
  'contact_search',
  {
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    businessId: text('business_id').notNull(),
    searchText: text('search_text').notNull(),
    /** The contact's created_at (migration 0008): a search in the default order pages from these rows alone. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // contact_id first: it serves the cascade and the triggers' updates, and gives the planner no business_id
    // index to combine with the trigram scan (a partition's stale statistics made that a 100k-entry bitmap).
    primaryKey({ columns: [t.contactId, t.businessId] }),
    index('contact_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Work: projects and tasks (modules/projects, modules/tasks), their files (lib/file-store.ts) and activity.

/**
 * A client job. `board_order` is its position on the stage board, ascending within a stage: a move takes the
 * midpoint of its new neighbours (lib/board-order.ts), so one move writes one row.
 */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    stage: text('stage').$type<ProjectStage>().notNull().default('planning'),
    type: text('type').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    isAllDay: boolean('is_all_day').notNull().default(true),
    location: text('location'),
    address: jsonb('address').$type<Address>(),
    boardOrder: doublePrecision('board_order').notNull().default(0),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || type || ' ' || coalesce(location, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('projects_business_board_idx').on(t.businessId, t.stage, t.boardOrder, t.id),
    index('projects_business_type_idx').on(t.businessId, sql`lower(${t.type})`),
    index('projects_business_due_idx').on(t.businessId, t.dueDate, t.id),
    index('projects_business_start_idx').on(t.businessId, t.startDate, t.id),
    index('projects_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
  ],
);

/** The business's own list of project types: every type a project used, plus any saved on their own. */
export const projectTypes = pgTable(
  'project_types',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('project_types_business_name_key').on(t.businessId, sql`lower(${t.name})`)],
);

/** Contacts linked to a project (both the project's details and the contact page read it). */
export const projectContacts = pgTable(
  'project_contacts',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    businessId: text('business_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.contactId] }), index('project_contacts_contact_idx').on(t.contactId)],
);

/** A project's feed: every change to it, its tasks, files and notes, and the entries people add themselves. */
export const projectActivities = pgTable(
  'project_activities',
  {
    id: id(),
    businessId: text('business_id').notNull(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    subjectType: text('subject_type').$type<ActivitySubject>(),
    subjectId: text('subject_id'),
    subjectTitle: text('subject_title'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('project_activities_feed_idx').on(t.projectId, t.createdAt.desc(), t.id.desc())],
);

/**
 * A task, in a project or on its own. `sort_order` is its position in its kanban column (its status),
 * ascending, kept like the projects' board order.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').$type<TaskStatus>().notNull().default('todo'),
    priority: text('priority').$type<TaskPriority>().notNull().default('regular'),
    startDate: timestamp('start_date', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    isAllDay: boolean('is_all_day').notNull().default(false),
    sortOrder: doublePrecision('sort_order').notNull().default(0),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || coalesce(description, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('tasks_business_board_idx').on(t.businessId, t.status, t.sortOrder, t.id),
    index('tasks_project_idx').on(t.projectId, t.createdAt.desc()),
    index('tasks_business_due_idx').on(t.businessId, t.dueDate, t.id),
    // No trigram index here: a search reads task_search (below), which has it.
  ],
);

/**
 * The tasks' search text in a narrow table of its own (as contact_search), kept exact by triggers on tasks
 * (migration 0017_task_search.sql: a statement-level trigger copies inserted tasks, a row-level one follows a
 * changed text, business or created_at; deletes follow through the foreign key). A search counts and pages its
 * matches on these short rows instead of rechecking the wide tasks rows: a term matching 20k of 200k tasks was
 * 95 ms at p95 under ten connections. Hash-partitioned by business like contact_search (drizzle does not model
 * partitions): a search reads one of 16 partitions and its trigram index.
 */
export const taskSearch = pgTable(
  'task_search',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    businessId: text('business_id').notNull(),
    /** tasks.search_text: lower(title || ' ' || coalesce(description, '')). */
    searchText: text('search_text').notNull(),
    /** The task's created_at: a search in the list's default order pages from these rows alone. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // task_id first: it serves the cascade from tasks and the update trigger (as contact_search's key).
    primaryKey({ columns: [t.taskId, t.businessId] }),
    index('task_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
    // The list's default order (as tasks_business_created_idx, migration 0019): a search's page walks it and
    // stops at the page's last match, where a frequent term has them all near the top; a rare term's page is the
    // trigram scan's few matches, sorted. The planner picks by the term's estimated matches.
    index('task_search_business_created_idx').on(t.businessId, t.createdAt.desc(), t.taskId.desc()),
  ],
);

export const taskContacts = pgTable(
  'task_contacts',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    businessId: text('business_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.contactId] }), index('task_contacts_contact_idx').on(t.contactId)],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: id(),
    businessId: text('business_id').notNull(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('task_comments_task_idx').on(t.taskId, t.createdAt)],
);

/** Every change of a task: what (field, from, to), who, when. Append-only. */
export const taskHistory = pgTable(
  'task_history',
  {
    id: id(),
    businessId: text('business_id').notNull(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    changes: jsonb('changes')
      .$type<TaskChange[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    performedBy: text('performed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('task_history_task_idx').on(t.taskId, t.createdAt.desc())],
);

/**
 * Files on a project or a task, kept in the database (so every API process sees them and a backup holds them):
 * the metadata here, the bytes in 256 KB chunks in work_file_chunks, read back one chunk at a time.
 */
/**
 * The file manager's folders (/files/documents): the business's own, nested (parentId null: at the top, at most
 * FOLDER_MAX_DEPTH levels); a name is unique among its siblings, whatever its case. Only an empty folder is deleted.
 */
export const fileFolders = pgTable(
  'file_folders',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => fileFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('file_folders_sibling_name_key').on(
      t.businessId,
      sql`coalesce(${t.parentId}, '')`,
      sql`lower(${t.name})`,
    ),
    index('file_folders_parent_idx').on(t.parentId),
  ],
);

export const workFiles = pgTable(
  'work_files',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    taskId: text('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    /** The file manager's folder it is filed in (any file, attachment or upload); null: in no folder. */
    folderId: text('folder_id').references(() => fileFolders.id, { onDelete: 'set null' }),
    kind: text('kind').$type<FileKind>().notNull().default('attachment'),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** False until every chunk is written: an upload cut short is never listed. */
    complete: boolean('complete').notNull().default(false),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('work_files_project_idx').on(t.projectId, t.createdAt),
    index('work_files_task_idx').on(t.taskId, t.createdAt),
    index('work_files_meeting_idx').on(t.meetingId, t.createdAt),
    /** The file manager's list: a business's files newest first, and one folder's. */
    index('work_files_business_idx').on(t.businessId, t.createdAt),
    index('work_files_folder_idx').on(t.folderId, t.createdAt),
    /** At most one owner: a project, a task or a meeting — none for an upload to the file manager. */
    check('work_files_one_owner_check', sql`num_nonnulls(${t.projectId}, ${t.taskId}, ${t.meetingId}) <= 1`),
  ],
);

export const workFileChunks = pgTable(
  'work_file_chunks',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => workFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * How many projects each stage of a business holds, kept exact by statement-level triggers on projects (migration
 * 0014_project_counts.sql, as task_counts): the projects list's total without a filter, or with only a stage (a
 * board column), reads these rows instead of counting.
 */
export const projectCounts = pgTable(
  'project_counts',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<ProjectStage>().notNull(),
    projects: integer('projects').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.stage] })],
);

/**
 * How many tasks each kanban column of a business holds, kept exact by statement-level triggers on tasks
 * (migration 0013_work.sql, as contact_counts): GET /tasks/kanban/totals reads four rows instead of counting.
 */
export const taskCounts = pgTable(
  'task_counts',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    status: text('status').$type<TaskStatus>().notNull(),
    tasks: integer('tasks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.status] })],
);

/**
 * A meeting (docs/requirements.md §3 Meeting). Dates are instants; an all-day meeting's are UTC midnights of its
 * first and last (inclusive) day. `attendees` keeps each attendee as given ({ id, model, email, name }); the
 * contacts among them are also rows of meeting_contacts (GET /meetings/contact/{id}).
 *
 * Google Calendar: `google_user_id` is the member whose calendar holds the copy (`google_event_id`, its etag and
 * updated time for conflict checks). source google_calendar marks an event that exists only in that member's
 * Google Calendar: read-only, and seen by that member alone, until it is linked to a project. One Google event is
 * one meeting at most (meetings_google_event_uq): a sync can never duplicate it.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizerId: text('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    isAllDay: boolean('is_all_day').notNull().default(false),
    location: text('location'),
    status: text('status').$type<MeetingStatus>().notNull().default('scheduled'),
    type: text('type').$type<MeetingType>().notNull().default('meeting'),
    meetingLink: text('meeting_link'),
    notes: text('notes'),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    isVirtual: boolean('is_virtual').notNull().default(false),
    attendees: jsonb('attendees').$type<MeetingAttendee[]>().notNull().default([]),
    source: text('source').$type<MeetingSource>().notNull().default('atrium'),
    syncToGoogle: boolean('sync_to_google').notNull().default(false),
    syncedToGoogle: boolean('synced_to_google').notNull().default(false),
    googleUserId: text('google_user_id').references(() => users.id, { onDelete: 'set null' }),
    googleEventId: text('google_event_id'),
    googleCalendarUrl: text('google_calendar_url'),
    googleEtag: text('google_etag'),
    googleUpdatedAt: timestamp('google_updated_at', { withTimezone: true }),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || coalesce(description, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meetings_business_start_idx').on(t.businessId, t.startAt, t.id),
    index('meetings_business_end_idx').on(t.businessId, t.endAt),
    // A range query scans start_at from (range start − 8 days) through meetings_business_start_idx; meetings longer
    // than 7 days come from this one (meetings.repository.ts LONG_MEETING: the predicate must match word for word).
    index('meetings_business_long_idx')
      .on(t.businessId, t.endAt)
      .where(sql`${t.endAt} - ${t.startAt} > interval '7 days'`),
    index('meetings_project_idx').on(t.projectId, t.startAt),
    uniqueIndex('meetings_google_event_uq')
      .on(t.googleUserId, t.googleEventId)
      .where(sql`${t.googleEventId} IS NOT NULL`),
    check('meetings_dates_check', sql`${t.endAt} >= ${t.startAt}`),
  ],
);

export const meetingContacts = pgTable(
  'meeting_contacts',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    businessId: text('business_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.contactId] }), index('meeting_contacts_contact_idx').on(t.contactId)],
);

/**
 * A member's Google Calendar connection in one business (modules/google-calendar). The OAuth tokens are sealed at rest
 * (AES-256-GCM, lib/sealed-text.ts; member, business and kind are the additional data). `status` reconnect: Google refused the tokens
 * (revoked, expired grant): shown to the member, who connects again; nothing syncs until then. `sync_token` is
 * Calendar's incremental sync token (null: the next run lists everything). `sync_lease_until`: a sync run holds the
 * connection until then (renewed while it runs): one run per connection at a time, across processes.
 */
export const googleCalendarConnections = pgTable(
  'google_calendar_connections',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    googleEmail: text('google_email'),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    calendarId: text('calendar_id').notNull().default('primary'),
    syncToken: text('sync_token'),
    status: text('status').$type<'connected' | 'reconnect'>().notNull().default('connected'),
    lastError: text('last_error'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('google_calendar_connections_member_uq').on(t.userId, t.businessId),
    index('google_calendar_connections_due_idx').on(t.status, t.lastSyncedAt),
  ],
);

/**
 * Gmail (modules/gmail): a member's own mailbox connected in a business (OAuth, tokens sealed at rest with
 * lib/sealed-text.ts). `history_id` is where the reply poll continues (users.history.list); null = not polled yet.
 */
export const gmailConnections = pgTable(
  'gmail_connections',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    googleEmail: text('google_email'),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    status: text('status').$type<'connected' | 'reconnect'>().notNull().default('connected'),
    historyId: text('history_id'),
    lastError: text('last_error'),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    pollLeaseUntil: timestamp('poll_lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gmail_connections_member_uq').on(t.userId, t.businessId),
    index('gmail_connections_due_idx').on(t.status, t.lastPolledAt),
  ],
);

/**
 * The emails kept with a project (its email tab): sent from Atrium with a projectId, and the replies found in the
 * sender's mailbox on those threads. One row per Gmail message per mailbox; the body is sanitised HTML.
 */
export const gmailMessages = pgTable(
  'gmail_messages',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Whose mailbox the thread lives in (the member who sent the first message). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gmailMessageId: text('gmail_message_id').notNull(),
    gmailThreadId: text('gmail_thread_id').notNull(),
    rfcMessageId: text('rfc_message_id'),
    direction: text('direction').$type<'sent' | 'received'>().notNull(),
    fromAddress: text('from_address').notNull(),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull(),
    ccAddresses: jsonb('cc_addresses').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; size: number }[]>()
      .notNull()
      .default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gmail_messages_mailbox_message_uq').on(t.userId, t.businessId, t.gmailMessageId),
    index('gmail_messages_project_idx').on(t.businessId, t.projectId, t.sentAt),
    index('gmail_messages_thread_idx').on(t.userId, t.businessId, t.gmailThreadId),
  ],
);

/**
 * Every message a member's mailbox is asked to send (modules/gmail, sendAs: project emails, campaigns, automations),
 * written before Gmail is called: the idempotent record a retry checks (a send whose answer was lost is looked up in
 * the mailbox by its Message-ID before it is tried again) and the per-mailbox count Gmail's daily limit is kept by.
 * status: sending (Gmail called, no answer yet) → sent | failed (Gmail refused; nothing went out) | unknown (the
 * answer was lost and the mailbox could not be checked: counted as sent, never retried).
 */
export const gmailSends = pgTable(
  'gmail_sends',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rfcMessageId: text('rfc_message_id').notNull(),
    status: text('status').$type<'sending' | 'sent' | 'failed' | 'unknown'>().notNull().default('sending'),
    gmailMessageId: text('gmail_message_id'),
    gmailThreadId: text('gmail_thread_id'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gmail_sends_message_uq').on(t.rfcMessageId),
    index('gmail_sends_mailbox_idx').on(t.userId, t.businessId, t.createdAt),
  ],
);

/**
 * Documents (modules/documents): invoices, contracts and questionnaires of a business, and its templates
 * (is_template). What the list shows and filters on are real columns (type, status, title, number, contact,
 * project, total, dates) with indexes; the body (blocks, line items, totals, signers) is jsonb read only by the
 * one-document calls. `contact_name` is the contact's name when it was linked (the list's column and search; a
 * later rename of the contact shows on the next save). `status` never stores 'expired': a sent or viewed
 * document whose expires_at has passed reads as expired (repository EFFECTIVE_STATUS).
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<DocumentType>().notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('draft'),
    title: text('title').notNull(),
    /** Invoices: INV-0001…, from document_number_sequences; null for templates and other types. */
    number: text('number'),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    contactName: text('contact_name'),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    isTemplate: boolean('is_template').notNull().default(false),
    templateId: text('template_id'),
    blocks: jsonb('blocks').$type<DocumentBlock[]>().notNull().default([]),
    currency: text('currency'),
    dueDate: timestamp('due_date', { withTimezone: true }),
    notes: text('notes'),
    lineItems: jsonb('line_items').$type<LineItem[]>().notNull().default([]),
    paymentSchedule: jsonb('payment_schedule').$type<PaymentSchedule>(),
    totals: jsonb('totals').$type<DocumentTotals>(),
    /** totals.total, as a column for the list. */
    total: bigint('total', { mode: 'number' }),
    /**
     * What an invoice received, net of refunds: the sum of its payments succeeded, partially_refunded or refunded
     * (the payments module's RECEIVED_PAYMENT_STATUSES), kept by statement triggers on payments (migration 0047) for
     * finance's open balances. Never written by the application.
     */
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    signers: jsonb('signers').$type<Signer[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || coalesce(number, '') || ' ' || coalesce(contact_name, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's default order within documents or templates, and its type/status filters.
    index('documents_business_list_idx').on(t.businessId, t.isTemplate, t.updatedAt.desc(), t.id.desc()),
    index('documents_business_type_idx').on(t.businessId, t.isTemplate, t.type, t.updatedAt.desc(), t.id.desc()),
    index('documents_business_status_idx').on(t.businessId, t.isTemplate, t.status, t.updatedAt.desc(), t.id.desc()),
    index('documents_contact_idx').on(t.contactId, t.updatedAt.desc()),
    index('documents_project_idx').on(t.projectId, t.updatedAt.desc()),
    // Sent or viewed documents with an expiry: which of them read as expired now (the list's counts, its filter).
    index('documents_expiring_idx')
      .on(t.businessId, t.isTemplate, t.status, t.expiresAt)
      .where(sql`status IN ('sent', 'viewed') AND expires_at IS NOT NULL`),
    uniqueIndex('documents_business_number_uq')
      .on(t.businessId, t.number)
      .where(sql`number IS NOT NULL`),
    index('documents_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
    // Finance (modules/finance, migrations 0035 and 0047): the open invoices' balances by currency and due date, read
    // from the index alone (no wide jsonb rows, no payments probed); and the invoices tab's order.
    index('documents_finance_open_idx')
      .on(t.businessId, t.currency, t.dueDate, t.total, t.received, t.id)
      .where(sql`type = 'invoice' AND is_template = false AND status IN ('sent', 'viewed')`),
    index('documents_finance_invoices_idx')
      .on(t.businessId, t.createdAt.desc(), t.id.desc())
      .where(sql`type = 'invoice' AND is_template = false`),
    // Automations' "Date reached" on an invoice's due date (modules/automation, the date sweep).
    index('documents_invoice_due_idx')
      .on(t.businessId, t.dueDate, t.id)
      .where(sql`type = 'invoice' AND is_template = false AND due_date IS NOT NULL`),
  ],
);

/**
 * The documents' search text in a narrow table of its own (as task_search), kept exact by triggers on documents
 * (migration 0023_document_search.sql: a statement-level trigger copies inserted documents, a row-level one follows
 * a changed text, business, template flag, type or updated_at; deletes follow through the foreign key). A search's
 * total counts these short rows instead of rechecking the wide documents rows (jsonb bodies): a term matching 20k
 * of 100k documents was an 18 ms count on PostgreSQL, most of it reading 5,600 heap pages. Hash-partitioned by
 * business like task_search (migration 0028; drizzle does not model partitions): a search reads one of 16
 * partitions and its trigram index. The page of a search still comes from documents (repository list): migration
 * 0028 also kept updated_at here for it, but a partitioned table's own statistics come only from an explicit
 * ANALYZE, and without them a rare term's page walked the whole order index; 0029 dropped that column again.
 */
export const documentSearch = pgTable(
  'document_search',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    businessId: text('business_id').notNull(),
    isTemplate: boolean('is_template').notNull(),
    type: text('type').$type<DocumentType>().notNull(),
    /** documents.search_text. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    // document_id first: it serves the cascade from documents and the update trigger (as task_search's key).
    primaryKey({ columns: [t.documentId, t.businessId] }),
    index('document_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
  ],
);

/**
 * How many documents a business holds per (template or not, type, stored status), kept exact by statement-level
 * triggers on documents (migration 0022_document_counts.sql, as project_counts): the list's total without a filter,
 * or with only a type and/or status, reads these rows instead of counting 100,000 rows (a sent/viewed count then
 * subtracts those past their expiry, found through documents_expiring_idx).
 */
export const documentCounts = pgTable(
  'document_counts',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    isTemplate: boolean('is_template').notNull(),
    type: text('type').$type<DocumentType>().notNull(),
    status: text('status').$type<DocumentStatus>().notNull(),
    documents: integer('documents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.isTemplate, t.type, t.status] })],
);

/**
 * One counter per business and kind ('invoice'): bumped by an upsert in the creating transaction, whose row lock
 * orders concurrent creates — no duplicate, and a failed create rolls its bump back. A deleted document's number
 * is never given again (the counter only grows).
 */
export const documentNumberSequences = pgTable(
  'document_number_sequences',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.kind] })],
);

/** The business's own tax rates: a name and a rate in basis points (7.25 % = 725). */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rate: integer('rate').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_rates_business_name_uq').on(t.businessId, sql`lower(${t.name})`),
    check('tax_rates_rate_range', sql`${t.rate} >= 0 AND ${t.rate} <= 10000`),
  ],
);

/**
 * Public links to a sent document: only the SHA-256 of the unguessable token is stored; a link works until
 * expires_at unless revoked.
 */
export const documentLinks = pgTable(
  'document_links',
  {
    id: id(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_links_token_uq').on(t.tokenHash),
    index('document_links_document_idx').on(t.documentId),
  ],
);

/**
 * Packages (modules/packages): documents of one client in order, sent as one flow. `status` stores draft or sent;
 * in progress and completed are read from the documents' states (the slice's stepDone).
 */
export const packages = pgTable(
  'packages',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    status: text('status').$type<'draft' | 'sent'>().notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('packages_business_list_idx').on(t.businessId, t.updatedAt.desc(), t.id.desc()),
    index('packages_contact_idx').on(t.contactId),
  ],
);

/** A package's documents in order; a document is in at most one package (document_id unique). */
export const packageItems = pgTable(
  'package_items',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.documentId] }),
    uniqueIndex('package_items_document_uq').on(t.documentId),
    index('package_items_order_idx').on(t.packageId, t.position),
  ],
);

/** Public links to a sent package: the SHA-256 of the token only, as document_links. */
export const packageLinks = pgTable(
  'package_links',
  {
    id: id(),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('package_links_token_uq').on(t.tokenHash), index('package_links_package_idx').on(t.packageId)],
);

/**
 * E-signature workflows (modules/signatures): a contract sent to its signers in order (or any order), with an expiry
 * and a reminder interval. One open workflow (draft, sent, in progress) per document; finished ones stay as history.
 * On completion: the sealed PDF (a work file of the file manager) and its SHA-256.
 */
export const signatureWorkflows = pgTable(
  'signature_workflows',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /**
     * A contract with a workflow past its draft cannot be deleted (the evidence stays): no cascade. The documents
     * service deletes draft workflows itself and answers 409 for the others.
     */
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'no action' }),
    /** The contract's title when the workflow was made (the list shows and searches it). */
    documentTitle: text('document_title').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<WorkflowStatus>().notNull().default('draft'),
    signingOrder: text('signing_order').$type<SigningOrder>().notNull().default('sequential'),
    message: text('message').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Days between reminders to signers who have not signed; 0: none. */
    reminderIntervalDays: integer('reminder_interval_days').notNull().default(3),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** SHA-256 of the contract's content when sent: the sealed PDF must be of the same text. */
    documentSha256: text('document_sha256'),
    /**
     * The contract as sent (set at send): the PDF model whose hash is documentSha256 and the document the signers
     * are shown. The signer's session, its PDF and the seal use it, never the live document.
     */
    documentSnapshot: jsonb('document_snapshot').$type<Record<string, unknown>>(),
    /** The sealed PDF in the file manager: it cannot be deleted there (no cascade, no set null). */
    signedFileId: text('signed_file_id').references(() => workFiles.id, { onDelete: 'no action' }),
    /** SHA-256 (hex) of the sealed PDF's bytes. */
    signedSha256: text('signed_sha256'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('signature_workflows_business_list_idx').on(t.businessId, t.updatedAt.desc(), t.id.desc()),
    index('signature_workflows_business_status_idx').on(t.businessId, t.status, t.updatedAt.desc(), t.id.desc()),
    index('signature_workflows_document_idx').on(t.documentId, t.createdAt.desc()),
    uniqueIndex('signature_workflows_open_document_uq')
      .on(t.documentId)
      .where(sql`status IN ('draft', 'sent', 'in_progress')`),
    check(
      'signature_workflows_status_check',
      sql`${t.status} IN ('draft', 'sent', 'in_progress', 'completed', 'declined', 'voided', 'expired')`,
    ),
  ],
);

/**
 * A workflow's signers in order. The link's token is never stored: only its SHA-256 (it is derived from the app
 * secret and `token_nonce`, so a reminder mails the same link). Consent and signature evidence stay on the row.
 */
export const signatureSigners = pgTable(
  'signature_signers',
  {
    id: id(),
    workflowId: text('workflow_id')
      .notNull()
      .references(() => signatureWorkflows.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role').$type<SignerRole>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The member who signed as the business owner. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<SignerStatus>().notNull().default('pending'),
    tokenNonce: text('token_nonce'),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    consentVersion: text('consent_version'),
    consentIp: text('consent_ip'),
    consentUserAgent: text('consent_user_agent'),
    signatureKind: text('signature_kind').$type<'drawn' | 'typed'>(),
    signaturePng: bytea('signature_png'),
    typedName: text('typed_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signature_signers_order_uq').on(t.workflowId, t.position),
    uniqueIndex('signature_signers_token_uq')
      .on(t.tokenHash)
      .where(sql`token_hash IS NOT NULL`),
  ],
);

/**
 * The append-only evidence of a workflow: each entry's hash is SHA-256 over its canonical form and the previous
 * entry's hash. The migration adds a trigger that refuses UPDATE, and DELETE while the workflow exists (a deleted
 * document or business still takes its workflows and their trails with it).
 */
export const signatureAudit = pgTable(
  'signature_audit',
  {
    workflowId: text('workflow_id')
      .notNull()
      .references(() => signatureWorkflows.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    event: text('event').$type<AuditEvent>().notNull(),
    actor: text('actor').notNull(),
    actorName: text('actor_name'),
    signerId: text('signer_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.sequence] })],
);

/**
 * A business's contact forms: its own questions (question blocks) after the contact's first name, last name and
 * email, shown at /forms/{public_id} (an unguessable id: the form's row id is never public).
 */
export const contactForms = pgTable(
  'contact_forms',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    questions: jsonb('questions').$type<QuestionBlock[]>().notNull(),
    successMessage: text('success_message'),
    status: text('status').$type<'active' | 'inactive'>().notNull().default('active'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contact_forms_public_id_uq').on(t.publicId),
    index('contact_forms_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    check('contact_forms_status_check', sql`${t.status} IN ('active', 'inactive')`),
  ],
);

/**
 * Every response: a contact form's submission or a questionnaire's answers. The answers keep their questions' labels
 * and kinds as they were asked (a snapshot); the contact's name and email are kept too, so a deleted form, document
 * or contact leaves the response readable. One response per questionnaire (a partial unique index).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    source: text('source').$type<ResponseSource>().notNull(),
    formId: text('form_id').references(() => contactForms.id, { onDelete: 'set null' }),
    documentId: text('document_id').references(() => documents.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    answers: jsonb('answers').$type<ResponseAnswer[]>().notNull(),
    answerCount: integer('answer_count').notNull(),
    /** Lower-cased contact name and email, for the list's search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(coalesce(contact_name, '') || ' ' || coalesce(contact_email, ''))`),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_submissions_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('form_submissions_form_idx').on(t.formId, t.createdAt.desc()),
    uniqueIndex('form_submissions_questionnaire_uq')
      .on(t.documentId)
      .where(sql`${t.source} = 'questionnaire'`),
    index('form_submissions_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
    check('form_submissions_source_check', sql`${t.source} IN ('contact_form', 'questionnaire')`),
  ],
);

/**
 * A file a visitor uploaded on a public form (formId) or through a questionnaire's link (documentId): the file is the
 * business's owner-less upload (the file manager lists it as an upload), bound here to where it was uploaded so that
 * only that form's or link's submission may reference it, once (submissionId set when it is used). Unused after
 * 24 hours, the file is removed (FormsService.uploadFile cleans up before each upload).
 */
export const formUploads = pgTable(
  'form_uploads',
  {
    fileId: text('file_id')
      .primaryKey()
      .references(() => workFiles.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    formId: text('form_id').references(() => contactForms.id, { onDelete: 'cascade' }),
    documentId: text('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id').references(() => formSubmissions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_uploads_unused_idx')
      .on(t.businessId, t.createdAt)
      .where(sql`${t.submissionId} IS NULL`),
    check('form_uploads_one_target_check', sql`num_nonnulls(${t.formId}, ${t.documentId}) = 1`),
  ],
);

/**
 * A business's own Stripe account, connected through Stripe Connect (modules/stripe): one per business. The flags
 * are Stripe's, refreshed from accounts.retrieve (the integrations tab's return) and from account.updated webhooks.
 */
export const stripeAccounts = pgTable(
  'stripe_accounts',
  {
    businessId: text('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stripe_accounts_account_uq').on(t.stripeAccountId)],
);

/**
 * Money received (or tried) for an invoice (modules/payments): a card payment through a Stripe Checkout Session, or
 * a manual one recorded when a member marks the invoice paid by hand. Amounts are minor units of `currency`.
 * status: pending (session open), succeeded, failed, expired, refunded / partially_refunded (amount_refunded > 0),
 * held (the paid amount or currency differed from what the invoice expected: never applied, waits for review).
 * What counts as received: amount − amount_refunded of succeeded, partially_refunded and refunded rows.
 * `document_id` is set null when the invoice is deleted (money received stays in finance; invoice_number keeps it
 * readable).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    documentId: text('document_id').references(() => documents.id, { onDelete: 'set null' }),
    invoiceNumber: text('invoice_number'),
    method: text('method').$type<'card' | 'manual'>().notNull(),
    kind: text('kind').$type<'deposit' | 'balance' | 'full'>().notNull(),
    status: text('status')
      .$type<
        'pending' | 'succeeded' | 'failed' | 'expired' | 'refunded' | 'partially_refunded' | 'held' | 'dismissed'
      >()
      .notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    stripeAccountId: text('stripe_account_id'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** Held: why (amount or currency mismatch, invoice already paid); failed: Stripe's message. */
    reason: text('reason'),
    /** What Stripe reported when held (what was actually paid). */
    receivedAmount: bigint('received_amount', { mode: 'number' }),
    receivedCurrency: text('received_currency'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_business_paid_idx').on(t.businessId, t.status, t.paidAt),
    index('payments_document_idx').on(t.documentId),
    // Finance (modules/finance, migration 0035), read from the index alone: what an invoice received, and the
    // payments tab's order. (Revenue by month reads finance_revenue_months since 0036.)
    index('payments_finance_document_idx')
      .on(t.documentId, t.amount, t.amountRefunded)
      .where(sql`status IN ('succeeded', 'partially_refunded', 'refunded')`),
    index('payments_finance_list_idx').on(t.businessId, sql`(coalesce(paid_at, created_at)) DESC`, t.id.desc()),
    uniqueIndex('payments_checkout_session_uq')
      .on(t.stripeCheckoutSessionId)
      .where(sql`stripe_checkout_session_id IS NOT NULL`),
    index('payments_payment_intent_idx')
      .on(t.stripePaymentIntentId)
      .where(sql`stripe_payment_intent_id IS NOT NULL`),
    check(
      'payments_amounts_check',
      sql`${t.amount} >= 0 AND ${t.amountRefunded} >= 0 AND ${t.amountRefunded} <= ${t.amount}`,
    ),
  ],
);

/**
 * Revenue per business, currency and UTC month (modules/finance): what payments received that month (`paid`, by
 * paid_at, statuses succeeded/partially_refunded/refunded) and what was refunded that month (`refunded`, by
 * refunded_at — a payment's refunds all count in its last refund's month). Kept exact by statement-level triggers on
 * payments (migration 0036_finance_revenue_months.sql, as document_counts: the removed rows' parts are taken off, the
 * added rows' parts added), so the finance overview reads at most 12 rows per currency instead of a year of
 * payments. A month with nothing left keeps its zero row.
 */
export const financeRevenueMonths = pgTable(
  'finance_revenue_months',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** 'YYYY-MM' (UTC). */
    month: text('month').notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.month, t.currency] })],
);

/**
 * Every Stripe webhook event taken, by its id: the insert of this row and the event's whole handling are one
 * transaction, so an event delivered twice (also at the same time) is applied once — the second insert waits on the
 * first's unique key and then finds it there.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  stripeAccountId: text('stripe_account_id'),
  /** applied, ignored, held, unknown_session… (what the handling did). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A business's Atrium plan bought through Stripe Billing (modules/subscriptions): its Stripe customer (created at the
 * first checkout) and the subscription as the verified webhooks last described it. `last_event_at` is the `created`
 * second of the newest subscription event applied: an older one delivered late changes nothing.
 */
export const businessSubscriptions = pgTable(
  'business_subscriptions',
  {
    businessId: text('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Stripe's subscription status, or 'none' before the first subscription. */
    status: text('status').notNull().default('none'),
    /** The paid tier of the subscription's price (null: none, or a price Atrium does not know). */
    tier: text('tier'),
    priceId: text('price_id'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    paymentFailed: boolean('payment_failed').notNull().default(false),
    lastEventAt: bigint('last_event_at', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('business_subscriptions_customer_uq').on(t.stripeCustomerId)],
);

/** The subscription's invoices as Stripe's invoice events described them (id = Stripe's invoice id). */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id'),
    number: text('number'),
    status: text('status').notNull(),
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdf: text('invoice_pdf'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Stripe's `created`. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscription_invoices_business_idx').on(t.businessId, t.createdAt)],
);

/**
 * Every Billing webhook event taken (the platform account's own events: subscriptions and their invoices), by id:
 * inserted in the same transaction as the event's effects, so a second delivery changes nothing.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One notification for one user (modules/notifications, issue #19): stored per recipient so read and delete are
 * each user's own. `business_id` is the business it belongs to (the bell shows the current business's); null for
 * a personal one that follows the user into every business (friend requests). Indexes: the list (newest first)
 * and the unread count.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId, t.businessId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * Each user's unread notifications per business ('' for personal ones, shown in every business), kept exact by
 * statement-level triggers on notifications (migration 0052_notification_unread_counts.sql, as document_counts): the
 * bell's unread count reads two rows instead of counting every unread entry of the user (10,000 of them: ~4 ms of
 * CPU on PGlite per request, bench/README.md "Notifications").
 */
export const notificationUnreadCounts = pgTable(
  'notification_unread_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The notification's business_id, or '' for a personal notification (business_id NULL). */
    businessKey: text('business_key').notNull(),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessKey] })],
);

/** A user's switch per notification type; no row = on. A type switched off is not delivered to that user. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * Friend requests as far as the notification calls need them (POST /notifications/friend-request-sent|received):
 * who asked whom and when the recipient acknowledged it. One row per pair; the people/friends part is issue #20's.
 */
export const friendRequests = pgTable(
  'friend_requests',
  {
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.senderId, t.recipientId] }),
    index('friend_requests_recipient_idx').on(t.recipientId),
    check('friend_requests_not_self_check', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/**
 * The installation's document seal (modules/signatures/pdf/identity.ts) when no SIGNING_P12_PATH is configured: one
 * row, id 'installation', generated at the first start. The PKCS#12 (key + self-signed certificate) and its
 * passphrase are sealed with the app secret (AES-256-GCM, lib/sealed-text.ts); the certificate and its SHA-256 are
 * public and kept in clear for display and verification.
 */
export const signingIdentities = pgTable('signing_identities', {
  id: text('id').primaryKey(),
  sealedP12: text('sealed_p12').notNull(),
  certificatePem: text('certificate_pem').notNull(),
  certificateSha256: text('certificate_sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Email templates (issue #19 §4, modules/email-templates): the email-design editor's blocks and what is rendered from
 * them (HTML, with rich text sanitised; the plain-text part, generated or written by hand: text_edited).
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    blocks: jsonb('blocks').$type<unknown[]>().notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    textEdited: boolean('text_edited').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_templates_business_idx').on(t.businessId, t.updatedAt.desc())],
);

/**
 * Email campaigns (modules/campaigns): the message copied from a template when created, the audience, the sender (a
 * member with a connected Gmail) and the run's state. Sent by a pg-boss job per campaign, one message per recipient.
 */
export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: text('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    note: text('note'),
    total: integer('total').notNull().default(0),
    /**
     * The one run sending this campaign: its token and how long it holds the campaign (renewed by its heartbeat).
     * A run takes the campaign only when no live run holds it, and a recipient is claimed only by the holder, so
     * two jobs of one campaign (a double resume, a retry while the first run is still inside a send) never send
     * side by side.
     */
    runner: text('runner'),
    runLeaseUntil: timestamp('run_lease_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_campaigns_business_idx').on(t.businessId, t.createdAt.desc()),
    check('email_campaigns_status_check', sql`${t.status} IN ('scheduled', 'sending', 'sent', 'cancelled', 'failed')`),
  ],
);

/**
 * One row per address a campaign goes to, written when the campaign is created. The sender claims a row (queued →
 * sending) in its own statement before calling Gmail and records the result after; a row found still 'sending' by a
 * later run is marked 'unknown' and never sent again (nobody gets a second copy). The unsubscribe link's token is
 * derived from the row's id (HMAC), so nothing secret is stored.
 */
export const emailCampaignRecipients = pgTable(
  'email_campaign_recipients',
  {
    id: id(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    contactId: text('contact_id'),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    company: text('company'),
    seq: integer('seq').notNull(),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    gmailMessageId: text('gmail_message_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_campaign_recipients_address_uq').on(t.campaignId, t.email),
    index('email_campaign_recipients_next_idx').on(t.campaignId, t.status, t.seq),
    index('email_campaign_recipients_sent_idx')
      .on(t.businessId, t.sentAt)
      .where(sql`${t.sentAt} IS NOT NULL`),
    check(
      'email_campaign_recipients_status_check',
      sql`${t.status} IN ('queued', 'sending', 'sent', 'failed', 'bounced', 'unknown')`,
    ),
  ],
);

/** A business's unsubscribe list: an address here gets no later campaign of that business (lower-cased email). */
export const emailUnsubscribes = pgTable(
  'email_unsubscribes',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    campaignId: text('campaign_id').references(() => emailCampaigns.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.email] })],
);

/**
 * Team chat (issue #19 §6): a business's channels (every member of the business reads and writes the channels
 * that are not archived; '#general' is made on first use) and direct messages between two members (`kind` 'dm',
 * `dm_key` = the two user ids sorted and joined, unique per business; only those two read it).
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'channel' | 'dm'>().notNull(),
    name: text('name'),
    dmKey: text('dm_key'),
    dmUserIds: jsonb('dm_user_ids').$type<string[]>(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chat_channels_business_name_key')
      .on(t.businessId, sql`lower(${t.name})`)
      .where(sql`${t.kind} = 'channel'`),
    uniqueIndex('chat_channels_business_dm_key')
      .on(t.businessId, t.dmKey)
      .where(sql`${t.kind} = 'dm'`),
    check('chat_channels_kind_check', sql`${t.kind} IN ('channel', 'dm')`),
  ],
);

/** One chat message: plain text (the server strips markup), edited and deleted by its author only. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    channelId: text('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Increasing per database: the history's cursor and the unread count's comparison. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_messages_channel_seq_key').on(t.channelId, t.seq)],
);

/** How far a member has read a channel (the last message seq seen); no row = nothing read. */
export const chatReads = pgTable(
  'chat_reads',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] })],
);

/**
 * Whose chat panel is open now (per business), across API processes: the panel's live stream keeps the row's
 * `until` ahead while it is open; a member whose row has lapsed gets MESSAGE_RECEIVED in the bell instead.
 */
export const chatPresence = pgTable(
  'chat_presence',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    streams: integer('streams').notNull().default(0),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessId] })],
);

/**
 * Domain events (issue #19 §7, lib/domain-events.ts): the outbox automations read. A producer records an event in
 * its own transaction, so a rolled-back write triggers nothing; the automation dispatcher claims pending events
 * (`dispatched_at IS NULL`) and turns them into runs.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    recordId: text('record_id').notNull(),
    /** The record's fields the conditions compare (flat: names → text, number, boolean or null). */
    record: jsonb('record').$type<Record<string, string | number | boolean | null>>().notNull(),
    actorId: text('actor_id'),
    /** How many automation hops led here: 0 for a member's own action (loop backstop). */
    depth: integer('depth').notNull().default(0),
    /** The automation run whose step raised it, if any. */
    sourceAutomationId: text('source_automation_id'),
    /** For one automation only (a "Date reached" of that automation's date field and offset); null: for every one. */
    automationId: text('automation_id'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('domain_events_pending_idx')
      .on(t.createdAt)
      .where(sql`dispatched_at IS NULL`),
  ],
);

/** An automation of a business: trigger → conditions → steps (shapes: @atrium/domain-comms/automation). */
export const automations = pgTable(
  'automations',
  {
    id: id(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    trigger: text('trigger').notNull(),
    conditions: jsonb('conditions').$type<unknown[]>().notNull().default([]),
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    /** "Date reached": { field, offsetDays } (@atrium/domain-comms/automation); null for the other triggers. */
    dateTrigger: jsonb('date_trigger').$type<{ field: string; offsetDays: number }>(),
    /** Since when a "Date reached" fires: moments before it (the automation did not exist or was off) never do. */
    armedAt: timestamp('armed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The date sweep's last complete pass for this automation (its window reaches back to it after an outage). */
    datesSweptAt: timestamp('dates_swept_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('automations_business_trigger_idx').on(t.businessId, t.trigger),
    index('automations_date_reached_idx')
      .on(t.id)
      .where(sql`trigger = 'date.reached' AND enabled`),
  ],
);

/**
 * "Date reached" fired: one row per (automation, record, date value), written with the event in one transaction, so
 * a second pass or a second API process never fires twice; a changed date is another value and fires again.
 */
export const automationDateFires = pgTable(
  'automation_date_fires',
  {
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    recordId: text('record_id').notNull(),
    dateValue: timestamp('date_value', { withTimezone: true }).notNull(),
    firedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.automationId, t.recordId, t.dateValue] })],
);

/** One run of an automation for one event: unique per (automation, event), so an event never runs it twice. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: id(),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    recordId: text('record_id').notNull(),
    record: jsonb('record').$type<Record<string, string | number | boolean | null>>().notNull(),
    depth: integer('depth').notNull().default(0),
    /** queued, running, waiting, completed, failed. */
    status: text('status').notNull().default('queued'),
    /** The index of the next step to run. */
    nextStep: integer('next_step').notNull().default(0),
    /** One entry per step reached: { step, type, status: running|done|failed|unknown, message, at }. */
    results: jsonb('results').$type<unknown[]>().notNull().default([]),
    /** A waiting run: when its wait ends (the sweep queues a run whose job was lost once this has passed). */
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_runs_event_key').on(t.automationId, t.eventId),
    index('automation_runs_automation_idx').on(t.automationId, t.createdAt),
    // The sweep of runs whose job was lost (modules/automation): the unfinished ones, oldest change first; a
    // waiting run by when its wait ends (a long wait is not stale while its job waits).
    index('automation_runs_unfinished_idx')
      .on(t.updatedAt)
      .where(sql`status IN ('queued', 'running', 'waiting')`),
    index('automation_runs_waiting_idx')
      .on(t.resumeAt)
      .where(sql`status = 'waiting'`),
  ],
);

/*
 * Communities (issue #20): platform-wide (not a business's rows — professionals of many businesses meet in one);
 * `business_id` records the business the creator acted for. Names are unique case-insensitively
 * (DUPLICATE_COMMUNITY_NAME). A private community is approval-only: its posts, events and members are read by
 * its active members only.
 */
export const communities = pgTable(
  'communities',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility').$type<'public' | 'private'>().notNull().default('public'),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Changes with every cover upload (the cover URL's `v`); null: no cover. */
    coverVersion: text('cover_version'),
    memberCount: integer('member_count').notNull().default(0),
    /**
     * Its posts not removed, kept by statement triggers on community_posts (migration 0050) in the writing
     * statement's transaction: a feed page's total reads it instead of counting the posts.
     */
    postCount: integer('post_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('communities_name_key').on(sql`lower(${t.name})`),
    index('communities_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('communities_visibility_check', sql`${t.visibility} IN ('public', 'private')`),
  ],
);

/** A community's cover image (checked like logos: png/jpeg/webp/gif by their bytes, 2 MB). */
export const communityCovers = pgTable('community_covers', {
  communityId: text('community_id')
    .primaryKey()
    .references(() => communities.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

/** Membership: `pending` asks to join an approval-only community; roles owner, moderator, member. */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: text('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'moderator' | 'member'>().notNull().default('member'),
    status: text('status').$type<'active' | 'pending'>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_members_user_idx').on(t.userId),
    check('community_members_role_check', sql`${t.role} IN ('owner', 'moderator', 'member')`),
    check('community_members_status_check', sql`${t.status} IN ('active', 'pending')`),
  ],
);

/**
 * When a person's request to join a community was last told to its owner and moderators: at most once per 24 hours
 * per person and community, so joining, withdrawing and joining again does not notify them each time. Kept when
 * the request is withdrawn or turned down (the membership row goes).
 */
export const communityJoinNotices = pgTable(
  'community_join_notices',
  {
    communityId: text('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('community_join_notices_user_idx').on(t.userId)],
);

/** Posts of a community; the text is plain (markup stripped on the server). Removed posts keep their row. */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: id(),
    communityId: text('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('community_posts_feed_idx').on(t.communityId, t.createdAt.desc(), t.id.desc())],
);

export const postComments = pgTable(
  'community_post_comments',
  {
    id: id(),
    postId: text('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('community_post_comments_post_idx').on(t.postId, t.createdAt)],
);

/** One reaction per person and post. */
export const postReactions = pgTable(
  'community_post_reactions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** A community's event: an instant range, the zone it is shown in, online link or place, optional capacity. */
export const communityEvents = pgTable(
  'community_events',
  {
    id: id(),
    communityId: text('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    mode: text('mode').$type<'online' | 'in_person'>().notNull(),
    onlineUrl: text('online_url'),
    place: text('place'),
    capacity: integer('capacity'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('community_events_community_idx').on(t.communityId, t.startsAt),
    // The reminder sweep's range (events starting within the next day).
    index('community_events_starts_idx').on(t.startsAt),
    check('community_events_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('community_events_capacity_check', sql`${t.capacity} IS NULL OR ${t.capacity} > 0`),
  ],
);

/** RSVPs: going (counted against the capacity) or on the waitlist (first come, first promoted). */
export const eventRsvps = pgTable(
  'community_event_rsvps',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => communityEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'going' | 'waitlist'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    check('community_event_rsvps_status_check', sql`${t.status} IN ('going', 'waitlist')`),
  ],
);

/**
 * Event reminders sent (through notifications): one row per event, person and kind ('24h', '1h'), written in the
 * notification's transaction, so a reminder goes out once however many sweeps run at the same time.
 */
export const eventReminders = pgTable(
  'community_event_reminders',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => communityEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'24h' | '1h'>().notNull(),
    sentAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId, t.kind] }),
    check('community_event_reminders_kind_check', sql`${t.kind} IN ('24h', '1h')`),
  ],
);

/** People (issue #20 §5): who follows whom. */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('user_follows_followee_idx').on(t.followeeId),
    check('user_follows_not_self_check', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** Friendship: a request from one to the other; `accepted_at` set when the other asked back (friends). */
export const userFriends = pgTable(
  'user_friends',
  {
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: text('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    index('user_friends_addressee_idx').on(t.addresseeId),
    check('user_friends_not_self_check', sql`${t.requesterId} <> ${t.addresseeId}`),
  ],
);

/** Blocks: the blocker no longer sees nor is seen by the blocked in people features. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

// ---- marketplace (issue #20 §3–4; modules/marketplace) ----

/**
 * Listings of services and products, each in a community (whose visibility it takes) and sold by a user for the
 * business they acted for (whose connected Stripe account is paid). Prices in the currency's minor units. Archived
 * listings keep their row for their sales and reviews. `search_text` is lower(title || ' ' || description), searched
 * by trigram; `rating_sum`/`rating_count` are the visible reviews', kept by the marketplace service.
 */
export const marketListings = pgTable(
  'market_listings',
  {
    id: id(),
    communityId: text('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    category: text('category').notNull(),
    delivery: text('delivery').$type<'service' | 'product'>().notNull(),
    status: text('status').$type<'active' | 'paused' | 'archived'>().notNull().default('active'),
    searchText: text('search_text').notNull().default(''),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('market_listings_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with(SMALL_PENDING_LIST),
    index('market_listings_active_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'active'`),
    index('market_listings_active_price_idx')
      .on(t.price, t.id)
      .where(sql`${t.status} = 'active'`),
    // A category (and delivery) filter newest first: without it a rare or empty combination walks the whole
    // active index (an empty one: 73 ms + a 30 ms capped count at 100,000 listings; bench:market).
    index('market_listings_active_category_idx')
      .on(t.category, t.delivery, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'active'`),
    index('market_listings_community_idx').on(t.communityId, t.createdAt.desc()),
    index('market_listings_seller_idx').on(t.sellerId, t.createdAt.desc()),
    check('market_listings_price_check', sql`${t.price} > 0 AND ${t.price} <= 99999999`),
    check('market_listings_status_check', sql`${t.status} IN ('active', 'paused', 'archived')`),
    check('market_listings_delivery_check', sql`${t.delivery} IN ('service', 'product')`),
  ],
);

/** A listing's images (checked like logos and covers: png/jpeg/webp/gif by their bytes, 2 MB), in order. */
export const marketListingImages = pgTable(
  'market_listing_images',
  {
    id: id(),
    listingId: text('listing_id')
      .notNull()
      .references(() => marketListings.id, { onDelete: 'cascade' }),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('market_listing_images_listing_idx').on(t.listingId, t.position)],
);

/**
 * A purchase of a listing through Stripe Checkout on the seller's business's connected account: created pending with
 * the session, made paid / refunded / disputed only by the verified webhook (each event once, payments'
 * stripe_events). Title, delivery and names are kept as they were bought.
 */
export const marketTransactions = pgTable(
  'market_transactions',
  {
    id: id(),
    listingId: text('listing_id').references(() => marketListings.id, { onDelete: 'set null' }),
    communityId: text('community_id').references(() => communities.id, { onDelete: 'set null' }),
    sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
    sellerBusinessId: text('seller_business_id').references(() => businesses.id, { onDelete: 'set null' }),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    delivery: text('delivery').$type<'service' | 'product'>().notNull(),
    sellerName: text('seller_name').notNull().default(''),
    sellerBusinessName: text('seller_business_name').notNull().default(''),
    buyerName: text('buyer_name').notNull().default(''),
    amount: integer('amount').notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status')
      .$type<'pending' | 'paid' | 'refunded' | 'disputed' | 'expired'>()
      .notNull()
      .default('pending'),
    stripeAccountId: text('stripe_account_id'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('market_transactions_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('market_transactions_seller_idx').on(t.sellerId, t.createdAt.desc()),
    uniqueIndex('market_transactions_session_uq').on(t.stripeCheckoutSessionId),
    index('market_transactions_intent_idx').on(t.stripeAccountId, t.stripePaymentIntentId),
    check(
      'market_transactions_status_check',
      sql`${t.status} IN ('pending', 'paid', 'refunded', 'disputed', 'expired')`,
    ),
  ],
);

/** A buyer's review of one purchase (one per purchase: unique transaction), the seller's answer, hidden by moderators. */
export const marketReviews = pgTable(
  'market_reviews',
  {
    id: id(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => marketTransactions.id, { onDelete: 'cascade' }),
    listingId: text('listing_id').references(() => marketListings.id, { onDelete: 'set null' }),
    communityId: text('community_id').references(() => communities.id, { onDelete: 'set null' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    status: text('status').$type<'visible' | 'hidden'>().notNull().default('visible'),
    reportCount: integer('report_count').notNull().default(0),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('market_reviews_transaction_uq').on(t.transactionId),
    index('market_reviews_listing_idx').on(t.listingId, t.createdAt.desc()),
    index('market_reviews_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('market_reviews_community_idx').on(t.communityId, t.status, t.reportCount),
    check('market_reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('market_reviews_status_check', sql`${t.status} IN ('visible', 'hidden')`),
  ],
);

/**
 * Reports of reviews: one open report per person and review (a partial unique index). A moderator's restore resolves
 * the open ones (`resolved_at`, `resolved_by`: kept for the audit, out of the queue), and the same person may then
 * report the review again (migration 0053).
 */
export const marketReviewReports = pgTable(
  'market_review_reports',
  {
    id: id(),
    reviewId: text('review_id')
      .notNull()
      .references(() => marketReviews.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('market_review_reports_open_uq')
      .on(t.reviewId, t.reporterId)
      .where(sql`${t.resolvedAt} IS NULL`),
    index('market_review_reports_review_idx').on(t.reviewId, t.createdAt),
  ],
);
