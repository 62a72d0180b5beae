/**
 * Every operation of the API, declared once: its OpenAPI operationId and summary, and whether it works without a
 * session. buildApp (app.ts) applies the entry to the route as it is registered — schema.operationId, .summary and
 * .security — and refuses to start when a route under /api/v1 has no entry, so the document integrators generate
 * clients from cannot miss one. The security route matrix (test/security-matrix.test.ts) reads `public` from here.
 *
 * Keys: METHOD and the path under /api/v1 as registered (`:param`, no trailing slash). Ids: lowerCamelCase, a verb
 * then what it acts on, unique. A route's longer prose stays in its schema's `description`.
 */

import { FILE_TYPES } from '@atrium/domain-work/schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationDeclaration {
  /** The OpenAPI operationId (client generators name their methods after it). */
  id: string;
  /** One line: what the operation does (and who may, when not every member may). */
  summary: string;
  /** Works without a session: why. Absent: the caller needs a session (the access cookie or a Bearer token). */
  public?: string;
  /** The success answer is bytes of one of these media types, not JSON (images). */
  binary?: string[];
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export const API_OPERATIONS = {
  // System
  'GET /health': {
    id: 'getHealth',
    summary: 'Whether the API and its database answer',
    public: 'health check for load balancers and compose',
  },

  // Auth: the sign-in flows work without a session (all unsafe ones still need the CSRF pair)
  'POST /auth/register': {
    id: 'register',
    summary: 'Sign up (an unverified account; mails a code)',
    public: 'sign-up',
  },
  'POST /auth/verify-email': {
    id: 'verifyEmail',
    summary: 'Verify the address with the mailed code',
    public: 'sign-up step before any session exists',
  },
  'POST /auth/resend-verification': {
    id: 'resendVerification',
    summary: 'Mail a new verification code',
    public: 'sign-up step before any session exists',
  },
  'POST /auth/forgot-password': {
    id: 'forgotPassword',
    summary: 'Mail a password reset link',
    public: 'password recovery without a session',
  },
  'POST /auth/reset-password': {
    id: 'resetPassword',
    summary: 'Set a new password with the mailed token',
    public: 'password recovery with the mailed token',
  },
  'POST /auth/login': { id: 'login', summary: 'Sign in with e-mail and password', public: 'sign-in' },
  'POST /auth/auto-login': {
    id: 'autoLogin',
    summary: 'Resume the session from the access or refresh cookie',
    public: 'answers from the access or refresh cookie itself (401 when neither works)',
  },
  'POST /auth/refresh': {
    id: 'refreshSession',
    summary: 'Rotate the refresh token and issue a new access token',
    public: 'works from the refresh cookie, not the access token',
  },
  'POST /auth/logout': {
    id: 'logout',
    summary: 'Sign out (revoke the session)',
    public: 'signing out without a session is a no-op',
  },
  'POST /auth/renew-csrf': {
    id: 'renewCsrfToken',
    summary: 'Issue a fresh CSRF token',
    public: 'hands out a CSRF token',
  },
  'GET /auth/csrf': { id: 'getCsrfToken', summary: 'Read the current CSRF token', public: 'hands out a CSRF token' },
  'GET /auth/google/config': {
    id: 'getGoogleSignInConfig',
    summary: 'Whether Google sign-in is set up',
    public: 'tells the sign-in page whether Google sign-in is set up',
  },
  'GET /auth/google/start': {
    id: 'startGoogleSignIn',
    summary: 'Start Google sign-in (or linking): the authorization URL',
    public: 'starts Google sign-in (mode=link checks the session itself)',
  },
  'POST /auth/google': {
    id: 'completeGoogleSignIn',
    summary: "Complete Google sign-in with the callback's code and state",
    public: 'Google sign-in callback (link mode checks the session itself)',
  },
  'GET /auth/google/status': { id: 'getGoogleLinkStatus', summary: "The caller's Google link" },
  // Integrations: the member's own Google Calendar connection in the current business
  'GET /integrations/google-calendar/status': {
    id: 'getGoogleCalendarStatus',
    summary: "The caller's Google Calendar connection (not set up, not connected, connected, reconnect)",
  },
  'GET /integrations/google-calendar/connect': {
    id: 'connectGoogleCalendar',
    summary: "Start connecting the caller's Google Calendar (302 to Google's consent)",
  },
  'GET /integrations/google-calendar/callback': {
    id: 'completeGoogleCalendarConnection',
    summary: "Google's redirect after consent (302 back to the integrations tab)",
  },
  'POST /integrations/google-calendar/disconnect': {
    id: 'disconnectGoogleCalendar',
    summary: "Disconnect the caller's Google Calendar (meetings stay)",
  },
  'POST /integrations/google-calendar/sync': {
    id: 'syncGoogleCalendar',
    summary: "Sync the caller's Google Calendar now",
  },
  // Integrations: the member's own Gmail in the current business (issue #19)
  'GET /integrations/gmail/status': {
    id: 'getGmailStatus',
    summary: "The caller's Gmail connection (not set up, not connected, connected, reconnect)",
  },
  'GET /integrations/gmail/connect': {
    id: 'connectGmail',
    summary: "Start connecting the caller's Gmail (302 to Google's consent)",
  },
  'GET /integrations/gmail/callback': {
    id: 'completeGmailConnection',
    summary: "Google's redirect after consent (302 back to where the flow started)",
  },
  'POST /integrations/gmail/disconnect': {
    id: 'disconnectGmail',
    summary: "Disconnect the caller's Gmail (project emails stay)",
  },
  'POST /integrations/gmail/send': { id: 'sendGmail', summary: "Send an email from the caller's Gmail" },
  'GET /integrations/gmail/projects/:projectId/threads': {
    id: 'listProjectEmailThreads',
    summary: "A project's email threads (sent and received)",
  },
  'POST /auth/google/unlink': { id: 'unlinkGoogle', summary: "Unlink the caller's Google account" },

  // Users and the caller's sessions
  'GET /users/me': { id: 'getCurrentUser', summary: 'The signed-in user in the current business' },
  'PATCH /users/me': { id: 'updateCurrentUser', summary: "Change the caller's profile" },
  'POST /users/me/password': { id: 'changePassword', summary: 'Change the password (signs out other sessions)' },
  'GET /users/me/sessions': { id: 'listSessions', summary: "The caller's active sessions" },
  'POST /users/me/sessions/revoke-others': { id: 'revokeOtherSessions', summary: 'Sign out every other session' },
  'DELETE /users/me/sessions/:sessionId': { id: 'revokeSession', summary: "Sign out one of the caller's sessions" },
  'GET /users/:id': { id: 'getUserProfile', summary: "A user's public profile" },
  'POST /users/me/picture': { id: 'uploadProfilePicture', summary: 'Upload your profile picture' },
  'DELETE /users/me/picture': { id: 'deleteProfilePicture', summary: 'Remove your profile picture' },
  'GET /users/:id/picture/medium': {
    id: 'getProfilePicture',
    summary: "A user's profile picture",
    binary: IMAGE_TYPES,
  },

  // Admin users (company domain only)
  'GET /admin/users': { id: 'listAdminUsers', summary: 'All users (company staff only)' },
  'GET /admin/users/:userId': { id: 'getAdminUser', summary: 'One user with their businesses (company staff only)' },

  // Businesses
  'GET /businesses': { id: 'listBusinesses', summary: "The caller's businesses" },
  'POST /businesses': { id: 'createBusiness', summary: 'Create a business (the caller owns it)' },
  'POST /businesses/accept-invite': { id: 'acceptInvite', summary: "Join an invite's business" },
  'GET /businesses/:id': { id: 'getBusiness', summary: 'One business of the caller, with its members' },
  'PUT /businesses/:id': { id: 'updateBusiness', summary: 'Update a business (owner or admin)' },
  'DELETE /businesses/:id': { id: 'deleteBusiness', summary: 'Delete a business (owner)' },
  'POST /businesses/:id/switch': { id: 'switchBusiness', summary: "Make a business the session's current one" },
  'GET /businesses/:id/invites': { id: 'listInvites', summary: 'Pending invites (owner or admin)' },
  'POST /businesses/:id/invites': { id: 'inviteMember', summary: 'Invite someone by e-mail' },
  'DELETE /businesses/:id/invites/:inviteId': { id: 'revokeInvite', summary: 'Revoke a pending invite' },
  'PUT /businesses/:id/members/:userId': { id: 'updateMemberRole', summary: "Change a member's role" },
  'DELETE /businesses/:id/members/:userId': { id: 'removeMember', summary: 'Remove a member, or leave' },
  'POST /businesses/:id/logo': { id: 'uploadBusinessLogo', summary: 'Upload the logo (owner or admin)' },
  'DELETE /businesses/:id/logo': { id: 'deleteBusinessLogo', summary: 'Remove the logo (owner or admin)' },
  'GET /businesses/:id/logo': { id: 'getBusinessLogo', summary: "The business's logo", binary: IMAGE_TYPES },

  // Contacts
  'GET /contacts': { id: 'listContacts', summary: 'List, search, filter or export contacts' },
  'POST /contacts': { id: 'createContact', summary: 'Create a contact' },
  'GET /contacts/:id': { id: 'getContact', summary: 'One contact' },
  'PUT /contacts/:id': { id: 'updateContact', summary: 'Update a contact' },
  'DELETE /contacts/:id': { id: 'deleteContact', summary: 'Delete a contact' },

  // Contact import
  'POST /contacts/upload': { id: 'uploadContactsCsv', summary: 'Upload a CSV of contacts' },
  'POST /contacts/validate': { id: 'validateContactImport', summary: 'What an import would do' },
  'POST /contacts/import': { id: 'startContactImport', summary: 'Start a background import' },
  'GET /contacts/import/:jobId': { id: 'getContactImportJob', summary: 'Progress and result of an import' },

  // Contact tags
  'GET /contacts/tags': { id: 'listContactTags', summary: 'List contact tags' },
  'POST /contacts/tags': { id: 'createContactTag', summary: 'Create a contact tag' },
  'PUT /contacts/tags/:id': { id: 'updateContactTag', summary: 'Rename or recolour a contact tag' },
  'DELETE /contacts/tags/:id': { id: 'deleteContactTag', summary: 'Delete a contact tag (its contacts stay)' },

  // Contact groups (/contacts/groups is the spec's alias of /contact-groups for these four)
  'GET /contacts/groups': { id: 'listContactGroupsAlias', summary: 'List contact groups (alias)' },
  'POST /contacts/groups': { id: 'createContactGroupAlias', summary: 'Create a contact group (alias)' },
  'PUT /contacts/groups/:id': { id: 'updateContactGroupAlias', summary: 'Update a contact group (alias)' },
  'DELETE /contacts/groups/:id': { id: 'deleteContactGroupAlias', summary: 'Delete a contact group (alias)' },
  'GET /contact-groups': { id: 'listContactGroups', summary: 'List contact groups' },
  'POST /contact-groups': { id: 'createContactGroup', summary: 'Create a contact group' },
  'GET /contact-groups/:id': { id: 'getContactGroup', summary: 'One contact group' },
  'PUT /contact-groups/:id': { id: 'updateContactGroup', summary: 'Update a contact group' },
  'DELETE /contact-groups/:id': { id: 'deleteContactGroup', summary: 'Delete a contact group (its contacts stay)' },
  'GET /contact-groups/:id/contacts': { id: 'listContactGroupMembers', summary: "A group's contacts" },
  'POST /contact-groups/:id/contacts': { id: 'addContactsToGroup', summary: 'Add contacts to a group' },
  'DELETE /contact-groups/:id/contacts': { id: 'removeContactsFromGroup', summary: 'Remove contacts from a group' },
  'POST /contact-groups/:id/assign-contacts': {
    id: 'assignContactsToGroup',
    summary: 'Add contacts to a group (alias)',
  },
  'POST /contact-groups/:id/add-contact': { id: 'addContactToGroup', summary: 'Add one contact to a group' },
  'POST /contact-groups/:id/remove-contact': {
    id: 'removeContactFromGroup',
    summary: 'Remove one contact from a group',
  },

  // Notes
  'GET /notes': { id: 'listNotes', summary: "A contact's notes" },
  'POST /notes': { id: 'createNote', summary: 'Add a note to a contact' },
  'GET /notes/search': { id: 'searchNotes', summary: "Search a contact's notes" },
  'GET /notes/:id': { id: 'getNote', summary: 'One note' },
  'PUT /notes/:id': { id: 'updateNote', summary: 'Change a note' },
  'DELETE /notes/:id': { id: 'deleteNote', summary: 'Delete a note' },
  'PATCH /notes/:id/pin': { id: 'toggleNotePin', summary: 'Pin or unpin a note' },

  // Projects (modules/projects); a contact's projects at /contacts/:id/projects
  'GET /projects': { id: 'listProjects', summary: 'List, search, filter or export projects' },
  'POST /projects': { id: 'createProject', summary: 'Create a project' },
  'GET /projects/types': { id: 'listProjectTypes', summary: "The business's project types" },
  'PATCH /projects/bulk-update-types': { id: 'bulkUpdateProjectTypes', summary: 'Set the type of several projects' },
  'GET /projects/:id': { id: 'getProject', summary: 'One project with its files' },
  'PATCH /projects/:id': { id: 'updateProject', summary: 'Change a project' },
  'DELETE /projects/:id': { id: 'deleteProject', summary: 'Delete a project with its tasks, files and feed' },
  'PATCH /projects/:id/stage': { id: 'moveProjectStage', summary: 'Move a project on the stage board' },
  'POST /projects/:id/duplicate': { id: 'duplicateProject', summary: 'Copy a project with its tasks and files' },
  'POST /projects/:id/activities': { id: 'addProjectActivity', summary: "Add an entry to a project's feed" },
  'GET /projects/:id/feed': { id: 'getProjectFeed', summary: "A project's feed, newest first" },
  'POST /projects/:id/contacts/add': { id: 'addProjectContacts', summary: 'Link contacts to a project' },
  'POST /projects/:id/attachments': { id: 'uploadProjectFiles', summary: 'Upload files to a project' },
  'GET /projects/:id/attachments': { id: 'listProjectFiles', summary: "A project's files" },
  'GET /projects/:id/attachments/:attachmentId': {
    id: 'getProjectFile',
    summary: "One of a project's files (its bytes)",
    binary: [...FILE_TYPES],
  },
  'DELETE /projects/:id/attachments/:attachmentId': { id: 'deleteProjectFile', summary: "Delete a project's file" },
  'GET /contacts/:id/projects': { id: 'listContactProjects', summary: "A contact's projects" },
  'POST /contacts/:id/projects': { id: 'linkContactProject', summary: 'Link a contact to a project' },
  'DELETE /contacts/:id/projects/:projectId': {
    id: 'unlinkContactProject',
    summary: 'Unlink a contact from a project',
  },

  // Tasks (modules/tasks); a project's tasks at /projects/:id/tasks
  'GET /tasks': { id: 'listTasks', summary: 'List, search, filter or export tasks' },
  'POST /tasks': { id: 'createTask', summary: 'Create a task (in a project with ?projectId=)' },
  'GET /tasks/kanban/totals': { id: 'getKanbanTotals', summary: 'How many tasks each kanban column holds' },
  'GET /tasks/:id': { id: 'getTask', summary: 'One task with its files, comments and history' },
  'PATCH /tasks/:id': { id: 'updateTask', summary: 'Change a task' },
  'DELETE /tasks/:id': { id: 'deleteTask', summary: 'Delete a task' },
  'PATCH /tasks/:id/move': { id: 'moveTaskColumn', summary: 'Move a task on the kanban' },
  'POST /tasks/:id/move': { id: 'moveTaskProject', summary: 'Move a task into another project or out of any' },
  'POST /tasks/:id/duplicate': { id: 'duplicateTask', summary: 'Copy a task with its contacts and files' },
  'POST /tasks/:id/comments': { id: 'addTaskComment', summary: 'Comment on a task' },
  'DELETE /tasks/:id/comments/:commentId': {
    id: 'deleteTaskComment',
    summary: 'Delete a comment (its author, or an owner or admin)',
  },
  'POST /tasks/:id/attachments': { id: 'uploadTaskFiles', summary: 'Upload files to a task' },
  'GET /tasks/:id/attachments/:attachmentId': {
    id: 'getTaskFile',
    summary: "One of a task's files (its bytes)",
    binary: [...FILE_TYPES],
  },
  'DELETE /tasks/:id/attachments/:attachmentId': { id: 'deleteTaskFile', summary: "Delete a task's file" },
  'POST /projects/:id/tasks': { id: 'addProjectTask', summary: 'Add a task to a project' },
  'PATCH /projects/:id/tasks/:taskId': { id: 'updateProjectTask', summary: "Change one of a project's tasks" },
  'DELETE /projects/:id/tasks/:taskId': { id: 'deleteProjectTask', summary: "Delete one of a project's tasks" },

  // Meetings (modules/meetings) and the calendar view (modules/calendar)
  'GET /meetings': { id: 'listMeetings', summary: 'The meetings in a date range' },
  'POST /meetings': { id: 'createMeeting', summary: 'Create a meeting' },
  'GET /meetings/contact/:id': { id: 'listContactMeetings', summary: "A contact's meetings" },
  'GET /meetings/project/:id': { id: 'listProjectMeetings', summary: "A project's meetings" },
  'GET /meetings/:id': { id: 'getMeeting', summary: 'One meeting with its attendees and attachments' },
  'PUT /meetings/:id': { id: 'updateMeeting', summary: 'Change a meeting' },
  'DELETE /meetings/:id': { id: 'deleteMeeting', summary: 'Delete a meeting' },
  'POST /meetings/:id/project': { id: 'linkMeetingProject', summary: 'Link a meeting to a project' },
  'DELETE /meetings/:id/project': { id: 'unlinkMeetingProject', summary: 'Unlink a meeting from its project' },
  'POST /meetings/:id/contacts/add': {
    id: 'addMeetingContact',
    summary: 'Deprecated: attendees change through the meeting update',
  },
  'POST /meetings/:id/contacts/remove': {
    id: 'removeMeetingContact',
    summary: 'Deprecated: attendees change through the meeting update',
  },
  'POST /meetings/:id/attachments': { id: 'uploadMeetingFile', summary: 'Attach a file to a meeting' },
  'GET /meetings/:id/attachments/:attachmentId': {
    id: 'getMeetingFile',
    summary: "A meeting's file as base64",
  },
  'DELETE /meetings/:id/attachments/:attachmentId': { id: 'deleteMeetingFile', summary: "Delete a meeting's file" },
  'GET /calendar/meetings': { id: 'listCalendarItems', summary: 'Meetings, tasks and projects in a date range' },
  'POST /calendar/meetings': { id: 'createCalendarMeeting', summary: 'Create a meeting from the calendar' },
  'PATCH /calendar/meetings/:id': { id: 'updateCalendarMeeting', summary: 'Change a meeting from the calendar' },
  'DELETE /calendar/meetings/:id': { id: 'deleteCalendarMeeting', summary: 'Delete a meeting from the calendar' },
  'POST /calendar/items': { id: 'createCalendarItem', summary: 'Create a meeting as a calendar item' },
  'PATCH /calendar/items/:id': { id: 'moveCalendarItem', summary: 'Move or resize a meeting, task or project' },
  'DELETE /calendar/items/:id': { id: 'deleteCalendarItem', summary: 'Delete a meeting calendar item' },
  // The file manager (/files/documents)
  'GET /files': { id: 'listFiles', summary: "A page of the business's files (attachments and uploads)" },
  'POST /files': { id: 'uploadFiles', summary: 'Upload files to the file manager' },
  'GET /files/usage': { id: 'getFileUsage', summary: 'Storage used by the business, by origin' },
  'GET /files/folders': { id: 'listFileFolders', summary: "The business's file folders" },
  'POST /files/folders': { id: 'createFileFolder', summary: 'Create a file folder' },
  'PUT /files/folders/:id': { id: 'updateFileFolder', summary: 'Rename or move a file folder' },
  'DELETE /files/folders/:id': { id: 'deleteFileFolder', summary: 'Delete an empty file folder' },
  'GET /files/:id/download': {
    id: 'downloadFile',
    summary: "A file's bytes (inline preview or download)",
    binary: [...FILE_TYPES],
  },
  'PUT /files/:id': { id: 'updateFile', summary: 'Rename or move a file' },
  'DELETE /files/:id': { id: 'deleteFile', summary: 'Delete a file' },
  // Documents
  'GET /documents': { id: 'listDocuments', summary: 'A page of documents or templates' },
  'POST /documents': { id: 'createDocument', summary: 'Create a document or template' },
  'GET /tax-rates': { id: 'listTaxRates', summary: "The business's tax rates" },
  'POST /tax-rates': { id: 'createTaxRate', summary: 'Add a tax rate' },
  'PUT /tax-rates/:id': { id: 'updateTaxRate', summary: 'Change a tax rate' },
  'DELETE /tax-rates/:id': { id: 'deleteTaxRate', summary: 'Delete a tax rate' },
  'GET /documents/project/:projectId': { id: 'listProjectDocuments', summary: "A project's documents" },
  'POST /documents/from-template/:templateId': {
    id: 'createDocumentFromTemplate',
    summary: 'Start a document from a template',
  },
  'GET /documents/:id': { id: 'getDocument', summary: 'One document with its blocks, line items and totals' },
  'PUT /documents/:id': { id: 'updateDocument', summary: 'Change a document' },
  'DELETE /documents/:id': { id: 'deleteDocument', summary: 'Delete a document' },
  'POST /documents/:id/duplicate': { id: 'duplicateDocument', summary: 'Copy a document as a new draft' },
  'POST /documents/:id/save-as-template': { id: 'saveDocumentAsTemplate', summary: 'Save a document as a template' },
  'GET /documents/:id/preview': {
    id: 'previewDocument',
    summary: 'A document as its client sees it, with the merge tags that do not resolve',
  },
  'POST /documents/:id/send': { id: 'sendDocument', summary: 'Send a document to its contact with a public link' },
  'POST /documents/:id/share': { id: 'shareDocument', summary: 'Another public link to a sent document' },
  'GET /documents/:id/pdf': { id: 'getDocumentPdf', summary: "A document's PDF as base64" },
  'GET /public/documents/:id': {
    id: 'viewSharedDocument',
    summary: 'A shared document, by its link token',
    public: 'the client opens the link signed out; the unguessable token is the credential',
  },
  'GET /public/documents/:id/pdf': {
    id: 'getSharedDocumentPdf',
    summary: "A shared document's PDF as base64, by its link token",
    public: 'the client downloads the PDF of a link signed out; the unguessable token is the credential',
  },
  // Contact forms, questionnaire answers and responses
  'GET /contact-forms': { id: 'listContactForms', summary: "A page of the business's contact forms" },
  'POST /contact-forms': { id: 'createContactForm', summary: 'Create a contact form' },
  'GET /contact-forms/:id': { id: 'getContactForm', summary: 'One contact form with its questions' },
  'PUT /contact-forms/:id': { id: 'updateContactForm', summary: 'Change a contact form' },
  'DELETE /contact-forms/:id': { id: 'deleteContactForm', summary: 'Delete a contact form (its responses stay)' },
  'GET /responses': { id: 'listResponses', summary: 'A page of responses to contact forms and questionnaires' },
  'GET /responses/:id': { id: 'getResponse', summary: 'One response with its answers and questions' },
  'DELETE /responses/:id': { id: 'deleteResponse', summary: 'Delete a response' },
  'GET /documents/:id/responses': { id: 'listDocumentResponses', summary: "A questionnaire's responses" },
  'GET /public/forms/:publicId': {
    id: 'viewPublicForm',
    summary: 'A contact form to fill in, by its public id',
    public: "a website's visitor fills the form in signed out; the unguessable public id names it",
  },
  'POST /public/forms/:publicId/submissions': {
    id: 'submitPublicForm',
    summary: 'Submit a contact form',
    public: "a website's visitor submits signed out (honeypot and a rate limit per address)",
  },
  'POST /public/forms/:publicId/files': {
    id: 'uploadPublicFormFile',
    summary: 'Upload a file for a contact form’s file question',
    public: "a website's visitor uploads signed out; the file is usable once by a submission of that form",
  },
  'POST /public/documents/:id/files': {
    id: 'uploadSharedQuestionnaireFile',
    summary: 'Upload a file for a shared questionnaire’s file question, by its link token',
    public: 'the client uploads through the link signed out; the unguessable token is the credential',
  },
  'POST /public/documents/:id/responses': {
    id: 'answerSharedQuestionnaire',
    summary: 'Answer a shared questionnaire, by its link token',
    public: 'the client answers through the link signed out; the unguessable token is the credential',
  },
  // Finance (read-only reports over invoices and payments)
  'GET /finance/overview': { id: 'getFinanceOverview', summary: 'Revenue by month, outstanding and overdue' },
  'GET /finance/invoices': { id: 'listFinanceInvoices', summary: 'A page of invoices with paid amounts and balances' },
  'GET /finance/payments': { id: 'listFinancePayments', summary: 'A page of payments with refunds' },
  'GET /finance/export': { id: 'exportFinanceCsv', summary: 'Invoices or payments in a date range as CSV' },
  'GET /finance/projects/:projectId': { id: 'getProjectFinance', summary: "A project's invoices, payments and totals" },
  // Notifications (the caller's own, in their current business, and personal ones)
  'GET /notifications': { id: 'listNotifications', summary: "A page of the caller's notifications, newest first" },
  'GET /notifications/unread/count': { id: 'countUnreadNotifications', summary: "How many of the caller's are unread" },
  'GET /notifications/stream': {
    id: 'streamNotifications',
    summary: "Live pushes when the caller's notifications change (server-sent events)",
    binary: ['text/event-stream'],
  },
  'PUT /notifications/read/all': { id: 'markAllNotificationsRead', summary: "Mark all of the caller's as read" },
  'PUT /notifications/:id/read': { id: 'markNotificationRead', summary: 'Mark one notification as read' },
  'DELETE /notifications/:id': { id: 'deleteNotification', summary: 'Delete one notification' },
  'GET /notifications/preferences': { id: 'getNotificationPreferences', summary: "The caller's per-type switches" },
  'PUT /notifications/preferences': {
    id: 'saveNotificationPreferences',
    summary: 'Switch notification types on or off',
  },
  'POST /notifications/friend-request-sent': {
    id: 'notifyFriendRequestSent',
    summary: 'Tell a user the caller sent them a friend request',
  },
  'POST /notifications/friend-request-received': {
    id: 'notifyFriendRequestReceived',
    summary: 'Tell a user the caller received their friend request',
  },
  // Team chat (channels of the business, direct messages between members) and the help chat's token
  'GET /chat': { id: 'getChatOverview', summary: "The caller's channels and direct messages, unread counts, members" },
  'GET /chat/unread/count': { id: 'countUnreadChat', summary: 'Unread chat messages of the caller, all channels' },
  'GET /chat/stream': {
    id: 'streamChat',
    summary: 'Live pushes while the chat panel is open (server-sent events)',
    binary: ['text/event-stream'],
  },
  'POST /chat/channels': { id: 'createChatChannel', summary: 'Create a channel' },
  'PATCH /chat/channels/:id': { id: 'updateChatChannel', summary: 'Rename or archive a channel (owners, admins)' },
  'POST /chat/dms': { id: 'openDirectMessage', summary: 'The direct message with another member' },
  'GET /chat/channels/:id/messages': { id: 'listChatMessages', summary: "A page of a channel's messages" },
  'POST /chat/channels/:id/messages': { id: 'postChatMessage', summary: 'Post a message' },
  'PATCH /chat/channels/:id/messages/:messageId': { id: 'editChatMessage', summary: "Edit the caller's message" },
  'DELETE /chat/channels/:id/messages/:messageId': { id: 'deleteChatMessage', summary: "Delete the caller's message" },
  'PUT /chat/channels/:id/read': { id: 'markChatChannelRead', summary: 'Mark a channel read' },
  'GET /intercom/jwt': { id: 'getIntercomJwt', summary: "The help chat's signed user token" },
  'GET /weather': { id: 'getWeather', summary: 'Current weather of a place (cached per location for 30 min)' },
  // Packages
  'GET /packages': { id: 'listPackages', summary: 'A page of packages' },
  'POST /packages': { id: 'createPackage', summary: 'Create a package of documents' },
  'GET /packages/:id': { id: 'getPackage', summary: 'One package with its steps' },
  'PUT /packages/:id': { id: 'updatePackage', summary: 'Change a package' },
  'DELETE /packages/:id': { id: 'deletePackage', summary: 'Delete a package' },
  'POST /packages/:id/send': { id: 'sendPackage', summary: 'Send a package and its documents to the client' },
  'GET /public/packages/:id': {
    id: 'viewSharedPackage',
    summary: 'A shared package, by its link token',
    public: 'the client opens the package link signed out; the unguessable token is the credential',
  },
  // Signature workflows (modules/signatures)
  'GET /signatures/workflows': {
    id: 'listSignatureWorkflows',
    summary: "A page of the business's signature workflows",
  },
  'POST /signatures/workflows': { id: 'createSignatureWorkflow', summary: 'A draft signature workflow for a contract' },
  'GET /signatures/workflows/by-document/:documentId': {
    id: 'getSignatureWorkflowByDocument',
    summary: "A document's latest signature workflow",
  },
  'GET /signatures/workflows/:id': { id: 'getSignatureWorkflow', summary: 'One workflow, its signers and audit trail' },
  'POST /signatures/workflows/:id/send': { id: 'sendSignatureWorkflow', summary: 'Send a workflow to its signers' },
  'POST /signatures/workflows/:id/remind': { id: 'remindSignatureWorkflow', summary: 'Remind the signers waiting' },
  'POST /signatures/workflows/:id/void': { id: 'voidSignatureWorkflow', summary: 'Void an open workflow' },
  'POST /signatures/workflows/:id/owner-consent': {
    id: 'consentAsBusinessOwner',
    summary: 'The business owner consents to sign electronically',
  },
  'POST /signatures/workflows/:id/owner-sign': { id: 'signAsBusinessOwner', summary: 'The business owner signs' },
  'GET /signatures/workflows/:id/signed-pdf': {
    id: 'getSignedPdf',
    summary: "A completed workflow's sealed PDF as base64",
  },
  'GET /signatures/workflows/:id/document': {
    id: 'getSignatureWorkflowDocument',
    summary: 'The contract as its signers see it (the snapshot taken at send)',
  },
  'GET /signatures/workflows/:id/document-pdf': {
    id: 'getSignatureWorkflowDocumentPdf',
    summary: "The contract's PDF as sent for signature, base64",
  },
  'GET /signatures/workflows/:id/verify': {
    id: 'verifySignatureWorkflow',
    summary: 'Check the sealed PDF and the audit chain again',
  },
  'GET /public/documents/:id/signing': {
    id: 'openSigningLink',
    summary: "What a signer sees, by their link's token",
    public: 'the signer opens their link signed out; the unguessable single-use token is the credential',
  },
  'GET /public/documents/:id/signing/pdf': {
    id: 'getSigningLinkPdf',
    summary: "The contract's PDF, by a signer's link token",
    public: 'the signer downloads the contract signed out; the unguessable single-use token is the credential',
  },
  'POST /public/documents/:id/signing/consent': {
    id: 'consentThroughSigningLink',
    summary: 'A signer consents to sign electronically, by their link token',
    public: 'the signer consents signed out; the unguessable single-use token is the credential',
  },
  'POST /public/documents/:id/signing/sign': {
    id: 'signThroughSigningLink',
    summary: 'A signer signs, by their link token',
    public: 'the signer signs signed out; the unguessable single-use token is the credential',
  },
  'POST /public/documents/:id/signing/decline': {
    id: 'declineThroughSigningLink',
    summary: 'A signer declines with a reason, by their link token',
    public: 'the signer declines signed out; the unguessable single-use token is the credential',
  },
  // Stripe and payments (modules/stripe, modules/payments)
  'GET /stripe/account-status': {
    id: 'getStripeAccountStatus',
    summary: "Whether Stripe is configured and the business's Stripe account connected",
  },
  'POST /stripe/connect': {
    id: 'connectStripeAccount',
    summary: "Start (or resume) the business's Stripe onboarding (owner or admin)",
  },
  'POST /stripe/refresh': { id: 'refreshStripeAccount', summary: "Read the connected account's flags from Stripe" },
  'DELETE /stripe/account': {
    id: 'disconnectStripeAccount',
    summary: "Forget the business's Stripe connection (owner or admin)",
  },
  'POST /stripe/webhook': {
    id: 'receiveStripeWebhook',
    summary: "Stripe's webhook deliveries (signature-verified, each event once)",
    public: 'Stripe calls it without a session; the signature over the raw body is the credential',
  },
  // The business's own plan through Stripe Billing (modules/subscriptions)
  'GET /subscription': { id: 'getSubscription', summary: "The business's plan, its subscription and the plans" },
  'GET /subscription/invoices': { id: 'listSubscriptionInvoices', summary: "The subscription's invoices (owners)" },
  'POST /subscription/checkout': {
    id: 'createSubscriptionCheckout',
    summary: "Stripe's hosted Checkout for a first paid plan (owners)",
  },
  'POST /subscription/change': {
    id: 'changeSubscriptionPlan',
    summary: 'Move to another paid plan, prorated (owners)',
  },
  'POST /subscription/cancel': { id: 'cancelSubscription', summary: 'Cancel at the end of the period (owners)' },
  'POST /subscription/resume': { id: 'resumeSubscription', summary: 'Take back a cancellation (owners)' },
  'POST /subscription/portal': { id: 'openBillingPortal', summary: "Stripe's billing page for the business (owners)" },
  'POST /subscription/webhook': {
    id: 'receiveBillingWebhook',
    summary: "Stripe Billing's webhook deliveries (signature-verified, each event once)",
    public: 'Stripe calls it without a session; the signature over the raw body is the credential',
  },
  'GET /payments': { id: 'listPayments', summary: "A page of the business's payments" },
  'POST /payments/:id/resolve': { id: 'resolveHeldPayment', summary: 'Apply or dismiss a payment held for review' },
  'POST /payments/:id/refund': { id: 'refundPayment', summary: 'Refund a card payment through Stripe' },
  'GET /documents/:id/payments': { id: 'listInvoicePayments', summary: "An invoice's payments and balance" },
  'GET /public/invoices/:id/payment': {
    id: 'viewInvoiceForPayment',
    summary: 'An invoice to pay, by its link token',
    public: 'the client pays signed out; the unguessable link token is the credential',
  },
  'POST /public/invoices/:id/checkout': {
    id: 'createInvoiceCheckout',
    summary: 'A Stripe Checkout Session for what is due on an invoice, by its link token',
    public: 'the client pays signed out; the unguessable link token is the credential',
  },
  'GET /public/documents/:id/signing/deposit': {
    id: 'getSigningDeposit',
    summary: "The invoice that goes with a contract, through the client's signing link (sign and pay from one link)",
    public: 'the signer opens their link signed out; the unguessable single-use token is the credential',
  },
  'GET /public/payments/status': {
    id: 'getPaymentStatus',
    summary: 'What became of a Checkout Session (read only)',
    public:
      "the success page after Stripe's Checkout; the session id and the payment's HMAC key in its URL are the credential",
  },
  'GET /email-templates': { id: 'listEmailTemplates', summary: "The business's email templates" },
  'POST /email-templates': { id: 'createEmailTemplate', summary: 'Save a new email template' },
  'GET /email-templates/:id': { id: 'getEmailTemplate', summary: 'An email template with its blocks' },
  'PUT /email-templates/:id': { id: 'updateEmailTemplate', summary: 'Change an email template' },
  'DELETE /email-templates/:id': { id: 'deleteEmailTemplate', summary: 'Delete an email template' },
  'GET /automations': { id: 'listAutomations', summary: "The business's automations" },
  'POST /automations': { id: 'createAutomation', summary: 'Save a new automation (trigger, conditions, steps)' },
  'GET /automations/:id': { id: 'getAutomation', summary: 'An automation' },
  'PUT /automations/:id': { id: 'updateAutomation', summary: 'Change an automation' },
  'DELETE /automations/:id': { id: 'deleteAutomation', summary: 'Delete an automation and its run history' },
  'GET /automations/:id/runs': {
    id: 'listAutomationRuns',
    summary: "An automation's run history, each step's result",
  },
  'GET /email-campaigns': { id: 'listEmailCampaigns', summary: "The business's email campaigns and their progress" },
  'POST /email-campaigns/audience-count': {
    id: 'countCampaignAudience',
    summary: 'How many addresses an audience gives (before sending)',
  },
  'POST /email-campaigns': { id: 'createEmailCampaign', summary: 'Create and queue an email campaign' },
  'GET /email-campaigns/:id': { id: 'getEmailCampaign', summary: 'An email campaign with its message and progress' },
  'GET /email-campaigns/:id/recipients': {
    id: 'listCampaignRecipients',
    summary: "A page of a campaign's recipients and their status",
  },
  'POST /email-campaigns/:id/cancel': { id: 'cancelEmailCampaign', summary: 'Stop a scheduled or sending campaign' },
  'POST /email-campaigns/:id/resume': { id: 'resumeEmailCampaign', summary: 'Resume a campaign that stopped' },
  'GET /public/unsubscribe/:token': {
    id: 'getUnsubscribe',
    summary: "What a campaign message's unsubscribe link is for",
    public: "a campaign's recipient opens the link signed out; the HMAC token is the credential",
  },
  'POST /public/unsubscribe/:token': {
    id: 'unsubscribe',
    summary: "Add the link's address to the business's unsubscribe list",
    public: "a recipient (or their mail client's one-click unsubscribe) signed out; the HMAC token is the credential",
  },
  // Communities and people (issue #20): platform-wide communities with posts and events; follows, friends, blocks
  'GET /communities': { id: 'listCommunities', summary: "Communities to discover, or the caller's own" },
  'POST /communities': { id: 'createCommunity', summary: 'Create a community (the caller owns it)' },
  'GET /communities/events': {
    id: 'searchCommunityEvents',
    summary: 'Events by title in the communities the caller may read (global search)',
  },
  'GET /communities/:id': { id: 'getCommunity', summary: "A community's about and the caller's standing" },
  'PUT /communities/:id': { id: 'updateCommunity', summary: 'Edit a community (owner and moderators)' },
  'DELETE /communities/:id': { id: 'deleteCommunity', summary: 'Delete a community (owner)' },
  'POST /communities/:id/cover': { id: 'uploadCommunityCover', summary: "Upload a community's cover image" },
  'DELETE /communities/:id/cover': { id: 'deleteCommunityCover', summary: "Remove a community's cover image" },
  'GET /communities/:id/cover': {
    id: 'getCommunityCover',
    summary: "A community's cover image",
    binary: IMAGE_TYPES,
  },
  'POST /communities/:id/join': {
    id: 'joinCommunity',
    summary: 'Join a community, or ask to join an approval-only one',
  },
  'POST /communities/:id/leave': { id: 'leaveCommunity', summary: 'Leave a community or withdraw a request' },
  'GET /communities/:id/members': {
    id: 'listCommunityMembers',
    summary: "A community's members (and pending requests for moderators)",
  },
  'PUT /communities/:id/members/:userId': {
    id: 'updateCommunityMember',
    summary: "Approve a request or set a member's role",
  },
  'DELETE /communities/:id/members/:userId': {
    id: 'removeCommunityMember',
    summary: 'Remove a member or turn a request down',
  },
  'GET /communities/:id/posts': { id: 'listCommunityPosts', summary: "A page of a community's feed" },
  'POST /communities/:id/posts': { id: 'createCommunityPost', summary: 'Publish a post in a community' },
  'DELETE /communities/:id/posts/:postId': {
    id: 'removeCommunityPost',
    summary: 'Remove a post (author or moderator)',
  },
  'PUT /communities/:id/posts/:postId/reaction': { id: 'reactToPost', summary: "Set the caller's reaction to a post" },
  'DELETE /communities/:id/posts/:postId/reaction': { id: 'unreactToPost', summary: "Take the caller's reaction back" },
  'GET /communities/:id/posts/:postId/comments': { id: 'listPostComments', summary: "A post's comments" },
  'POST /communities/:id/posts/:postId/comments': { id: 'createPostComment', summary: 'Comment on a post' },
  'DELETE /communities/:id/posts/:postId/comments/:commentId': {
    id: 'removePostComment',
    summary: 'Remove a comment (author or moderator)',
  },
  'GET /communities/:id/events': { id: 'listCommunityEvents', summary: "A community's events" },
  'POST /communities/:id/events': { id: 'createCommunityEvent', summary: 'Create an event (owner and moderators)' },
  'GET /communities/:id/events/:eventId': { id: 'getCommunityEvent', summary: 'One event with its RSVP counts' },
  'DELETE /communities/:id/events/:eventId': {
    id: 'deleteCommunityEvent',
    summary: 'Cancel an event (owner and moderators)',
  },
  'PUT /communities/:id/events/:eventId/rsvp': { id: 'rsvpCommunityEvent', summary: 'RSVP going or join the waitlist' },
  'DELETE /communities/:id/events/:eventId/rsvp': { id: 'cancelEventRsvp', summary: "Withdraw the caller's RSVP" },
  'GET /communities/:id/events/:eventId/ics': {
    id: 'getEventIcs',
    summary: 'The event as an iCalendar file',
    binary: ['text/calendar'],
  },
  // Marketplace (issue #20 §3–4): listings in communities, images, Checkout purchases, reviews and their moderation
  'GET /marketplace/listings': { id: 'searchListings', summary: 'Search the listings the caller may see' },
  'GET /marketplace/listings/mine': { id: 'listMyListings', summary: "The caller's own listings" },
  'POST /marketplace/listings': { id: 'createListing', summary: 'List a service or product in a community' },
  'GET /marketplace/listings/:id': { id: 'getListing', summary: 'A listing with its images and rating' },
  'PUT /marketplace/listings/:id': { id: 'updateListing', summary: 'Edit a listing (its seller)' },
  'DELETE /marketplace/listings/:id': { id: 'deleteListing', summary: 'Delete (archive) a listing (its seller)' },
  'GET /marketplace/listings/:id/images': { id: 'listListingImages', summary: "A listing's images" },
  'POST /marketplace/listings/:id/images': { id: 'uploadListingImage', summary: 'Add an image to a listing' },
  'GET /marketplace/listings/:id/images/:imageId': {
    id: 'getListingImage',
    summary: "A listing image's bytes",
    binary: IMAGE_TYPES,
  },
  'DELETE /marketplace/listings/:id/images/:imageId': { id: 'deleteListingImage', summary: 'Remove a listing image' },
  'POST /marketplace/listings/:id/checkout': {
    id: 'startListingCheckout',
    summary: 'Buy a listing through Stripe Checkout',
  },
  'GET /marketplace/purchases': { id: 'listPurchases', summary: "The caller's purchases" },
  'GET /marketplace/sales': { id: 'listSales', summary: "The caller's sales" },
  'GET /marketplace/transactions/:id': { id: 'getMarketTransaction', summary: 'A purchase or sale with its receipt' },
  'POST /marketplace/transactions/:id/review': { id: 'createReview', summary: 'Review a completed purchase' },
  'GET /marketplace/listings/:id/reviews': { id: 'listListingReviews', summary: "A listing's reviews" },
  'GET /marketplace/users/:userId/reviews': { id: 'listSellerReviews', summary: "A seller's reviews" },
  'GET /marketplace/reviews/moderation': { id: 'listReviewsToModerate', summary: 'Reported or hidden reviews' },
  'PUT /marketplace/reviews/:id/answer': { id: 'answerReview', summary: "The seller's answer to a review" },
  'POST /marketplace/reviews/:id/report': { id: 'reportReview', summary: 'Report a review to the moderators' },
  'POST /marketplace/reviews/:id/hide': { id: 'hideReview', summary: 'Hide a review (community moderators)' },
  'POST /marketplace/reviews/:id/restore': { id: 'restoreReview', summary: 'Restore a hidden review' },
  'GET /users/:id/profile': {
    id: 'getPersonProfile',
    summary: "A user's profile page: counts, communities, the caller's relation to them",
  },
  'GET /users/:id/friends': { id: 'listUserFriends', summary: "A user's friends" },
  'GET /users/:id/followers': { id: 'listUserFollowers', summary: 'Who follows a user' },
  'GET /users/:id/following': { id: 'listUserFollowing', summary: 'Whom a user follows' },
  'POST /users/:id/follow': { id: 'followUser', summary: 'Follow a user' },
  'DELETE /users/:id/follow': { id: 'unfollowUser', summary: 'Unfollow a user' },
  'POST /users/:id/friend-request': {
    id: 'sendFriendRequest',
    summary: 'Ask a user to be friends (or accept their request)',
  },
  'DELETE /users/:id/friend': { id: 'removeFriend', summary: 'End a friendship, withdraw or turn down a request' },
  'POST /users/:id/block': { id: 'blockUser', summary: 'Block a user' },
  'DELETE /users/:id/block': { id: 'unblockUser', summary: 'Unblock a user' },
} satisfies Record<`${HttpMethod} /${string}`, OperationDeclaration>;

export type OperationKey = keyof typeof API_OPERATIONS;

/** The declaration of `METHOD /path` (path under /api/v1, as registered), if any. */
export function operationOf(method: string, path: string): OperationDeclaration | undefined {
  const key = `${method} ${path.length > 1 ? path.replace(/\/+$/, '') : path}`;
  return (API_OPERATIONS as Record<string, OperationDeclaration>)[key];
}
