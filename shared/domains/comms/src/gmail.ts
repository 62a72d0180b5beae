import * as z from 'zod';
import { emailError } from '@atrium/contracts';

/**
 * Gmail (issue #19 §3, docs/requirements.md "Gmail"): the signed-in member's own mailbox connected in their current
 * business, the project emails sent from it, and the texts the browser says.
 *
 * - not_configured: the installation has no Google client (GOOGLE_CLIENT_ID/SECRET): nothing can be connected;
 * - not_connected: the member has not connected Gmail (or disconnected it);
 * - connected: emails go out from it and replies on project threads come in;
 * - reconnect: Google no longer accepts the access it gave (revoked): nothing is sent until the member connects again.
 */
export const GMAIL_STATES = ['not_configured', 'not_connected', 'connected', 'reconnect'] as const;
export type GmailState = (typeof GMAIL_STATES)[number];

export const gmailStatusSchema = z.object({
  configured: z.boolean(),
  state: z.enum(GMAIL_STATES),
  /** The spec's field: true only when sending works now (state connected). */
  connected: z.boolean(),
  /** The connected Google account's address. */
  email: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type GmailStatus = z.infer<typeof gmailStatusSchema>;

/** Where the member connected from, and where Google's redirect brings them back. */
export const GMAIL_ORIGINS = ['profile', 'emails', 'campaign'] as const;
export type GmailOrigin = (typeof GMAIL_ORIGINS)[number];
export const GMAIL_RETURN_PATHS = {
  profile: '/settings/profile/integrations',
  emails: '/emails',
  campaign: '/emails/campaigns/create',
} as const satisfies Record<GmailOrigin, string>;
export const gmailConnectQuerySchema = z.object({ from: z.enum(GMAIL_ORIGINS).default('profile') });

/** The callback's result, sent back to the return path with ?gmail=<result>. */
export const GMAIL_RESULTS = ['connected', 'denied', 'failed', 'not_configured'] as const;
export type GmailResult = (typeof GMAIL_RESULTS)[number];
export const GMAIL_RESULT_PARAM = 'gmail';

/** Gmail's own limits: the whole encoded message, recipients per message. */
export const GMAIL_MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
export const GMAIL_MAX_RECIPIENTS = 100;
/** One attachment (before base64) and how many per email. */
export const GMAIL_MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
export const GMAIL_MAX_ATTACHMENTS = 10;
/** Files Gmail itself refuses to send (executables and scripts), by extension. */
export const GMAIL_BLOCKED_EXTENSIONS = [
  'ade',
  'adp',
  'apk',
  'appx',
  'bat',
  'cab',
  'chm',
  'cmd',
  'com',
  'cpl',
  'dll',
  'dmg',
  'exe',
  'hta',
  'ins',
  'isp',
  'iso',
  'jar',
  'js',
  'jse',
  'lib',
  'lnk',
  'mde',
  'msc',
  'msi',
  'msp',
  'mst',
  'nsh',
  'pif',
  'ps1',
  'scr',
  'sct',
  'shb',
  'sys',
  'vb',
  'vbe',
  'vbs',
  'vxd',
  'wsc',
  'wsf',
  'wsh',
] as const;

export const GMAIL_MESSAGES = {
  title: 'Gmail',
  notConfigured: 'Gmail is not set up in this installation.',
  notConfiguredHint: 'An administrator sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to make it available.',
  notConnected: 'Connect your Google Workspace mailbox to send emails to clients from your own address.',
  connectedAs: (email: string | null) => (email ? `Connected as ${email}` : 'Connected'),
  reconnect: 'Google no longer accepts Atrium’s access to your mailbox. Reconnect to send emails again.',
  connect: 'Connect Gmail',
  reconnectButton: 'Reconnect Gmail',
  disconnect: 'Disconnect',
  disconnected: 'Gmail disconnected',
  statusFailed: 'Failed to fetch Gmail integration status',
  disconnectFailed: 'Failed to disconnect Gmail integration',
  sendFailed: 'Failed to send email',
  sent: 'Email sent',
  notConnectedError: 'Connect Gmail first.',
  reconnectError: 'Reconnect Gmail first: Google no longer accepts Atrium’s access to your mailbox.',
  rateLimited: 'Gmail is busy or over its sending limit. Please try again in a few minutes.',
  unavailable: 'Gmail did not answer. Please try again.',
  sendUnknown:
    'Gmail did not confirm the email. It may have been sent: check your Gmail Sent folder before sending it again.',
  tooLarge: 'This email is larger than Gmail’s 25 MB limit. Remove an attachment and try again.',
  tooManyRecipients: `An email can have at most ${GMAIL_MAX_RECIPIENTS} recipients.`,
  blockedAttachment: (name: string) => `Gmail does not allow this kind of file: ${name}`,
  gateTitle: 'Connect Google Workspace to continue',
  gateCancel: 'Cancel',
  gateConnect: 'Connect Gmail',
  noEmails: 'No emails yet',
  emailsFailed: 'Failed to load emails',
  imagesHidden: 'Images in this email are hidden to protect your privacy.',
  showImages: 'Show images',
  results: {
    connected: 'Gmail connected',
    denied: 'Gmail was not connected: access was not granted.',
    failed: 'Gmail could not be connected. Please try again.',
    not_configured: 'Gmail is not set up in this installation.',
  } satisfies Record<GmailResult, string>,
} as const;

/** The same email rules and messages as everywhere (contracts' emailError; the browser's zod has no z.email). */
const address = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = emailError(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** A header value: no line breaks (header injection). */
const headerText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !/[\r\n]/.test(v), { message: 'Must be one line' });

export const gmailAttachmentSchema = z.object({
  filename: headerText(255)
    .min(1)
    .refine((name) => !GMAIL_BLOCKED_EXTENSIONS.includes(name.split('.').pop()?.toLowerCase() as never), {
      message: 'Gmail does not allow this kind of file',
    }),
  contentType: z
    .string()
    .trim()
    .max(255)
    .regex(/^[\w.+-]+\/[\w.+-]+$/, { message: 'Not a content type' }),
  /** The file's bytes, base64. */
  contentBase64: z
    .string()
    .max(Math.ceil((GMAIL_MAX_ATTACHMENT_BYTES * 4) / 3) + 4, { message: 'Attachment too large' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'Not base64' }),
});
export type GmailAttachmentInput = z.infer<typeof gmailAttachmentSchema>;

/** POST /integrations/gmail/send. */
export const gmailSendSchema = z
  .object({
    recipients: z.array(address).min(1, { message: 'Add at least one recipient' }).max(GMAIL_MAX_RECIPIENTS, {
      message: GMAIL_MESSAGES.tooManyRecipients,
    }),
    subject: headerText(500).min(1, { message: 'Subject is required' }),
    /** HTML; sanitised on the server. */
    body: z.string().max(2_000_000).min(1, { message: 'Message is required' }),
    projectId: z.string().min(1).max(100).nullish(),
    threadId: z.string().min(1).max(100).nullish(),
    inReplyTo: headerText(998).nullish(),
    attachments: z.array(gmailAttachmentSchema).max(GMAIL_MAX_ATTACHMENTS).default([]),
  })
  .refine((v) => !v.threadId || v.projectId, { message: 'A reply belongs to a project', path: ['projectId'] });
export type GmailSendInput = z.input<typeof gmailSendSchema>;

export const gmailSentSchema = z.object({ messageId: z.string(), threadId: z.string() });
export type GmailSent = z.infer<typeof gmailSentSchema>;

export const gmailMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['sent', 'received']),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  /** Sanitised HTML; a received email's remote images carry their address in data-remote-src (not loaded). */
  bodyHtml: z.string(),
  /** How many remote images of a received email are held back until the member asks ("Show images"). */
  remoteImages: z.number(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  sentAt: z.string(),
  /** The RFC 822 Message-ID, for a reply's inReplyTo. */
  rfcMessageId: z.string().nullable(),
});
export type GmailMessage = z.infer<typeof gmailMessageSchema>;

export const gmailThreadSchema = z.object({
  threadId: z.string(),
  subject: z.string(),
  lastMessageAt: z.string(),
  messages: z.array(gmailMessageSchema),
});
export type GmailThread = z.infer<typeof gmailThreadSchema>;
