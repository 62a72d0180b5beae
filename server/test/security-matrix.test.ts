/**
 * The security route matrix (issue #3). Every route the server registers is listed in ROUTES below, and the
 * tests check, through the real app:
 *   (a) non-public routes answer 401 without a session, and with the access token of a signed-out session
 *       (the automatic HEAD twin of a GET too);
 *   (b) unsafe methods (POST/PUT/PATCH/DELETE) answer 403 without a valid CSRF token, except the documented
 *       exemptions, which must equal lib/csrf.ts CSRF_EXEMPT and really be exempt;
 *   (c) routes taking business-owned ids answer 404 when the id belongs to another business, while the
 *       owner's identical request succeeds (so the 404 comes from the scoping, not from a bad request);
 *   (d) the table and the registered routes agree: a new route cannot escape the matrix, and a removed one
 *       cannot linger in it.
 * Also: list routes never show another business's rows; uploads (every route declaring a multipart body)
 * refuse a wrong type with 415 and an oversized file with 413 and store nothing; company-only routes (admin
 * pages) answer 403 to users of other domains; business settings / member management answer 403 to members
 * below the route's `minRole` (docs/requirements.md §6).
 *
 * Adding a route: add `METHOD /api/v1/path/:param` to ROUTES (and its operation to src/api-operations.ts, which
 * says — `public`, with the reason — whether it works without a session); `csrfExempt` (with the reason) only if
 * lib/csrf.ts CSRF_EXEMPT lets it through. Name every path param either in `ids` (a fixture kind the `fixtures()`
 * function can create for the owner; add a kind there if needed) or in `params` (with why it is not
 * business-owned). Ids carried in the query or body are
 * `ids` keys `query.<name>` / `body.<name>`, and `request(fx)` puts them there; `request(fx)` also builds any
 * body the route needs to pass validation. When the owner's own call does not answer 2xx, give `ownerStatus`.
 * Optional: `lists` (kinds a list shows), `minRole`, `companyOnly`, `upload` (required for multipart routes).
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { ACCESS_COOKIE, API_ROOT, IMAGE_MAX_BYTES, XSRF_COOKIE } from '@atrium/contracts';
import { CONTACT_IMPORT_MAX_FILE_BYTES } from '@atrium/domain-crm/schemas';
import { FILE_MAX_BYTES } from '@atrium/domain-work/schemas';
import { ESIGN_DISCLOSURE } from '@atrium/domain-documents/schemas';
import { contactImportUploads, emailCampaigns, images, notifications, workFiles } from '../src/db/schema';
import { communities as communityTable, communityCovers } from '../src/db/schema';
import { marketListingImages, marketListings, marketTransactions } from '../src/db/schema';
import { buildApp } from '../src/app';
import { API_OPERATIONS, operationOf } from '../src/api-operations';
import { CSRF_EXEMPT } from '../src/lib/csrf';
import { Agent, createTestApp, type AgentRequest, type TestApp } from './helpers';
import { multipart, signUp, TINY_PNG, waitForMail, type RequestParts, type SignedUp } from './security-helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Things a route can name that belong to one business (or to one user, for `session`). `business` is a fresh
 * extra business of the owner (so deleting it is fine), `member` a second user who joined it by invite,
 * `invite` a pending invite to it, `logo` a business with a logo, `session` another session of the owner.
 */
type Kind =
  | 'business'
  | 'member'
  | 'invite'
  | 'logo'
  | 'session'
  | 'contact'
  | 'group'
  | 'tag'
  | 'note'
  | 'upload'
  | 'importJob'
  | 'project'
  | 'projectFile'
  | 'task'
  | 'taskComment'
  | 'taskFile'
  | 'projectTask'
  | 'meeting'
  | 'meetingFile'
  | 'document'
  | 'documentTemplate'
  | 'sentDocument'
  | 'clientDocument'
  | 'package'
  | 'taxRate'
  | 'libraryFile'
  | 'fileFolder'
  | 'contactForm'
  | 'formResponse'
  | 'contract'
  | 'workflow'
  | 'workflowDocument'
  | 'sentWorkflow'
  | 'notification'
  | 'payment'
  | 'emailTemplate'
  | 'emailCampaign'
  | 'automation'
  | 'chatChannel'
  | 'community'
  | 'communityMember'
  | 'communityPost'
  | 'communityComment'
  | 'communityEvent'
  | 'listing'
  | 'listingImage'
  | 'marketTransaction'
  | 'marketReview'
  | 'chatMessage';

type Fixtures = Record<Kind, string>;

const AUTOMATION_BODY = {
  name: 'Follow up',
  trigger: 'contact.created',
  steps: [{ type: 'create_task', title: 'Call the new contact' }],
};

interface UploadSpec {
  /** The multipart field of the file. */
  field: string;
  maxBytes: number;
  /** An accepted file: [name, content, declared type]. */
  good: [string, Buffer | string, string];
  /** Refused types (415): by declared type, by content, or both. */
  wrong: [string, Buffer | string, string][];
  /** How many such files the owner has stored (must not change on a refusal). */
  stored: (t: TestApp, owner: SignedUp) => Promise<number>;
  /**
   * The path's ids for a fresh uploader (default: `id` = their business), created through the API; a
   * `query.<name>` key goes into the query instead (a link's token).
   */
  pathIds?: (uploader: SignedUp) => Promise<Record<string, string>>;
  /** The status of an accepted upload (default 200). */
  okStatus?: number;
}

interface RouteSpec {
  /**
   * Works without a session (why) — only for routes outside the OpenAPI document (/remotes.json, the document
   * itself). An API route is public when src/api-operations.ts says so (`public`), the one place that decides it.
   */
  public?: string;
  /** Unsafe method without a CSRF check (why); must match lib/csrf.ts. */
  csrfExempt?: string;
  /** Ids owned by a business (or a user): path param name, or `query.<name>` / `body.<name>` filled by request(). */
  ids?: Record<string, Kind>;
  /** Path params that are not business-owned (why). */
  params?: Record<string, string>;
  /** A valid request for the cross-business check, from the owner's fixtures. */
  request?: (fx: Fixtures) => RequestParts;
  /** The owner's own answer to that request (default: any 2xx). */
  ownerStatus?: number;
  /** A file upload (every route declaring a multipart body must have one): what it takes and refuses. */
  upload?: UploadSpec;
  /** A list: the owner's answer holds fixtures of these kinds, another business's caller's answer does not. */
  lists?: Kind[];
  /** Only users of the company domain (ADMIN_EMAIL_DOMAIN); others get 403. */
  companyOnly?: true;
  /**
   * Needs this role in the business named by `ids` kind business/logo (section 6): lesser members get 403
   * FORBIDDEN. A `member` id then names the owner (a member acting on someone else).
   */
  minRole?: 'admin' | 'owner';
}

const csv = 'First Name,Email\nAda,ada@example.com\n';

const contactBody = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };
const contactFormBody = {
  name: 'Website enquiries',
  questions: [{ id: 'q1', type: 'question', kind: 'shortText', label: 'What do you need?' }],
};

const meetingBody = { title: 'Site visit', startDate: '2026-11-20T10:00:00Z', endDate: '2026-11-20T11:00:00Z' };

const A = API_ROOT;

const invoiceBody = { type: 'invoice', title: 'Fixture invoice' };

/** Communities and people (issue #20): why some of their path params are not owned by a business. */
const ABOUT =
  "communities are platform-wide: any signed-in user sees a community's about and cover, and may ask to join or leave; a private community's content is what members alone read (the ids rows below)";
const PEOPLE =
  "users are platform-wide: any signed-in user sees a person's public profile and lists (a block is the only bar, tested in communities.test.ts)";
const EVENT_BODY = {
  title: 'Fixture meetup',
  startsAt: '2030-01-10T18:00:00Z',
  endsAt: '2030-01-10T20:00:00Z',
  timeZone: 'Europe/Berlin',
  mode: 'online',
  onlineUrl: 'https://meet.example.com/x',
};

const LISTING_BODY = { title: 'Fixture logo design', price: 4900, category: 'design', delivery: 'service' };

/** A visitor's file for a file question (a contact form's, or a questionnaire's through its link). */
const formFileUpload = (pathIds: UploadSpec['pathIds']): UploadSpec => ({
  field: 'file',
  maxBytes: FILE_MAX_BYTES,
  good: ['plan.png', TINY_PNG, 'image/png'],
  wrong: [
    ['plan.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
    ['run.pdf', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'application/pdf'],
  ],
  stored: async (t, owner) =>
    (
      await t.database.db.select({ n: count() }).from(workFiles).where(eq(workFiles.businessId, owner.user.businessId))
    )[0]!.n,
  pathIds,
  okStatus: 201,
});
const fileQuestion = { id: 'plan', type: 'question', kind: 'file', label: 'Plans' };

const imageUpload = (field: string, column: 'businessId' | 'userId', ownerId: (o: SignedUp) => string): UploadSpec => ({
  field,
  maxBytes: IMAGE_MAX_BYTES,
  good: ['image.png', TINY_PNG, 'image/png'],
  wrong: [
    ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
    ['page.png', '<html><script>alert(1)</script></html>', 'image/png'],
    ['logo.png', TINY_PNG, 'text/html'],
  ],
  stored: async (t, owner) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(images)
        .where(eq(images[column], ownerId(owner)))
    )[0]!.n,
});

/** Every route of the server. Keys: METHOD + the URL pattern as registered (trailing slash dropped). */
const ROUTES: Record<string, RouteSpec> = {
  // System
  'GET /remotes.json': { public: 'module-federation manifest the shell loads before sign-in' },
  [`GET ${A}/health`]: {},
  [`GET ${A}/openapi.json`]: { public: 'API description; no data (not an operation of the document itself)' },

  // Auth (the sign-in flows are public — see src/api-operations.ts; all are CSRF-checked with the anonymous token)
  [`POST ${A}/auth/register`]: {},
  [`POST ${A}/auth/login`]: {},
  [`POST ${A}/auth/auto-login`]: {},
  [`POST ${A}/auth/refresh`]: {},
  [`POST ${A}/auth/logout`]: {},
  [`POST ${A}/auth/renew-csrf`]: {
    csrfExempt: 'only issues a fresh token bound to the caller; changes nothing (lib/csrf.ts CSRF_EXEMPT)',
  },
  [`GET ${A}/auth/csrf`]: {},
  [`POST ${A}/auth/verify-email`]: {},
  [`POST ${A}/auth/resend-verification`]: {},
  [`POST ${A}/auth/forgot-password`]: {},
  [`POST ${A}/auth/reset-password`]: {},
  [`GET ${A}/auth/google/config`]: {},
  [`GET ${A}/auth/google/start`]: {},
  [`POST ${A}/auth/google`]: {},
  [`GET ${A}/auth/google/status`]: {},
  [`POST ${A}/auth/google/unlink`]: {},
  // Google Calendar: the caller's own connection in the current business (no ids)
  [`GET ${A}/integrations/google-calendar/status`]: {},
  [`GET ${A}/integrations/google-calendar/connect`]: {},
  [`GET ${A}/integrations/google-calendar/callback`]: {},
  [`POST ${A}/integrations/google-calendar/disconnect`]: {},
  [`POST ${A}/integrations/google-calendar/sync`]: {},
  // Gmail: the caller's own mailbox in the current business; the project's emails are the business's
  [`GET ${A}/integrations/gmail/status`]: {},
  [`GET ${A}/integrations/gmail/connect`]: {},
  [`GET ${A}/integrations/gmail/callback`]: {},
  [`POST ${A}/integrations/gmail/disconnect`]: {},
  [`POST ${A}/integrations/gmail/send`]: {
    ids: { 'body.projectId': 'project' },
    request: (fx) => ({
      payload: { recipients: ['client@example.com'], subject: 'Hello', body: '<p>Hi</p>', projectId: fx.project },
    }),
    // Gmail is not set up in this test: the owner's own call reaches the send and is told so.
    ownerStatus: 400,
  },
  [`GET ${A}/integrations/gmail/projects/:projectId/threads`]: { ids: { projectId: 'project' } },

  // Users
  [`GET ${A}/users/me`]: {},
  [`PATCH ${A}/users/me`]: {},
  [`POST ${A}/users/me/password`]: {},
  [`GET ${A}/users/me/sessions`]: { lists: ['session'] },
  [`POST ${A}/users/me/sessions/revoke-others`]: {},
  [`DELETE ${A}/users/me/sessions/:sessionId`]: { ids: { sessionId: 'session' } },
  [`GET ${A}/users/:id`]: { params: { id: 'public profile: any signed-in user may read any user' } },
  [`POST ${A}/users/me/picture`]: { upload: imageUpload('picture', 'userId', (o) => o.user.id) },
  [`DELETE ${A}/users/me/picture`]: {},
  [`GET ${A}/users/:id/picture/medium`]: { params: { id: 'profile pictures are shown to any signed-in user' } },

  // Admin users (company domain only)
  [`GET ${A}/admin/users`]: { companyOnly: true },
  [`GET ${A}/admin/users/:userId`]: {
    companyOnly: true,
    params: { userId: 'users are not business-owned; the route is for company staff across businesses' },
  },

  // Businesses (an :id the caller is not a member of → 404)
  [`GET ${A}/businesses`]: { lists: ['business'] },
  [`POST ${A}/businesses`]: {},
  [`POST ${A}/businesses/accept-invite`]: {},
  [`GET ${A}/businesses/:id`]: { ids: { id: 'business' } },
  [`PUT ${A}/businesses/:id`]: {
    minRole: 'admin',
    ids: { id: 'business' },
    request: () => ({ payload: { name: 'Renamed Ltd' } }),
  },
  [`DELETE ${A}/businesses/:id`]: { minRole: 'owner', ids: { id: 'business' } },
  [`POST ${A}/businesses/:id/switch`]: { ids: { id: 'business' } },
  [`GET ${A}/businesses/:id/invites`]: { minRole: 'admin', ids: { id: 'business' } },
  [`POST ${A}/businesses/:id/invites`]: {
    minRole: 'admin',
    ids: { id: 'business' },
    request: () => ({ payload: { email: `invitee.${randomUUID()}@example.com`, role: 'member' } }),
  },
  [`DELETE ${A}/businesses/:id/invites/:inviteId`]: { minRole: 'admin', ids: { id: 'business', inviteId: 'invite' } },
  [`PUT ${A}/businesses/:id/members/:userId`]: {
    minRole: 'admin',
    ids: { id: 'business', userId: 'member' },
    request: () => ({ payload: { role: 'admin' } }),
  },
  [`DELETE ${A}/businesses/:id/members/:userId`]: { minRole: 'admin', ids: { id: 'business', userId: 'member' } },
  [`GET ${A}/businesses/:id/logo`]: { ids: { id: 'logo' } },
  [`POST ${A}/businesses/:id/logo`]: {
    minRole: 'admin',
    upload: imageUpload('logo', 'businessId', (o) => o.user.businessId),
    ids: { id: 'business' },
    request: () => multipart('logo.png', TINY_PNG, 'image/png', 'logo'),
  },
  [`DELETE ${A}/businesses/:id/logo`]: { minRole: 'admin', ids: { id: 'logo' } },

  // Contacts
  [`GET ${A}/contacts`]: { lists: ['contact'] },
  [`POST ${A}/contacts`]: {},
  [`GET ${A}/contacts/:id`]: { ids: { id: 'contact' } },
  [`PUT ${A}/contacts/:id`]: { ids: { id: 'contact' }, request: () => ({ payload: contactBody }) },
  [`DELETE ${A}/contacts/:id`]: { ids: { id: 'contact' } },

  // Contact import
  [`POST ${A}/contacts/upload`]: {
    upload: {
      field: 'file',
      maxBytes: CONTACT_IMPORT_MAX_FILE_BYTES,
      good: ['contacts.csv', csv, 'text/csv'],
      wrong: [
        ['contacts.xlsx', 'PK\u0003\u0004', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        ['photo.png', TINY_PNG, 'image/png'],
      ],
      stored: async (t, owner) =>
        (
          await t.database.db
            .select({ n: count() })
            .from(contactImportUploads)
            .where(eq(contactImportUploads.businessId, owner.user.businessId))
        )[0]!.n,
    },
  },
  [`POST ${A}/contacts/validate`]: {
    ids: { 'body.uploadId': 'upload' },
    request: (fx) => ({ payload: { uploadId: fx.upload, mapping: { 'First Name': 'firstName', Email: 'email' } } }),
  },
  [`POST ${A}/contacts/import`]: {
    ids: { 'body.uploadId': 'upload' },
    request: (fx) => ({ payload: { uploadId: fx.upload, mapping: { 'First Name': 'firstName', Email: 'email' } } }),
    ownerStatus: 202,
  },
  [`GET ${A}/contacts/import/:jobId`]: { ids: { jobId: 'importJob' } },

  // Contact tags
  [`GET ${A}/contacts/tags`]: { lists: ['tag'] },
  [`POST ${A}/contacts/tags`]: {},
  [`PUT ${A}/contacts/tags/:id`]: {
    ids: { id: 'tag' },
    request: () => ({ payload: { name: `Renamed ${randomUUID().slice(0, 8)}` } }),
  },
  [`DELETE ${A}/contacts/tags/:id`]: { ids: { id: 'tag' } },

  // Contact groups (alias at /contacts/groups: list, create, update, delete)
  [`GET ${A}/contacts/groups`]: { lists: ['group'] },
  [`POST ${A}/contacts/groups`]: {},
  [`PUT ${A}/contacts/groups/:id`]: {
    ids: { id: 'group' },
    request: () => ({ payload: { name: `Renamed ${randomUUID().slice(0, 8)}` } }),
  },
  [`DELETE ${A}/contacts/groups/:id`]: { ids: { id: 'group' } },
  [`GET ${A}/contact-groups`]: { lists: ['group'] },
  [`POST ${A}/contact-groups`]: {},
  [`GET ${A}/contact-groups/:id`]: { ids: { id: 'group' } },
  [`PUT ${A}/contact-groups/:id`]: {
    ids: { id: 'group' },
    request: () => ({ payload: { name: `Renamed ${randomUUID().slice(0, 8)}` } }),
  },
  [`DELETE ${A}/contact-groups/:id`]: { ids: { id: 'group' } },
  [`GET ${A}/contact-groups/:id/contacts`]: { ids: { id: 'group' } },
  [`POST ${A}/contact-groups/:id/contacts`]: {
    ids: { id: 'group', 'body.contactIds': 'contact' },
    request: (fx) => ({ payload: { contactIds: [fx.contact] } }),
  },
  [`POST ${A}/contact-groups/:id/assign-contacts`]: {
    ids: { id: 'group', 'body.contactIds': 'contact' },
    request: (fx) => ({ payload: { contactIds: [fx.contact] } }),
  },
  [`DELETE ${A}/contact-groups/:id/contacts`]: {
    ids: { id: 'group', 'body.contactIds': 'contact' },
    request: (fx) => ({ payload: { contactIds: [fx.contact] } }),
  },
  [`POST ${A}/contact-groups/:id/add-contact`]: {
    ids: { id: 'group', 'body.contactId': 'contact' },
    request: (fx) => ({ payload: { contactId: fx.contact } }),
  },
  [`POST ${A}/contact-groups/:id/remove-contact`]: {
    ids: { id: 'group', 'body.contactId': 'contact' },
    request: (fx) => ({ payload: { contactId: fx.contact } }),
  },

  // Notes (hang off a contact of the business)
  [`GET ${A}/notes`]: {
    ids: { 'query.entityId': 'contact' },
    request: (fx) => ({ query: { entityType: 'contact', entityId: fx.contact } }),
  },
  [`GET ${A}/notes/search`]: {
    ids: { 'query.entityId': 'contact' },
    request: (fx) => ({ query: { entityType: 'contact', entityId: fx.contact, search: 'hello' } }),
  },
  [`GET ${A}/notes/:id`]: { ids: { id: 'note' } },
  [`POST ${A}/notes`]: {
    ids: { 'body.entityId': 'contact' },
    request: (fx) => ({ payload: { content: '<p>Hello</p>', entityType: 'contact', entityId: fx.contact } }),
  },
  [`PUT ${A}/notes/:id`]: { ids: { id: 'note' }, request: () => ({ payload: { content: '<p>Changed</p>' } }) },
  [`PATCH ${A}/notes/:id/pin`]: { ids: { id: 'note' } },
  [`DELETE ${A}/notes/:id`]: { ids: { id: 'note' } },

  // Projects (and a contact's projects)
  [`GET ${A}/projects`]: { lists: ['project'] },
  [`POST ${A}/projects`]: {},
  [`GET ${A}/projects/types`]: {},
  [`PATCH ${A}/projects/bulk-update-types`]: {},
  [`GET ${A}/projects/:id`]: { ids: { id: 'project' } },
  [`PATCH ${A}/projects/:id`]: { ids: { id: 'project' }, request: () => ({ payload: { title: 'Changed' } }) },
  [`DELETE ${A}/projects/:id`]: { ids: { id: 'project' } },
  [`PATCH ${A}/projects/:id/stage`]: { ids: { id: 'project' }, request: () => ({ payload: { stage: 'review' } }) },
  [`POST ${A}/projects/:id/duplicate`]: { ids: { id: 'project' } },
  [`POST ${A}/projects/:id/activities`]: {
    ids: { id: 'project' },
    request: () => ({ payload: { message: 'Called the client' } }),
  },
  [`GET ${A}/projects/:id/feed`]: { ids: { id: 'project' } },
  [`POST ${A}/projects/:id/contacts/add`]: {
    ids: { id: 'project', 'body.contactIds': 'contact' },
    request: (fx) => ({ payload: { contactIds: [fx.contact] } }),
  },
  [`POST ${A}/projects/:id/attachments`]: {
    ids: { id: 'project' },
    request: () => multipart('a.png', TINY_PNG, 'image/png', 'files'),
    upload: {
      field: 'files',
      maxBytes: FILE_MAX_BYTES,
      good: ['plan.png', TINY_PNG, 'image/png'],
      wrong: [
        ['plan.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
        ['page.png', '<html><script>alert(1)</script></html>', 'image/png'],
        ['run.pdf', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'application/pdf'],
      ],
      stored: async (t, owner) =>
        (
          await t.database.db
            .select({ n: count() })
            .from(workFiles)
            .where(eq(workFiles.businessId, owner.user.businessId))
        )[0]!.n,
      pathIds: async (uploader) => ({
        id: ok(await uploader.agent.post('/projects', { title: 'Uploads', type: 'Test' }), 'project')._id!,
      }),
      okStatus: 201,
    },
  },
  [`GET ${A}/projects/:id/attachments`]: { ids: { id: 'project' } },
  [`GET ${A}/projects/:id/attachments/:attachmentId`]: { ids: { id: 'project', attachmentId: 'projectFile' } },
  [`DELETE ${A}/projects/:id/attachments/:attachmentId`]: { ids: { id: 'project', attachmentId: 'projectFile' } },
  [`GET ${A}/contacts/:id/projects`]: { ids: { id: 'contact' } },
  [`POST ${A}/contacts/:id/projects`]: {
    ids: { id: 'contact', 'body.projectId': 'project' },
    request: (fx) => ({ payload: { projectId: fx.project } }),
  },
  [`DELETE ${A}/contacts/:id/projects/:projectId`]: { ids: { id: 'contact', projectId: 'project' } },

  // Tasks (and a project's tasks)
  [`GET ${A}/tasks`]: { lists: ['task'] },
  [`POST ${A}/tasks`]: {
    ids: { 'query.projectId': 'project' },
    request: (fx) => ({ query: { projectId: fx.project }, payload: { title: 'Call the florist' } }),
  },
  [`GET ${A}/tasks/kanban/totals`]: {},
  [`GET ${A}/tasks/:id`]: { ids: { id: 'task' } },
  [`PATCH ${A}/tasks/:id`]: { ids: { id: 'task' }, request: () => ({ payload: { title: 'Changed' } }) },
  [`DELETE ${A}/tasks/:id`]: { ids: { id: 'task' } },
  [`PATCH ${A}/tasks/:id/move`]: { ids: { id: 'task' }, request: () => ({ payload: { columnId: 'blocked' } }) },
  [`POST ${A}/tasks/:id/move`]: {
    ids: { id: 'task', 'body.projectId': 'project' },
    request: (fx) => ({ payload: { projectId: fx.project } }),
  },
  [`POST ${A}/tasks/:id/duplicate`]: { ids: { id: 'task' } },
  [`POST ${A}/tasks/:id/comments`]: { ids: { id: 'task' }, request: () => ({ payload: { content: 'Done?' } }) },
  [`DELETE ${A}/tasks/:id/comments/:commentId`]: { ids: { id: 'task', commentId: 'taskComment' } },
  [`POST ${A}/tasks/:id/attachments`]: {
    ids: { id: 'task' },
    request: () => multipart('a.png', TINY_PNG, 'image/png', 'files'),
    upload: {
      field: 'files',
      maxBytes: FILE_MAX_BYTES,
      good: ['plan.png', TINY_PNG, 'image/png'],
      wrong: [
        ['plan.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
        ['page.png', '<html><script>alert(1)</script></html>', 'image/png'],
        ['run.pdf', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'application/pdf'],
      ],
      stored: async (t, owner) =>
        (
          await t.database.db
            .select({ n: count() })
            .from(workFiles)
            .where(eq(workFiles.businessId, owner.user.businessId))
        )[0]!.n,
      pathIds: async (uploader) => ({ id: ok(await uploader.agent.post('/tasks', { title: 'Uploads' }), 'task')._id! }),
      okStatus: 201,
    },
  },
  [`GET ${A}/tasks/:id/attachments/:attachmentId`]: { ids: { id: 'task', attachmentId: 'taskFile' } },
  [`DELETE ${A}/tasks/:id/attachments/:attachmentId`]: { ids: { id: 'task', attachmentId: 'taskFile' } },
  [`POST ${A}/projects/:id/tasks`]: { ids: { id: 'project' }, request: () => ({ payload: { title: 'Paint' } }) },
  [`PATCH ${A}/projects/:id/tasks/:taskId`]: {
    ids: { id: 'project', taskId: 'projectTask' },
    request: () => ({ payload: { status: 'completed' } }),
  },
  [`DELETE ${A}/projects/:id/tasks/:taskId`]: { ids: { id: 'project', taskId: 'projectTask' } },

  // Meetings and the calendar
  [`GET ${A}/meetings`]: {
    lists: ['meeting'],
    request: () => ({ query: { startDate: '2026-11-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z' } }),
  },
  [`POST ${A}/meetings`]: {
    ids: { 'body.projectId': 'project' },
    request: (fx) => ({ payload: { ...meetingBody, projectId: fx.project } }),
  },
  [`GET ${A}/meetings/contact/:id`]: { ids: { id: 'contact' } },
  [`GET ${A}/meetings/project/:id`]: { ids: { id: 'project' } },
  [`GET ${A}/meetings/:id`]: { ids: { id: 'meeting' } },
  [`PUT ${A}/meetings/:id`]: { ids: { id: 'meeting' }, request: () => ({ payload: { title: 'Changed' } }) },
  [`DELETE ${A}/meetings/:id`]: { ids: { id: 'meeting' } },
  [`POST ${A}/meetings/:id/project`]: {
    ids: { id: 'meeting', 'body.projectId': 'project' },
    request: (fx) => ({ payload: { projectId: fx.project } }),
  },
  [`DELETE ${A}/meetings/:id/project`]: { ids: { id: 'meeting' } },
  [`POST ${A}/meetings/:id/contacts/add`]: { ids: { id: 'meeting' }, ownerStatus: 400 },
  [`POST ${A}/meetings/:id/contacts/remove`]: { ids: { id: 'meeting' }, ownerStatus: 400 },
  [`POST ${A}/meetings/:id/attachments`]: {
    ids: { id: 'meeting' },
    request: () => multipart('a.png', TINY_PNG, 'image/png', 'file'),
    upload: {
      field: 'file',
      maxBytes: FILE_MAX_BYTES,
      good: ['plan.png', TINY_PNG, 'image/png'],
      wrong: [
        ['plan.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
        ['page.png', '<html><script>alert(1)</script></html>', 'image/png'],
        ['run.pdf', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'application/pdf'],
      ],
      stored: async (t, owner) =>
        (
          await t.database.db
            .select({ n: count() })
            .from(workFiles)
            .where(eq(workFiles.businessId, owner.user.businessId))
        )[0]!.n,
      pathIds: async (uploader) => ({ id: ok(await uploader.agent.post('/meetings', meetingBody), 'meeting')._id! }),
      okStatus: 201,
    },
  },
  [`GET ${A}/meetings/:id/attachments/:attachmentId`]: { ids: { id: 'meeting', attachmentId: 'meetingFile' } },
  [`DELETE ${A}/meetings/:id/attachments/:attachmentId`]: { ids: { id: 'meeting', attachmentId: 'meetingFile' } },
  [`GET ${A}/calendar/meetings`]: {
    lists: ['meeting'],
    request: () => ({ query: { startDate: '2026-11-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z' } }),
  },
  [`POST ${A}/calendar/meetings`]: {
    ids: { 'body.projectId': 'project' },
    request: (fx) => ({ payload: { ...meetingBody, projectId: fx.project } }),
  },
  [`PATCH ${A}/calendar/meetings/:id`]: { ids: { id: 'meeting' }, request: () => ({ payload: { title: 'Changed' } }) },
  [`DELETE ${A}/calendar/meetings/:id`]: { ids: { id: 'meeting' } },
  [`POST ${A}/calendar/items`]: {
    ids: { 'body.projectId': 'project' },
    request: (fx) => ({ payload: { ...meetingBody, projectId: fx.project } }),
  },
  [`PATCH ${A}/calendar/items/:id`]: {
    ids: { id: 'meeting' },
    request: () => ({ payload: { startDate: '2026-11-21T10:00:00Z', endDate: '2026-11-21T11:00:00Z' } }),
  },
  [`DELETE ${A}/calendar/items/:id`]: { ids: { id: 'meeting' } },

  // Documents (and their tax rates; the public link's routes take the token as the credential)
  [`GET ${A}/documents`]: { lists: ['document'] },
  [`POST ${A}/documents`]: {
    ids: { 'body.contactId': 'contact', 'body.projectId': 'project' },
    request: (fx) => ({ payload: { ...invoiceBody, contactId: fx.contact, projectId: fx.project } }),
  },
  [`GET ${A}/tax-rates`]: { lists: ['taxRate'] },
  [`GET ${A}/files`]: { lists: ['libraryFile'] },
  [`POST ${A}/files`]: {
    ids: { 'query.folderId': 'fileFolder' },
    request: (fx) => ({ ...multipart('a.png', TINY_PNG, 'image/png'), query: { folderId: fx.fileFolder } }),
    upload: {
      field: 'file',
      maxBytes: FILE_MAX_BYTES,
      good: ['plan.png', TINY_PNG, 'image/png'],
      wrong: [
        ['plan.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
        ['page.png', '<html><script>alert(1)</script></html>', 'image/png'],
        ['run.pdf', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'application/pdf'],
      ],
      stored: async (t, owner) =>
        (
          await t.database.db
            .select({ n: count() })
            .from(workFiles)
            .where(eq(workFiles.businessId, owner.user.businessId))
        )[0]!.n,
      pathIds: async () => ({}),
      okStatus: 201,
    },
  },
  [`GET ${A}/files/usage`]: {},
  [`GET ${A}/files/folders`]: { lists: ['fileFolder'] },
  [`POST ${A}/files/folders`]: {
    ids: { 'body.parentId': 'fileFolder' },
    request: (fx) => ({ payload: { name: `Folder ${randomUUID()}`, parentId: fx.fileFolder } }),
  },
  [`PUT ${A}/files/folders/:id`]: {
    ids: { id: 'fileFolder' },
    request: () => ({ payload: { name: `Renamed ${randomUUID()}` } }),
  },
  [`DELETE ${A}/files/folders/:id`]: { ids: { id: 'fileFolder' } },
  [`GET ${A}/files/:id/download`]: { ids: { id: 'libraryFile' } },
  [`PUT ${A}/files/:id`]: { ids: { id: 'libraryFile' }, request: () => ({ payload: { name: 'Renamed.png' } }) },
  [`DELETE ${A}/files/:id`]: { ids: { id: 'libraryFile' } },
  [`POST ${A}/tax-rates`]: { request: () => ({ payload: { name: `Rate ${randomUUID()}`, rate: 500 } }) },
  [`PUT ${A}/tax-rates/:id`]: { ids: { id: 'taxRate' }, request: () => ({ payload: { rate: 600 } }) },
  [`DELETE ${A}/tax-rates/:id`]: { ids: { id: 'taxRate' } },
  [`GET ${A}/documents/project/:projectId`]: { ids: { projectId: 'project' } },
  [`POST ${A}/documents/from-template/:templateId`]: { ids: { templateId: 'documentTemplate' } },
  [`GET ${A}/documents/:id`]: { ids: { id: 'document' } },
  [`PUT ${A}/documents/:id`]: { ids: { id: 'document' }, request: () => ({ payload: { title: 'Changed' } }) },
  [`DELETE ${A}/documents/:id`]: { ids: { id: 'document' } },
  [`POST ${A}/documents/:id/duplicate`]: { ids: { id: 'document' } },
  [`POST ${A}/documents/:id/save-as-template`]: { ids: { id: 'document' } },
  [`GET ${A}/documents/:id/preview`]: { ids: { id: 'document' } },
  [`POST ${A}/documents/:id/send`]: { ids: { id: 'document' } },
  [`POST ${A}/documents/:id/share`]: { ids: { id: 'sentDocument' } },
  [`GET ${A}/documents/:id/pdf`]: { ids: { id: 'document' } },
  [`GET ${A}/public/documents/:id`]: {
    params: { id: 'a shared document: the token in the query is the credential, checked against this id' },
  },
  [`GET ${A}/public/documents/:id/pdf`]: {
    params: { id: 'a shared document: the token in the query is the credential, checked against this id' },
  },

  // Stripe and payments (the pay flow's public routes take the invoice link's token; the webhook Stripe's signature)
  [`GET ${A}/stripe/account-status`]: {},
  // Stripe is not configured in the matrix's app: 409 'Stripe is not configured on this installation'.
  [`POST ${A}/stripe/connect`]: { ownerStatus: 409 },
  [`POST ${A}/stripe/refresh`]: {},
  // Not connected: 404.
  [`DELETE ${A}/stripe/account`]: { ownerStatus: 404 },
  [`POST ${A}/stripe/webhook`]: {
    csrfExempt: 'Stripe calls it with no cookie; the signature over the raw body is the credential (lib/csrf.ts)',
  },
  // Subscription (Stripe Billing is not configured in the matrix's app: the owner's changes answer 409 'not set up')
  [`GET ${A}/subscription`]: {},
  [`GET ${A}/subscription/invoices`]: { minRole: 'owner' },
  [`POST ${A}/subscription/checkout`]: {
    minRole: 'owner',
    request: () => ({ payload: { tier: 'pro' } }),
    ownerStatus: 409,
  },
  [`POST ${A}/subscription/change`]: {
    minRole: 'owner',
    request: () => ({ payload: { tier: 'pro' } }),
    ownerStatus: 409,
  },
  [`POST ${A}/subscription/cancel`]: { minRole: 'owner', ownerStatus: 409 },
  [`POST ${A}/subscription/resume`]: { minRole: 'owner', ownerStatus: 409 },
  [`POST ${A}/subscription/portal`]: { minRole: 'owner', ownerStatus: 409 },
  [`POST ${A}/subscription/webhook`]: {
    csrfExempt: 'Stripe calls it with no cookie; the signature over the raw body is the credential (lib/csrf.ts)',
  },
  [`GET ${A}/payments`]: { lists: ['payment'] },
  [`POST ${A}/payments/:id/resolve`]: {
    minRole: 'admin',
    ids: { id: 'payment' },
    request: () => ({ payload: { action: 'apply' } }),
    // A manual payment is not held for review.
    ownerStatus: 409,
  },
  [`POST ${A}/payments/:id/refund`]: {
    minRole: 'admin',
    ids: { id: 'payment' },
    request: () => ({ payload: {} }),
    // A manual payment is not refundable through Stripe.
    ownerStatus: 409,
  },
  [`GET ${A}/documents/:id/payments`]: { ids: { id: 'sentDocument' } },
  [`GET ${A}/public/invoices/:id/payment`]: {
    params: { id: 'an invoice to pay: the token in the query is the credential, checked against this id' },
  },
  [`POST ${A}/public/invoices/:id/checkout`]: {
    params: { id: 'an invoice to pay: the token in the query is the credential, checked against this id' },
  },
  [`GET ${A}/public/payments/status`]: {},
  [`GET ${A}/public/documents/:id/signing/deposit`]: {
    params: { id: "a signer's link: the token in the query is the credential, checked against this id" },
  },

  // Notifications: the caller's own (user and current business); friend requests name users, not business records
  [`GET ${A}/notifications`]: { lists: ['notification'] },
  [`GET ${A}/notifications/unread/count`]: {},
  [`GET ${A}/notifications/stream`]: {},
  [`PUT ${A}/notifications/read/all`]: {},
  [`PUT ${A}/notifications/:id/read`]: { ids: { id: 'notification' } },
  [`DELETE ${A}/notifications/:id`]: { ids: { id: 'notification' } },
  [`GET ${A}/notifications/preferences`]: {},
  [`PUT ${A}/notifications/preferences`]: {},
  [`POST ${A}/notifications/friend-request-sent`]: {},
  [`POST ${A}/notifications/friend-request-received`]: {},

  // Team chat and the help chat's token
  [`GET ${A}/chat`]: { lists: ['chatChannel'] },
  [`GET ${A}/chat/unread/count`]: {},
  [`GET ${A}/chat/stream`]: {},
  [`POST ${A}/chat/channels`]: { request: () => ({ payload: { name: `matrix-${randomUUID().slice(0, 8)}` } }) },
  [`PATCH ${A}/chat/channels/:id`]: {
    ids: { id: 'chatChannel' },
    request: () => ({ payload: { name: `renamed-${randomUUID().slice(0, 8)}` } }),
  },
  [`POST ${A}/chat/dms`]: {
    ids: { 'body.userId': 'member' },
    request: (fx) => ({ payload: { userId: fx.member } }),
    // The fixture member joined the owner's extra business, not the current one: a member of another business.
    ownerStatus: 404,
  },
  [`GET ${A}/chat/channels/:id/messages`]: { ids: { id: 'chatChannel' } },
  [`POST ${A}/chat/channels/:id/messages`]: {
    ids: { id: 'chatChannel' },
    request: () => ({ payload: { body: 'Hello' } }),
  },
  [`PATCH ${A}/chat/channels/:id/messages/:messageId`]: {
    ids: { id: 'chatChannel', messageId: 'chatMessage' },
    request: () => ({ payload: { body: 'Edited' } }),
  },
  [`DELETE ${A}/chat/channels/:id/messages/:messageId`]: { ids: { id: 'chatChannel', messageId: 'chatMessage' } },
  [`PUT ${A}/chat/channels/:id/read`]: { ids: { id: 'chatChannel' } },
  // Communities (issue #20): the fixture is a private (approval-only) community of the owner; a non-member gets 404
  // for its content and its management, as if it did not exist.
  [`GET ${A}/communities`]: {},
  [`POST ${A}/communities`]: {},
  [`GET ${A}/communities/events`]: { request: () => ({ query: { search: 'Fixture' } }) },
  [`GET ${A}/communities/:id`]: { params: { id: ABOUT } },
  [`PUT ${A}/communities/:id`]: { ids: { id: 'community' }, request: () => ({ payload: { description: 'Edited' } }) },
  [`DELETE ${A}/communities/:id`]: { ids: { id: 'community' } },
  [`POST ${A}/communities/:id/cover`]: {
    ids: { id: 'community' },
    request: () => multipart('cover.png', TINY_PNG, 'image/png', 'cover'),
    upload: {
      ...imageUpload('cover', 'userId', (o) => o.user.id),
      stored: async (t, owner) =>
        (
          await t.database.db
            .select({ n: count() })
            .from(communityCovers)
            .innerJoin(communityTable, eq(communityTable.id, communityCovers.communityId))
            .where(eq(communityTable.createdBy, owner.user.id))
        )[0]!.n,
      pathIds: async (uploader) => ({
        id: ok(await uploader.agent.post('/communities', { name: `Cover ${randomUUID()}` }), 'community')._id!,
      }),
    },
  },
  [`DELETE ${A}/communities/:id/cover`]: { ids: { id: 'community' } },
  [`GET ${A}/communities/:id/cover`]: { params: { id: ABOUT } },
  [`POST ${A}/communities/:id/join`]: { params: { id: ABOUT } },
  [`POST ${A}/communities/:id/leave`]: { params: { id: ABOUT } },
  [`GET ${A}/communities/:id/members`]: { ids: { id: 'community' } },
  [`PUT ${A}/communities/:id/members/:userId`]: {
    ids: { id: 'community', userId: 'communityMember' },
    request: () => ({ payload: { status: 'active' } }),
  },
  [`DELETE ${A}/communities/:id/members/:userId`]: { ids: { id: 'community', userId: 'communityMember' } },
  [`GET ${A}/communities/:id/posts`]: { ids: { id: 'community' } },
  [`POST ${A}/communities/:id/posts`]: { ids: { id: 'community' }, request: () => ({ payload: { body: 'Hello' } }) },
  [`DELETE ${A}/communities/:id/posts/:postId`]: { ids: { id: 'community', postId: 'communityPost' } },
  [`PUT ${A}/communities/:id/posts/:postId/reaction`]: {
    ids: { id: 'community', postId: 'communityPost' },
    request: () => ({ payload: { kind: 'like' } }),
  },
  [`DELETE ${A}/communities/:id/posts/:postId/reaction`]: { ids: { id: 'community', postId: 'communityPost' } },
  [`GET ${A}/communities/:id/posts/:postId/comments`]: { ids: { id: 'community', postId: 'communityPost' } },
  [`POST ${A}/communities/:id/posts/:postId/comments`]: {
    ids: { id: 'community', postId: 'communityPost' },
    request: () => ({ payload: { body: 'Nice' } }),
  },
  [`DELETE ${A}/communities/:id/posts/:postId/comments/:commentId`]: {
    ids: { id: 'community', postId: 'communityPost', commentId: 'communityComment' },
  },
  [`GET ${A}/communities/:id/events`]: { ids: { id: 'community' } },
  [`POST ${A}/communities/:id/events`]: { ids: { id: 'community' }, request: () => ({ payload: EVENT_BODY }) },
  [`GET ${A}/communities/:id/events/:eventId`]: { ids: { id: 'community', eventId: 'communityEvent' } },
  [`DELETE ${A}/communities/:id/events/:eventId`]: { ids: { id: 'community', eventId: 'communityEvent' } },
  [`PUT ${A}/communities/:id/events/:eventId/rsvp`]: {
    ids: { id: 'community', eventId: 'communityEvent' },
    request: () => ({ payload: { status: 'going' } }),
  },
  [`DELETE ${A}/communities/:id/events/:eventId/rsvp`]: { ids: { id: 'community', eventId: 'communityEvent' } },
  [`GET ${A}/communities/:id/events/:eventId/ics`]: { ids: { id: 'community', eventId: 'communityEvent' } },
  // Marketplace (issue #20): the fixture listing is in the private fixture community, so a non-member gets 404 for
  // it, its images, reviews and purchase; a transaction is its buyer's and seller's alone (the owner is both here).
  [`GET ${A}/marketplace/listings`]: { lists: ['listing'] },
  [`GET ${A}/marketplace/listings/mine`]: { lists: ['listing'] },
  [`POST ${A}/marketplace/listings`]: {
    ids: { 'body.communityId': 'community' },
    request: (fx) => ({ payload: { ...LISTING_BODY, communityId: fx.community } }),
  },
  [`GET ${A}/marketplace/listings/:id`]: { ids: { id: 'listing' } },
  [`PUT ${A}/marketplace/listings/:id`]: { ids: { id: 'listing' }, request: () => ({ payload: { price: 5000 } }) },
  [`DELETE ${A}/marketplace/listings/:id`]: { ids: { id: 'listing' } },
  [`GET ${A}/marketplace/listings/:id/images`]: { ids: { id: 'listing' } },
  [`POST ${A}/marketplace/listings/:id/images`]: {
    ids: { id: 'listing' },
    request: () => multipart('image.png', TINY_PNG, 'image/png', 'image'),
    upload: {
      ...imageUpload('image', 'userId', (o) => o.user.id),
      stored: async (t, owner) =>
        (
          await t.database.db
            .select({ n: count() })
            .from(marketListingImages)
            .innerJoin(marketListings, eq(marketListings.id, marketListingImages.listingId))
            .where(eq(marketListings.sellerId, owner.user.id))
        )[0]!.n,
      pathIds: async (uploader) => {
        const community = ok(
          await uploader.agent.post('/communities', { name: `Market ${randomUUID()}` }),
          'community',
        )._id!;
        return {
          id: ok(
            await uploader.agent.post('/marketplace/listings', { ...LISTING_BODY, communityId: community }),
            'listing',
          )._id!,
        };
      },
      okStatus: 201,
    },
  },
  [`GET ${A}/marketplace/listings/:id/images/:imageId`]: { ids: { id: 'listing', imageId: 'listingImage' } },
  [`DELETE ${A}/marketplace/listings/:id/images/:imageId`]: { ids: { id: 'listing', imageId: 'listingImage' } },
  // The owner is the seller: buying one's own listing is refused (403) before Stripe is asked.
  [`POST ${A}/marketplace/listings/:id/checkout`]: { ids: { id: 'listing' }, ownerStatus: 403 },
  [`GET ${A}/marketplace/purchases`]: { lists: ['marketTransaction'] },
  [`GET ${A}/marketplace/sales`]: { lists: ['marketTransaction'] },
  [`GET ${A}/marketplace/transactions/:id`]: { ids: { id: 'marketTransaction' } },
  // The fixture purchase is reviewed already: the owner's second review is refused (409), a stranger's 404.
  [`POST ${A}/marketplace/transactions/:id/review`]: {
    ids: { id: 'marketTransaction' },
    request: () => ({ payload: { rating: 5, text: 'Great' } }),
    ownerStatus: 409,
  },
  [`GET ${A}/marketplace/listings/:id/reviews`]: { ids: { id: 'listing' } },
  [`GET ${A}/marketplace/users/:userId/reviews`]: {
    params: { userId: `${PEOPLE}; only reviews in communities the caller may see are listed` },
  },
  [`GET ${A}/marketplace/reviews/moderation`]: {},
  [`PUT ${A}/marketplace/reviews/:id/answer`]: {
    ids: { id: 'marketReview' },
    request: () => ({ payload: { text: 'Thank you' } }),
  },
  [`POST ${A}/marketplace/reviews/:id/report`]: {
    ids: { id: 'marketReview' },
    request: () => ({ payload: { reason: 'Spam' } }),
  },
  // The fixture's owner is the review's author and the listing's seller: neither may hide or restore it (403); a
  // moderator who is neither does, in marketplace.test.ts. A stranger still gets 404.
  [`POST ${A}/marketplace/reviews/:id/hide`]: { ids: { id: 'marketReview' }, ownerStatus: 403 },
  [`POST ${A}/marketplace/reviews/:id/restore`]: { ids: { id: 'marketReview' }, ownerStatus: 403 },
  // People (issue #20 §5)
  [`GET ${A}/users/:id/profile`]: { params: { id: PEOPLE } },
  [`GET ${A}/users/:id/friends`]: { params: { id: PEOPLE } },
  [`GET ${A}/users/:id/followers`]: { params: { id: PEOPLE } },
  [`GET ${A}/users/:id/following`]: { params: { id: PEOPLE } },
  [`POST ${A}/users/:id/follow`]: { params: { id: PEOPLE } },
  [`DELETE ${A}/users/:id/follow`]: { params: { id: PEOPLE } },
  [`POST ${A}/users/:id/friend-request`]: { params: { id: PEOPLE } },
  [`DELETE ${A}/users/:id/friend`]: { params: { id: PEOPLE } },
  [`POST ${A}/users/:id/block`]: { params: { id: PEOPLE } },
  [`DELETE ${A}/users/:id/block`]: { params: { id: PEOPLE } },
  // Off in the matrix's configuration (no INTERCOM_SECRET): 404 'Help chat is not set up'.
  [`GET ${A}/intercom/jwt`]: { ownerStatus: 404 },
  // Without a place the query is refused before any call to the forecast service (none is reachable in the matrix).
  [`GET ${A}/weather`]: { ownerStatus: 400 },

  // Email templates and campaigns (the unsubscribe link's HMAC token is the public routes' credential)
  [`GET ${A}/email-templates`]: { lists: ['emailTemplate'] },
  [`POST ${A}/email-templates`]: {
    request: () => ({ payload: { name: 'T', subject: 'S', blocks: [{ id: 'h', type: 'heading', text: 'Hi' }] } }),
  },
  [`GET ${A}/email-templates/:id`]: { ids: { id: 'emailTemplate' } },
  [`PUT ${A}/email-templates/:id`]: {
    ids: { id: 'emailTemplate' },
    request: () => ({ payload: { name: 'T2', subject: 'S', blocks: [{ id: 'h', type: 'heading', text: 'Hi' }] } }),
  },
  [`DELETE ${A}/email-templates/:id`]: { ids: { id: 'emailTemplate' } },
  [`GET ${A}/email-campaigns`]: { lists: ['emailCampaign'] },
  // Automations
  [`GET ${A}/automations`]: { lists: ['automation'] },
  [`POST ${A}/automations`]: {
    minRole: 'admin',
    request: () => ({ payload: AUTOMATION_BODY }),
  },
  [`GET ${A}/automations/:id`]: { ids: { id: 'automation' } },
  [`PUT ${A}/automations/:id`]: {
    minRole: 'admin',
    ids: { id: 'automation' },
    request: () => ({ payload: AUTOMATION_BODY }),
  },
  [`DELETE ${A}/automations/:id`]: { minRole: 'admin', ids: { id: 'automation' } },
  [`GET ${A}/automations/:id/runs`]: { ids: { id: 'automation' } },
  [`POST ${A}/email-campaigns/audience-count`]: { request: () => ({ payload: { audience: {} } }) },
  [`POST ${A}/email-campaigns`]: {
    ids: { 'body.templateId': 'emailTemplate' },
    request: (fx) => ({ payload: { name: 'C', templateId: fx.emailTemplate, audience: {} } }),
    // The matrix's owner has not connected Gmail: 409 'Connect Google Workspace to send campaigns'.
    ownerStatus: 409,
  },
  [`GET ${A}/email-campaigns/:id`]: { ids: { id: 'emailCampaign' } },
  [`GET ${A}/email-campaigns/:id/recipients`]: { ids: { id: 'emailCampaign' } },
  // The fixture campaign is already sent: neither cancellable nor resumable. Its sender, owners and admins only.
  [`POST ${A}/email-campaigns/:id/cancel`]: { ids: { id: 'emailCampaign' }, ownerStatus: 409, minRole: 'admin' },
  [`POST ${A}/email-campaigns/:id/resume`]: { ids: { id: 'emailCampaign' }, ownerStatus: 409, minRole: 'admin' },
  [`GET ${A}/public/unsubscribe/:token`]: {
    params: { token: "a campaign recipient's unsubscribe link: the HMAC token is the credential" },
  },
  [`POST ${A}/public/unsubscribe/:token`]: {
    params: { token: "a campaign recipient's unsubscribe link: the HMAC token is the credential" },
    csrfExempt:
      "a mail client's one-click unsubscribe posts with no cookie; the HMAC token is the credential (lib/csrf.ts)",
  },

  // Packages (the public link's route takes the token as the credential)
  [`GET ${A}/finance/overview`]: {},
  [`GET ${A}/finance/invoices`]: { lists: ['document'] },
  [`GET ${A}/finance/payments`]: {},
  [`GET ${A}/finance/export`]: {},
  [`GET ${A}/finance/projects/:projectId`]: { ids: { projectId: 'project' } },
  [`GET ${A}/packages`]: { lists: ['package'] },
  [`POST ${A}/packages`]: {
    ids: { 'body.contactId': 'contact', 'body.documentIds': 'clientDocument' },
    request: (fx) => ({ payload: { name: 'P', contactId: fx.contact, documentIds: [fx.clientDocument] } }),
  },
  [`GET ${A}/packages/:id`]: { ids: { id: 'package' } },
  [`PUT ${A}/packages/:id`]: { ids: { id: 'package' }, request: () => ({ payload: { name: 'Changed' } }) },
  [`DELETE ${A}/packages/:id`]: { ids: { id: 'package' } },
  [`POST ${A}/packages/:id/send`]: { ids: { id: 'package' } },
  [`GET ${A}/public/packages/:id`]: {
    params: { id: 'a shared package: the token in the query is the credential, checked against this id' },
  },

  // Contact forms and responses (the public routes: the form's public id or the link's token is the credential)
  [`GET ${A}/contact-forms`]: { lists: ['contactForm'] },
  [`POST ${A}/contact-forms`]: { request: () => ({ payload: contactFormBody }) },
  [`GET ${A}/contact-forms/:id`]: { ids: { id: 'contactForm' } },
  [`PUT ${A}/contact-forms/:id`]: { ids: { id: 'contactForm' }, request: () => ({ payload: { name: 'Changed' } }) },
  [`DELETE ${A}/contact-forms/:id`]: { ids: { id: 'contactForm' } },
  [`GET ${A}/responses`]: { lists: ['formResponse'] },
  [`GET ${A}/responses/:id`]: { ids: { id: 'formResponse' } },
  [`DELETE ${A}/responses/:id`]: { ids: { id: 'formResponse' } },
  [`GET ${A}/documents/:id/responses`]: { ids: { id: 'document' } },
  [`GET ${A}/public/forms/:publicId`]: {
    params: { publicId: 'a contact form by its unguessable public id, on purpose open to anyone who has it' },
  },
  [`POST ${A}/public/forms/:publicId/submissions`]: {
    params: { publicId: 'a contact form by its unguessable public id, on purpose open to anyone who has it' },
    csrfExempt: 'a signed-out submission with no credential, sent from the form framed in another site (lib/csrf.ts)',
  },
  [`POST ${A}/public/forms/:publicId/files`]: {
    params: { publicId: 'a contact form by its unguessable public id, on purpose open to anyone who has it' },
    upload: formFileUpload(async (uploader) => {
      const res = await uploader.agent.post('/contact-forms', { name: 'Uploads', questions: [fileQuestion] });
      return { publicId: (res.json() as { data: { publicId: string } }).data.publicId };
    }),
    csrfExempt: 'a signed-out upload with no credential, sent from the form framed in another site (lib/csrf.ts)',
  },
  [`POST ${A}/public/documents/:id/files`]: {
    params: { id: 'a shared questionnaire: the token in the query is the credential, checked against this id' },
    upload: formFileUpload(async (uploader) => {
      const contact = await uploader.agent.post('/contacts', { firstName: 'Client', email: 'client@example.com' });
      const doc = await uploader.agent.post('/documents', {
        type: 'questionnaire',
        title: 'Intake',
        contactId: (contact.json() as { data: { _id: string } }).data._id,
        blocks: [fileQuestion],
      });
      const id = (doc.json() as { data: { _id: string } }).data._id;
      const sent = await uploader.agent.post(`/documents/${id}/send`, {});
      return { id, 'query.token': (sent.json() as { data: { link: { token: string } } }).data.link.token };
    }),
  },
  // Signature workflows (the signer's routes take the link's token as the credential; their writes keep CSRF)
  [`GET ${A}/signatures/workflows`]: { lists: ['workflow'] },
  [`POST ${A}/signatures/workflows`]: {
    ids: { 'body.documentId': 'contract' },
    request: (fx) => ({ payload: { documentId: fx.contract } }),
    ownerStatus: 201,
  },
  [`GET ${A}/signatures/workflows/by-document/:documentId`]: { ids: { documentId: 'workflowDocument' } },
  [`GET ${A}/signatures/workflows/:id`]: { ids: { id: 'workflow' } },
  [`POST ${A}/signatures/workflows/:id/send`]: { ids: { id: 'workflow' } },
  [`POST ${A}/signatures/workflows/:id/remind`]: { ids: { id: 'sentWorkflow' } },
  [`POST ${A}/signatures/workflows/:id/void`]: { ids: { id: 'workflow' }, request: () => ({ payload: {} }) },
  [`POST ${A}/signatures/workflows/:id/owner-consent`]: {
    ids: { id: 'sentWorkflow' },
    request: () => ({ payload: { disclosureVersion: ESIGN_DISCLOSURE.version, accepted: true } }),
  },
  [`POST ${A}/signatures/workflows/:id/owner-sign`]: {
    ids: { id: 'sentWorkflow' },
    request: () => ({ payload: { signature: { kind: 'typed', name: 'Owner' } } }),
    // Sequential: the client signs first.
    ownerStatus: 409,
  },
  [`GET ${A}/signatures/workflows/:id/signed-pdf`]: { ids: { id: 'workflow' }, ownerStatus: 409 },
  [`GET ${A}/signatures/workflows/:id/document`]: { ids: { id: 'workflow' } },
  [`GET ${A}/signatures/workflows/:id/document-pdf`]: { ids: { id: 'workflow' } },
  [`GET ${A}/signatures/workflows/:id/verify`]: { ids: { id: 'workflow' } },
  [`GET ${A}/public/documents/:id/signing`]: {
    params: { id: "a signer's link: the token in the query is the credential, checked against this id" },
  },
  [`GET ${A}/public/documents/:id/signing/pdf`]: {
    params: { id: "a signer's link: the token in the query is the credential, checked against this id" },
  },
  [`POST ${A}/public/documents/:id/signing/consent`]: {
    params: { id: "a signer's link: the token in the query is the credential, checked against this id" },
  },
  [`POST ${A}/public/documents/:id/signing/sign`]: {
    params: { id: "a signer's link: the token in the query is the credential, checked against this id" },
  },
  [`POST ${A}/public/documents/:id/signing/decline`]: {
    params: { id: "a signer's link: the token in the query is the credential, checked against this id" },
  },
  [`POST ${A}/public/documents/:id/responses`]: {
    params: { id: 'a shared questionnaire: the token in the query is the credential, checked against this id' },
  },
};

/** Methods fastify adds by itself (HEAD for every GET) or that carry no handler of ours. */
const IGNORED_METHODS = new Set(['HEAD', 'OPTIONS']);
const UNSAFE = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The API path of a matrix URL (under API_ROOT), or null for routes outside the API. */
const apiPathOf = (url: string) => (url.startsWith(`${A}/`) ? url.slice(A.length) : null);

const entries = Object.entries(ROUTES).map(([key, spec]) => {
  const [method, url] = key.split(' ') as [Method, string];
  const path = apiPathOf(url);
  const declared = path === null ? undefined : operationOf(method, path);
  return { key, method, url, spec: { ...spec, public: spec.public ?? declared?.public } };
});

const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/** Fills path params: from `values`, else a well-formed id that exists nowhere. */
function fill(url: string, values: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? randomUUID()));
}

function withQuery(url: string, query?: Record<string, string>): string {
  if (!query) return url;
  const qs = new URLSearchParams(query).toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The routes the app registers, as `METHOD /url` (HEAD/OPTIONS dropped, trailing slashes folded), each with
 * whether it declares a multipart body (`schema.consumes`).
 */
async function registeredRoutes(t: TestApp): Promise<Map<string, { multipart: boolean }>> {
  const seen: RouteOptions[] = [];
  const app = await buildApp({
    config: t.config,
    database: t.database,
    secret: t.secret,
    logger: false,
    contactImport: { enabled: false },
    mailer: { kind: 'memory', send: async () => undefined, close: () => undefined },
    onRoute: (route) => seen.push(route),
  });
  await app.ready();
  await app.close();
  const routes = new Map<string, { multipart: boolean }>();
  for (const route of seen) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    const multipart = consumes.some((c) => c.startsWith('multipart/'));
    for (const m of methods) {
      if (!IGNORED_METHODS.has(m.toUpperCase())) routes.set(`${m.toUpperCase()} ${url}`, { multipart });
    }
  }
  return routes;
}

type Signed = SignedUp;

const ok = (res: LightMyRequestResponse, what: string, status = 201) => {
  if (res.statusCode !== status) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, string>;
};

/** A new user who joined `businessId` with `role` through an invite mailed by the owner. */
async function join(t: TestApp, owner: Signed, businessId: string, role: 'member' | 'admin'): Promise<Signed> {
  const member = await signUp(t);
  ok(await owner.agent.post(`/businesses/${businessId}/invites`, { email: member.signup.email, role }), 'invite');
  const { match } = await waitForMail(t.mails, member.signup.email, /accept-invite\?token=([^\s&"<]+)/);
  const token = decodeURIComponent(match[1]!);
  ok(await member.agent.post('/businesses/accept-invite', { token }), 'accept-invite', 200);
  return member;
}

/** Creates what the route needs, owned by the owner (each test gets fresh ones). */
/**
 * The business the owner's session works in now: the 'business' fixture (POST /businesses) switches the session to
 * the new business, so rows written straight into a table must take this, not the sign-up's `owner.user.businessId`.
 */
async function currentBusinessOf(a: Signed['agent']): Promise<string> {
  const res = await a.get('/users/me');
  if (res.statusCode !== 200) throw new Error(`me failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { user: { businessId: string } }).user.businessId;
}

async function fixtures(t: TestApp, owner: Signed, kinds: Kind[]): Promise<Fixtures> {
  const fx = {} as Fixtures;
  const need = new Set(kinds);
  if (need.has('note')) need.add('contact');
  if (need.has('package')) need.add('clientDocument');
  if (need.has('clientDocument')) need.add('contact');
  if (need.has('importJob')) need.add('upload');
  if (need.has('projectFile') || need.has('projectTask')) need.add('project');
  if (need.has('taskComment') || need.has('taskFile')) need.add('task');
  if (need.has('meetingFile')) need.add('meeting');
  if (need.has('member') || need.has('invite') || need.has('logo')) need.add('business');
  const a = owner.agent;
  if (need.has('business')) {
    fx.business = ok(await a.post('/businesses', { name: `Extra ${randomUUID().slice(0, 8)}` }), 'business')._id!;
  }
  if (need.has('logo')) {
    const { payload, headers } = multipart('logo.png', TINY_PNG, 'image/png', 'logo');
    ok(await a.post(`/businesses/${fx.business}/logo`, payload, { headers }), 'logo', 200);
    fx.logo = fx.business;
  }
  if (need.has('invite')) {
    const body = { email: `invitee.${randomUUID()}@example.com`, role: 'member' };
    fx.invite = ok(await a.post(`/businesses/${fx.business}/invites`, body), 'invite').id!;
  }
  if (need.has('member')) fx.member = (await join(t, owner, fx.business, 'member')).user.id;
  if (need.has('session')) {
    const other = await new Agent(t.app).init();
    const login = await other.post('/auth/login', { email: owner.signup.email, password: owner.signup.password });
    if (login.statusCode !== 200) throw new Error(`second login failed: ${login.statusCode} ${login.body}`);
    const sessions = (await other.get('/users/me/sessions')).json().data as { id: string; current: boolean }[];
    fx.session = sessions.find((x) => x.current)!.id;
  }
  if (need.has('contact')) {
    const email = `c.${randomUUID()}@example.com`;
    fx.contact = ok(await a.post('/contacts', { firstName: 'Fix', lastName: 'Ture', email }), 'contact')._id!;
  }
  if (need.has('group')) {
    fx.group = ok(await a.post('/contact-groups', { name: `Group ${randomUUID()}` }), 'group')._id!;
  }
  if (need.has('tag')) {
    fx.tag = ok(await a.post('/contacts/tags', { name: `Tag ${randomUUID().slice(0, 8)}` }), 'tag')._id!;
  }
  if (need.has('note')) {
    const body = { content: '<p>Secret note</p>', entityType: 'contact', entityId: fx.contact };
    fx.note = ok(await a.post('/notes', body), 'note')._id!;
  }
  if (need.has('project')) {
    fx.project = ok(await a.post('/projects', { title: `Project ${randomUUID()}`, type: 'Fixture' }), 'project')._id!;
  }
  if (need.has('projectFile')) {
    const { payload, headers } = multipart('plan.png', TINY_PNG, 'image/png', 'files');
    const files = (await a.post(`/projects/${fx.project}/attachments`, payload, { headers })).json().data as {
      _id: string;
    }[];
    if (!files?.[0]) throw new Error('project file fixture failed');
    fx.projectFile = files[0]._id;
  }
  if (need.has('task')) fx.task = ok(await a.post('/tasks', { title: `Task ${randomUUID()}` }), 'task')._id!;
  if (need.has('taskComment')) {
    fx.taskComment = ok(await a.post(`/tasks/${fx.task}/comments`, { content: 'Secret comment' }), 'comment')._id!;
  }
  if (need.has('taskFile')) {
    const { payload, headers } = multipart('plan.png', TINY_PNG, 'image/png', 'files');
    const files = (await a.post(`/tasks/${fx.task}/attachments`, payload, { headers })).json().data as {
      _id: string;
    }[];
    if (!files?.[0]) throw new Error('task file fixture failed');
    fx.taskFile = files[0]._id;
  }
  if (need.has('projectTask')) {
    fx.projectTask = ok(await a.post(`/projects/${fx.project}/tasks`, { title: 'In the project' }), 'task')._id!;
  }
  if (need.has('meeting')) fx.meeting = ok(await a.post('/meetings', meetingBody), 'meeting')._id!;
  if (need.has('meetingFile')) {
    const { payload, headers } = multipart('plan.png', TINY_PNG, 'image/png', 'file');
    fx.meetingFile = ok(await a.post(`/meetings/${fx.meeting}/attachments`, payload, { headers }), 'meeting file')._id!;
  }
  if (need.has('document')) fx.document = ok(await a.post('/documents', invoiceBody), 'document')._id!;
  if (need.has('documentTemplate')) {
    fx.documentTemplate = ok(await a.post('/documents', { ...invoiceBody, isTemplate: true }), 'template')._id!;
  }
  if (need.has('sentDocument')) {
    const id = ok(await a.post('/documents', invoiceBody), 'document')._id!;
    ok(await a.post(`/documents/${id}/send`, {}), 'send', 200);
    fx.sentDocument = id;
  }
  if (need.has('payment')) {
    // A manual payment: an invoice of 10.00 sent and marked paid by hand.
    const body = { ...invoiceBody, lineItems: [{ description: 'Work', quantity: '1', unitPrice: 1000 }] };
    const id = ok(await a.post('/documents', body), 'document')._id!;
    ok(await a.post(`/documents/${id}/send`, {}), 'send', 200);
    ok(await a.put(`/documents/${id}`, { status: 'paid' }), 'mark paid', 200);
    fx.payment = (
      (await a.get(`/documents/${id}/payments`)).json().data as { payments: { _id: string }[] }
    ).payments[0]!._id;
  }
  if (need.has('emailTemplate') || need.has('emailCampaign')) {
    const body = { name: 'Newsletter', subject: 'Hello', blocks: [{ id: 'h', type: 'heading', text: 'Hello' }] };
    fx.emailTemplate = ok(await a.post('/email-templates', body), 'email template')._id!;
  }
  if (need.has('emailCampaign')) {
    // Written in the table: sending needs a connected Gmail, which the matrix's app has not (campaigns.test.ts sends).
    const [row] = await t.database.db
      .insert(emailCampaigns)
      .values({
        // The 'business' fixture's when there is one (the lesser roles join that one), else the session's.
        businessId: fx.business ?? (await currentBusinessOf(a)),
        senderId: owner.user.id,
        templateId: fx.emailTemplate,
        name: 'Sent campaign',
        subject: 'Hello',
        html: '<p>Hello</p>',
        text: 'Hello',
        audience: { groupIds: [], tagIds: [], status: null },
        status: 'sent',
      })
      .returning({ id: emailCampaigns.id });
    fx.emailCampaign = row!.id;
  }
  if (need.has('automation')) {
    fx.automation = ok(await a.post('/automations', AUTOMATION_BODY), 'automation')._id!;
  }
  if (need.has('fileFolder')) {
    fx.fileFolder = ok(await a.post('/files/folders', { name: `Folder ${randomUUID()}` }), 'folder')._id!;
  }
  if (need.has('libraryFile')) {
    const { payload, headers } = multipart('plan.png', TINY_PNG, 'image/png');
    const files = (await a.post('/files', payload, { headers })).json().data as { _id: string }[];
    if (!files?.[0]) throw new Error('library file fixture failed');
    fx.libraryFile = files[0]._id;
  }
  if (need.has('clientDocument')) {
    const body = { ...invoiceBody, contactId: fx.contact };
    fx.clientDocument = ok(await a.post('/documents', body), 'client document')._id!;
  }
  if (need.has('package')) {
    const body = { name: 'Fixture package', contactId: fx.contact, documentIds: [fx.clientDocument] };
    fx.package = ok(await a.post('/packages', body), 'package')._id!;
  }
  if (need.has('workflowDocument') || need.has('sentWorkflow')) need.add('workflow');
  const contractBody = {
    type: 'contract',
    title: 'Fixture contract',
    signers: [
      { role: 'client', name: 'Client Signer', email: 'client.signer@example.com' },
      { role: 'owner', name: 'Owner Signer' },
    ],
  };
  if (need.has('contract')) fx.contract = ok(await a.post('/documents', contractBody), 'contract')._id!;
  if (need.has('workflow')) {
    fx.workflowDocument = ok(await a.post('/documents', contractBody), 'contract')._id!;
    const body = { documentId: fx.workflowDocument };
    fx.workflow = ok(await a.post('/signatures/workflows', body), 'workflow', 201)._id!;
  }
  if (need.has('sentWorkflow')) {
    const doc = ok(await a.post('/documents', contractBody), 'contract')._id!;
    const id = ok(await a.post('/signatures/workflows', { documentId: doc }), 'workflow', 201)._id!;
    ok(await a.post(`/signatures/workflows/${id}/send`, {}), 'send workflow', 200);
    fx.sentWorkflow = id;
  }
  if (need.has('taxRate')) {
    fx.taxRate = ok(await a.post('/tax-rates', { name: `Rate ${randomUUID()}`, rate: 500 }), 'rate')._id!;
  }
  if (need.has('formResponse')) need.add('contactForm');
  if (need.has('contactForm')) {
    const form = ok(await a.post('/contact-forms', contactFormBody), 'contact form') as {
      _id?: string;
      publicId?: string;
    };
    fx.contactForm = form._id!;
    if (need.has('formResponse')) {
      const body = {
        contact: { firstName: 'Fix', email: `f.${randomUUID()}@example.com` },
        answers: { q1: 'A quote' },
      };
      ok(await a.post(`/public/forms/${form.publicId}/submissions`, body), 'submission', 201);
      const list = (await a.get(`/responses?formId=${fx.contactForm}`)).json().data as { _id: string }[];
      fx.formResponse = list[0]!._id;
    }
  }
  if (need.has('upload')) {
    const { payload, headers } = multipart('contacts.csv', csv, 'text/csv');
    fx.upload = ok(await a.post('/contacts/upload', payload, { headers }), 'upload', 200).uploadId!;
  }
  if (need.has('importJob')) {
    const body = { uploadId: fx.upload, mapping: { 'First Name': 'firstName', Email: 'email' } };
    fx.importJob = ok(await a.post('/contacts/import', body), 'import', 202).jobId!;
  }
  if (need.has('chatChannel') || need.has('chatMessage')) {
    fx.chatChannel = ok(
      await a.post('/chat/channels', { name: `fx-${randomUUID().slice(0, 8)}` }),
      'chat channel',
    )._id!;
    if (need.has('chatMessage')) {
      fx.chatMessage = ok(await a.post(`/chat/channels/${fx.chatChannel}/messages`, { body: 'Fixture' }), 'chat')._id!;
    }
  }
  if (
    need.has('community') ||
    need.has('communityMember') ||
    need.has('communityPost') ||
    need.has('communityComment') ||
    need.has('communityEvent') ||
    need.has('listing') ||
    need.has('listingImage') ||
    need.has('marketTransaction') ||
    need.has('marketReview')
  ) {
    // A private (approval-only) community: its content is for its members alone.
    fx.community = ok(
      await a.post('/communities', { name: `Fixture ${randomUUID()}`, visibility: 'private' }),
      'community',
    )._id!;
    if (need.has('communityMember')) {
      const member = await signUp(t);
      ok(await member.agent.post(`/communities/${fx.community}/join`), 'community join', 200);
      fx.communityMember = member.user.id;
    }
    if (need.has('communityPost') || need.has('communityComment')) {
      fx.communityPost = ok(await a.post(`/communities/${fx.community}/posts`, { body: 'Fixture' }), 'post')._id!;
      if (need.has('communityComment')) {
        const path = `/communities/${fx.community}/posts/${fx.communityPost}/comments`;
        fx.communityComment = ok(await a.post(path, { body: 'Fixture' }), 'comment')._id!;
      }
    }
    if (need.has('communityEvent')) {
      fx.communityEvent = ok(await a.post(`/communities/${fx.community}/events`, EVENT_BODY), 'event')._id!;
    }
    if (need.has('listing') || need.has('listingImage') || need.has('marketTransaction') || need.has('marketReview')) {
      fx.listing = ok(
        await a.post('/marketplace/listings', { ...LISTING_BODY, communityId: fx.community }),
        'listing',
      )._id!;
      if (need.has('listingImage')) {
        const { payload, headers } = multipart('image.png', TINY_PNG, 'image/png', 'image');
        fx.listingImage = ok(
          await a.post(`/marketplace/listings/${fx.listing}/images`, payload, { headers }),
          'image',
        )._id!;
      }
      if (need.has('marketTransaction') || need.has('marketReview')) {
        // A paid purchase as the webhook leaves it (Checkout is tested in marketplace.test.ts); the owner is its
        // buyer and seller both, so every transaction route answers them.
        const [row] = await t.database.db
          .insert(marketTransactions)
          .values({
            listingId: fx.listing,
            communityId: fx.community,
            sellerId: owner.user.id,
            buyerId: owner.user.id,
            listingTitle: LISTING_BODY.title,
            delivery: 'service',
            amount: LISTING_BODY.price,
            currency: 'USD',
            status: 'paid',
            paidAt: new Date(),
          })
          .returning({ id: marketTransactions.id });
        fx.marketTransaction = row!.id;
        fx.marketReview = ok(
          await a.post(`/marketplace/transactions/${fx.marketTransaction}/review`, { rating: 4, text: 'Fixture' }),
          'review',
          201,
        )._id!;
      }
    }
  }
  if (need.has('notification')) {
    const [row] = await t.database.db
      .insert(notifications)
      .values({
        userId: owner.user.id,
        businessId: await currentBusinessOf(a),
        type: 'SYSTEM',
        title: 'Fixture',
        message: 'A notification of the owner',
      })
      .returning({ id: notifications.id });
    fx.notification = row!.id;
  }
  return fx;
}

function call(agent: Agent, method: Method, url: string, parts: RequestParts = {}, extra: Partial<AgentRequest> = {}) {
  return agent.request({
    method,
    url: withQuery(url, parts.query),
    ...(parts.payload !== undefined ? { payload: parts.payload } : {}),
    headers: { ...parts.headers, ...extra.headers },
    ...(extra.csrf !== undefined ? { csrf: extra.csrf } : {}),
  });
}

describe('security route matrix', () => {
  let t: TestApp;
  let owner: Signed;
  let stranger: Signed;
  let registered: Map<string, { multipart: boolean }>;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', ADMIN_EMAIL_DOMAIN: 'atrium.app' });
    registered = await registeredRoutes(t);
    owner = await signUp(t);
    stranger = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('(d) the table is the route table', () => {
    test('every registered route is in the matrix', () => {
      const missing = [...registered.keys()].filter((key) => !(key in ROUTES)).sort();
      expect(missing).toEqual([]);
    });

    test('every route in the matrix is registered', () => {
      const stale = entries.map((e) => e.key).filter((key) => !registered.has(key));
      expect(stale).toEqual([]);
    });

    test('public API routes are decided in src/api-operations.ts alone, and every declared operation is a route', () => {
      const decidedHere = Object.entries(ROUTES)
        .filter(([key, spec]) => spec.public && apiPathOf(key.split(' ')[1]!) !== null)
        .map(([key]) => key);
      expect(decidedHere).toEqual(['GET /api/v1/openapi.json']);
      const undeclared = Object.keys(API_OPERATIONS)
        .map((key) => key.replace(' /', ` ${A}/`))
        .filter((key) => !registered.has(key));
      expect(undeclared).toEqual([]);
    });

    test('every route declaring a multipart body has its upload rules in the matrix', () => {
      const multipart = [...registered].filter(([, r]) => r.multipart).map(([key]) => key);
      const withUpload = entries.filter((e) => e.spec.upload).map((e) => e.key);
      expect(withUpload.sort()).toEqual(multipart.sort());
    });

    test('the documented CSRF exemptions are exactly lib/csrf.ts CSRF_EXEMPT', () => {
      const documented = entries.filter((e) => e.spec.csrfExempt).map((e) => e.key);
      expect(documented.sort()).toEqual([...CSRF_EXEMPT].sort());
    });

    test('every path param is declared business-owned (ids) or not (params, with a reason)', () => {
      const problems: string[] = [];
      for (const { key, url, spec } of entries) {
        const params = pathParams(url);
        for (const p of params) {
          if (!spec.ids?.[p] && !spec.params?.[p]) problems.push(`${key}: param :${p} not declared`);
        }
        for (const name of Object.keys(spec.ids ?? {})) {
          if (!params.includes(name) && !/^(query|body)\./.test(name)) problems.push(`${key}: ids.${name} unknown`);
        }
        for (const name of Object.keys(spec.params ?? {})) {
          if (!params.includes(name)) problems.push(`${key}: params.${name} is not in the path`);
        }
        if (spec.csrfExempt && !UNSAFE.has(key.split(' ')[0]!)) problems.push(`${key}: csrfExempt on a safe method`);
      }
      expect(problems).toEqual([]);
    });
  });

  const protectedRoutes = entries.filter((e) => !e.spec.public);
  describe('(a) no session → 401', () => {
    test.each(protectedRoutes.map((e) => [e.key, e] as const))('%s without a session', async (_key, e) => {
      // An anonymous CSRF token is sent, so unsafe methods reach the session check.
      const anonymous = await new Agent(t.app).init();
      const res = await call(anonymous, e.method, fill(e.url));
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
      if (e.method === 'GET') {
        // fastify's automatic HEAD twin runs the same hooks.
        const head = await anonymous.request({ method: 'HEAD', url: fill(e.url) });
        expect(head.statusCode).toBe(401);
      }
    });

    /** Replays the access token of a signed-out session (still within its 15 minutes). */
    let replay: Agent;
    beforeAll(async () => {
      const gone = await signUp(t);
      const accessToken = gone.agent.cookie(ACCESS_COOKIE)!;
      expect((await gone.agent.post('/auth/logout')).statusCode).toBe(200);
      replay = new Agent(t.app);
      replay.jar.set(ACCESS_COOKIE, { value: accessToken, path: '/' });
      // A CSRF token bound to that session, so unsafe methods get past the CSRF check to the session check.
      await replay.init();
    });

    test.each(protectedRoutes.map((e) => [e.key, e] as const))('%s with a signed-out session', async (_key, e) => {
      const res = await call(replay, e.method, fill(e.url));
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    });
  });

  const unsafeRoutes = entries.filter((e) => UNSAFE.has(e.method));
  describe('(b) unsafe methods without a CSRF token → 403', () => {
    test.each(unsafeRoutes.filter((e) => !e.spec.csrfExempt).map((e) => [e.key, e] as const))('%s', async (_key, e) => {
      // A valid session and a valid xsrf cookie, but no header.
      const res = await call(owner.agent, e.method, fill(e.url), {}, { csrf: false });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 403,
        body: { success: false, code: 'CSRF_INVALID', error: 'Invalid CSRF token' },
      });
      // Nor does a token that is not the server's (cookie and header agree, signature forged) get through.
      const forged = new Agent(t.app);
      for (const [name, c] of owner.agent.jar) forged.jar.set(name, { ...c });
      forged.jar.set(XSRF_COOKIE, { value: 'forged-nonce.forged-signature', path: '/' });
      const again = await call(forged, e.method, fill(e.url));
      expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 403, code: 'CSRF_INVALID' });
    });

    const exempt = unsafeRoutes.filter((e) => e.spec.csrfExempt);
    test.each(exempt.map((e) => [e.key, e] as const))('%s is exempt (as documented)', async (_key, e) => {
      const res = await call(owner.agent, e.method, fill(e.url), {}, { csrf: false });
      expect(res.statusCode).not.toBe(403);
    });
  });

  const owned = entries.filter((e) => e.spec.ids && Object.keys(e.spec.ids).length > 0);
  describe("(c) another business's ids → 404, while the owner's identical request works", () => {
    test.each(owned.map((e) => [e.key, e] as const))('%s', async (_key, e) => {
      const fx = await fixtures(t, owner, Object.values(e.spec.ids!));
      const path = Object.fromEntries(
        Object.entries(e.spec.ids!)
          .filter(([name]) => !name.includes('.'))
          .map(([name, kind]) => [name, fx[kind]]),
      );
      const url = fill(e.url, path);
      const parts = e.spec.request?.(fx) ?? {};

      const res = await call(stranger.agent, e.method, url, parts);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
      // Nothing of the other business in the answer (the spec's 'Project not found: {id}' repeats the id the
      // caller sent, which tells them nothing).
      const body = res.body.replace(/Project not found: [^"]*/g, 'Project not found');
      for (const [kind, id] of Object.entries(fx)) if (kind !== 'session') expect(body).not.toContain(id);

      // The control: the owner's identical request is accepted, so the 404 above came from the scoping.
      const mine = await call(owner.agent, e.method, url, parts);
      const expected = e.spec.ownerStatus ?? (mine.statusCode >= 200 && mine.statusCode < 300 ? mine.statusCode : 200);
      if (mine.statusCode !== expected) {
        throw new Error(`the owner's own request answered ${mine.statusCode} (expected ${expected}): ${mine.body}`);
      }
    });
  });

  const uploads = entries.filter((e) => e.spec.upload);
  describe('uploads: wrong type → 415, too big → 413, nothing stored', () => {
    test.each(uploads.map((e) => [e.key, e] as const))('%s', async (_key, e) => {
      const u = e.spec.upload!;
      // A fresh owner: nothing stored yet. The url's ids (a business) are theirs.
      const uploader = await signUp(t);
      const ids = u.pathIds ? await u.pathIds(uploader) : { id: uploader.user.businessId };
      const url = fill(e.url, ids);
      const query = Object.fromEntries(
        Object.entries(ids).flatMap(([k, v]) => (k.startsWith('query.') ? [[k.slice(6), v]] : [])),
      );
      const send = (fileName: string, content: Buffer | string, type: string) => {
        const parts = multipart(fileName, content, type, u.field);
        return call(uploader.agent, e.method, url, { ...parts, query });
      };

      for (const [fileName, content, type] of u.wrong) {
        const res = await send(fileName, content, type);
        expect({ fileName, type, status: res.statusCode, code: res.json().code }).toEqual({
          fileName,
          type,
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      }
      expect(await u.stored(t, uploader)).toBe(0);

      const big = Buffer.alloc(u.maxBytes + 1, 0x61);
      Buffer.from(u.good[1]).copy(big);
      const tooBig = await send(u.good[0], big, u.good[2]);
      expect({ status: tooBig.statusCode, success: tooBig.json().success }).toEqual({ status: 413, success: false });
      expect(await u.stored(t, uploader)).toBe(0);

      // The control: the same route takes a good file, so the refusals above were about type and size.
      const good = await send(...u.good);
      expect(good.statusCode).toBe(u.okStatus ?? 200);
      expect(await u.stored(t, uploader)).toBe(1);
    });
  });

  const lists = entries.filter((e) => e.spec.lists);
  describe("lists never show another business's rows", () => {
    test.each(lists.map((e) => [e.key, e] as const))('%s', async (_key, e) => {
      const fx = await fixtures(t, owner, e.spec.lists!);
      const ids = e.spec.lists!.map((kind) => fx[kind]);
      // A list that needs a query (a date range) says so in request().
      const query = { limit: '100', ...e.spec.request?.(fx).query };
      const theirs = await call(stranger.agent, e.method, e.url, { query });
      expect(theirs.statusCode).toBe(200);
      for (const id of ids) expect(theirs.body).not.toContain(id);
      // The control: the owner sees them.
      const mine = await call(owner.agent, e.method, e.url, { query });
      expect(mine.statusCode).toBe(200);
      for (const id of ids) expect(mine.body).toContain(id);
    });
  });

  const roleGated = entries.filter((e) => e.spec.minRole);
  describe('(section 6) business settings and members: lesser roles → 403', () => {
    test.each(roleGated.map((e) => [e.key, e] as const))('%s', async (_key, e) => {
      // An owner of its own per route: invites are limited per inviting user (30 in 10 minutes), and this section
      // invites one or two people for each of its routes.
      const owner = await signUp(t);
      // The 'business' fixture comes first and switches the owner to it, so every other fixture (a payment…) is
      // made in the business the lesser roles then join.
      const fx = await fixtures(t, owner, [...Object.values(e.spec.ids ?? {}), 'business']);
      const lesser = e.spec.minRole === 'owner' ? (['member', 'admin'] as const) : (['member'] as const);
      const path = Object.fromEntries(
        Object.entries(e.spec.ids ?? {})
          .filter(([name]) => !name.includes('.'))
          .map(([name, kind]) => [name, kind === 'member' ? owner.user.id : fx[kind]]),
      );
      const url = fill(e.url, path);
      for (const role of lesser) {
        const caller = await join(t, owner, fx.business, role);
        // Routes without a business in the path act on the caller's current business: work in the joined one.
        ok(await caller.agent.post(`/businesses/${fx.business}/switch`, {}), 'switch', 200);
        const res = await call(caller.agent, e.method, url, e.spec.request?.(fx) ?? {});
        expect({ role, status: res.statusCode, code: res.json().code }).toEqual({
          role,
          status: 403,
          code: 'FORBIDDEN',
        });
      }
    });
  });

  const companyOnly = entries.filter((e) => e.spec.companyOnly);
  describe('company-only routes → 403 for other users', () => {
    let staff: Signed;
    beforeAll(async () => {
      staff = await signUp(t, t.app, { email: `staff.${randomUUID().slice(0, 8)}@${t.config.adminEmailDomain}` });
    });

    test.each(companyOnly.map((e) => [e.key, e] as const))('%s', async (_key, e) => {
      const res = await call(stranger.agent, e.method, fill(e.url, { userId: owner.user.id }));
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
      // The control: a user of the company domain gets in.
      const mine = await call(staff.agent, e.method, fill(e.url, { userId: owner.user.id }));
      expect(mine.statusCode).toBe(200);
    });
  });
});
