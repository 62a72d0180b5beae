import * as z from 'zod';
import { CONTACT_STATUSES, paginationSchema } from '@atrium/contracts';
import { escapeHtml, mergeTagsIn, resolveMergeTags, type MergeTagContext } from '@atrium/contracts/merge-tags';

/**
 * Email templates and campaigns (issue #19 §4, docs/requirements.md "Email templates and campaigns").
 *
 * A template is a list of blocks (heading, text, button, image, divider, spacer) the email-design editor arranges;
 * the email's HTML is rendered from the blocks by `renderEmailHtml` — the same function in the editor's preview and
 * on the server — so no HTML is taken from the browser except a text block's rich text, which the server sanitises.
 * The plain-text part is generated from the blocks (`renderEmailText`) unless the author edited it.
 *
 * A campaign copies a template's subject, HTML and text when it is created (later edits of the template do not
 * change a campaign already sent), picks its audience from contact groups, tags and status, and is sent one message
 * per recipient from the sender's connected Gmail.
 */

// ---------------------------------------------------------------------------------------------------------------
// Texts

export const CAMPAIGN_MESSAGES = {
  templateNameRequired: 'Template name is required',
  subjectRequired: 'Subject is required',
  blocksRequired: 'Add at least one block',
  campaignNameRequired: 'Campaign name is required',
  templateRequired: 'Choose a template',
  templateNotFound: 'Template not found',
  campaignNotFound: 'Campaign not found',
  noRecipients:
    'This campaign has no recipients: no contact with an email address matches the audience (unsubscribed contacts are left out)',
  unknownMergeTag: (tags: string[]) =>
    `Unknown merge tag${tags.length > 1 ? 's' : ''}: ${tags.map((t) => `{{${t}}}`).join(', ')}. Use one of the listed tags.`,
  sendAtPast: 'The scheduled time must be in the future',
  gmailNotConnected: 'Connect Google Workspace to send campaigns',
  tooLarge: 'This email is larger than Gmail accepts (25 MB)',
  notCancellable: 'Only a scheduled or sending campaign can be cancelled',
  notResumable: 'Only a stopped campaign can be resumed',
  notYourCampaign: 'Only the campaign’s sender or an owner or admin can cancel or resume it',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  unsubscribed: 'You have been unsubscribed',
  loadFailed: 'Failed to load campaigns',
  templatesLoadFailed: 'Failed to load templates',
  saveFailed: 'Failed to save template',
  sendFailed: 'Failed to send campaign',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Merge tags: a campaign knows its contact and the business, nothing else.

export const CAMPAIGN_MERGE_TAGS = [
  { tag: 'contact.firstName', label: 'Contact first name' },
  { tag: 'contact.lastName', label: 'Contact last name' },
  { tag: 'contact.fullName', label: 'Contact full name' },
  { tag: 'contact.email', label: 'Contact email' },
  { tag: 'contact.phone', label: 'Contact phone' },
  { tag: 'contact.company', label: 'Contact company' },
  { tag: 'business.name', label: 'Business name' },
] as const;
const KNOWN_TAGS = new Set<string>(CAMPAIGN_MERGE_TAGS.map((t) => t.tag));

/** The tags of `texts` a campaign cannot fill (each once): these are refused before anything is sent. */
export function unknownMergeTags(...texts: string[]): string[] {
  const out: string[] = [];
  for (const text of texts)
    for (const tag of mergeTagsIn(text)) if (!KNOWN_TAGS.has(tag) && !out.includes(tag)) out.push(tag);
  return out;
}

/** A campaign message's texts for one recipient (values HTML-escaped in the HTML). */
export function personalise(
  parts: { subject: string; html: string; text: string },
  context: MergeTagContext,
): { subject: string; html: string; text: string } {
  return {
    subject: resolveMergeTags(parts.subject, context).text,
    html: resolveMergeTags(parts.html, context, { html: true }).text,
    text: resolveMergeTags(parts.text, context).text,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Blocks

const trimmed = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/** http(s) links only (a javascript: or data: link never reaches a message); merge tags allowed inside. */
const linkSchema = z
  .string()
  .trim()
  .max(2000, 'At most 2000 characters')
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^mailto:[^\s]+$/i.test(v), 'Enter a link starting with https://');
/** No transform: the same schema describes the answers, which are encoded (lib/serializer.ts). */
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be like #228be6');
const alignSchema = z.enum(['left', 'center', 'right']).default('left');

export const EMAIL_BLOCK_TYPES = ['heading', 'text', 'button', 'image', 'divider', 'spacer'] as const;
export type EmailBlockType = (typeof EMAIL_BLOCK_TYPES)[number];

const blockId = z.string().trim().min(1).max(64);
export const emailBlockSchema = z.discriminatedUnion('type', [
  z.object({
    id: blockId,
    type: z.literal('heading'),
    text: trimmed(300).min(1, 'Heading text is required'),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    align: alignSchema,
  }),
  /** Rich text from the editor (paragraphs, bold, italic, links, lists); sanitised on the server. */
  z.object({
    id: blockId,
    type: z.literal('text'),
    html: z.string().max(50_000, 'Text is too long'),
    align: alignSchema,
  }),
  z.object({
    id: blockId,
    type: z.literal('button'),
    label: trimmed(100).min(1, 'Button label is required'),
    url: linkSchema,
    color: colorSchema.default('#228be6'),
    align: alignSchema,
  }),
  z.object({
    id: blockId,
    type: z.literal('image'),
    src: linkSchema,
    alt: trimmed(300).default(''),
    width: z.number().int().min(16).max(600).default(600),
    align: alignSchema,
  }),
  z.object({ id: blockId, type: z.literal('divider') }),
  z.object({ id: blockId, type: z.literal('spacer'), height: z.number().int().min(4).max(120).default(24) }),
]);
export type EmailBlockInput = z.input<typeof emailBlockSchema>;
export type EmailBlock = z.output<typeof emailBlockSchema>;

export const EMAIL_MAX_BLOCKS = 100;

// ---------------------------------------------------------------------------------------------------------------
// Rendering (editor preview and server, the same bytes)

/** The text of a block's rich-text HTML (tags dropped, entities of the common five decoded, paragraphs as lines). */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\s*\/\s*(p|div|h[1-6]|li|tr)\s*>/gi, '\n')
    .replace(/<\s*li[^>]*>/gi, '- ')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) =>
      label.replace(/<[^>]*>/g, '').trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#212529;';
const attr = (v: string) => escapeHtml(v);

function blockHtml(block: EmailBlock): string {
  switch (block.type) {
    case 'heading': {
      const size = { 1: 28, 2: 22, 3: 18 }[block.level];
      return `<h${block.level} style="${FONT}margin:0 0 12px;font-size:${size}px;line-height:1.3;text-align:${block.align};">${escapeHtml(block.text)}</h${block.level}>`;
    }
    case 'text':
      return `<div style="${FONT}font-size:16px;line-height:1.5;margin:0 0 12px;text-align:${block.align};">${block.html}</div>`;
    case 'button':
      return `<div style="margin:16px 0;text-align:${block.align};"><a href="${attr(block.url)}" style="${FONT}display:inline-block;background:${block.color};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-size:16px;font-weight:bold;">${escapeHtml(block.label)}</a></div>`;
    case 'image':
      return `<div style="margin:0 0 12px;text-align:${block.align};"><img src="${attr(block.src)}" alt="${attr(block.alt)}" width="${block.width}" style="max-width:100%;height:auto;border:0;" /></div>`;
    case 'divider':
      return '<hr style="border:0;border-top:1px solid #dee2e6;margin:16px 0;" />';
    case 'spacer':
      return `<div style="height:${block.height}px;line-height:${block.height}px;">&nbsp;</div>`;
  }
}

/** The email's HTML: a 600 px column of the blocks (tables-free, inline styles: what mail clients render). */
export function renderEmailHtml(blocks: readonly EmailBlock[]): string {
  return (
    '<div style="background:#f1f3f5;padding:24px 0;">' +
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;">' +
    blocks.map(blockHtml).join('') +
    '</div></div>'
  );
}

/** The generated plain-text part. */
export function renderEmailText(blocks: readonly EmailBlock[]): string {
  const parts: string[] = [];
  for (const b of blocks) {
    if (b.type === 'heading') parts.push(b.text);
    else if (b.type === 'text') parts.push(htmlToText(b.html));
    else if (b.type === 'button') parts.push(`${b.label}: ${b.url}`);
    else if (b.type === 'image' && b.alt) parts.push(`[${b.alt}]`);
    else if (b.type === 'divider') parts.push('----');
  }
  return parts.filter((p) => p.trim()).join('\n\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Templates

export const emailTemplateInputSchema = z.object({
  name: z.string().trim().min(1, CAMPAIGN_MESSAGES.templateNameRequired).max(200, 'At most 200 characters'),
  subject: z.string().trim().min(1, CAMPAIGN_MESSAGES.subjectRequired).max(300, 'At most 300 characters'),
  blocks: z
    .array(emailBlockSchema)
    .min(1, CAMPAIGN_MESSAGES.blocksRequired)
    .max(EMAIL_MAX_BLOCKS, `At most ${EMAIL_MAX_BLOCKS} blocks`),
  /** The author's own plain-text part; null = generated from the blocks. */
  text: z.string().max(100_000, 'Text is too long').nullable().default(null),
});
export type EmailTemplateInput = z.input<typeof emailTemplateInputSchema>;
export type EmailTemplateData = z.output<typeof emailTemplateInputSchema>;

export const emailTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  blocks: z.array(emailBlockSchema),
  html: z.string(),
  text: z.string(),
  /** The plain-text part was written by hand (not generated). */
  textEdited: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.output<typeof emailTemplateSchema>;

export const emailTemplateSummarySchema = emailTemplateSchema.pick({
  _id: true,
  name: true,
  subject: true,
  createdAt: true,
  updatedAt: true,
});
export type EmailTemplateSummary = z.output<typeof emailTemplateSummarySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Campaigns

/** Contacts in ANY of the groups, OR with ANY of the tags (none of either: every contact), narrowed by status. */
export const campaignAudienceSchema = z.object({
  groupIds: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  tagIds: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  status: z.enum(CONTACT_STATUSES).nullable().default(null),
});
export type CampaignAudienceInput = z.input<typeof campaignAudienceSchema>;
export type CampaignAudience = z.output<typeof campaignAudienceSchema>;

export const audienceCountSchema = z.object({
  /** Who would receive it now (unsubscribed addresses left out, one message per address). */
  recipients: z.number().int(),
  /** Matching contacts left out because they unsubscribed. */
  unsubscribed: z.number().int(),
});
export type AudienceCount = z.output<typeof audienceCountSchema>;

export const campaignInputSchema = z.object({
  name: z.string().trim().min(1, CAMPAIGN_MESSAGES.campaignNameRequired).max(200, 'At most 200 characters'),
  templateId: z.string().trim().min(1, CAMPAIGN_MESSAGES.templateRequired).max(100),
  /** The subject line; empty = the template's. */
  subject: z.string().trim().max(300, 'At most 300 characters').default(''),
  audience: campaignAudienceSchema,
  /** null = send now; otherwise an ISO time in the future. */
  sendAt: z.iso.datetime({ offset: true, error: 'Enter a date and time' }).nullable().default(null),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignData = z.output<typeof campaignInputSchema>;

export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A recipient's status: queued (waiting), sending (claimed by the sender: the send is under way), sent, failed (Gmail
 * refused it for good, or the campaign was cancelled before it), bounced (a delivery failure came back), unknown (the
 * sender stopped between claiming and recording: it may or may not have gone out, and is never sent again).
 */
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed', 'bounced', 'unknown'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const campaignCountsSchema = z.object(
  Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, z.number().int()])) as Record<RecipientStatus, z.ZodNumber>,
);
export type CampaignCounts = z.output<typeof campaignCountsSchema>;

export const campaignSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  templateId: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  audience: campaignAudienceSchema,
  sendAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why the campaign stopped (failed), or what it waits for (the daily limit). */
  note: z.string().nullable(),
  sender: z.object({ _id: z.string(), name: z.string() }),
  total: z.number().int(),
  counts: campaignCountsSchema,
  createdAt: z.string(),
});
export type Campaign = z.output<typeof campaignSchema>;

export const campaignDetailSchema = campaignSchema.extend({ html: z.string(), text: z.string() });
export type CampaignDetail = z.output<typeof campaignDetailSchema>;

export const campaignRecipientSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  contactId: z.string().nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type CampaignRecipient = z.output<typeof campaignRecipientSchema>;

export const campaignRecipientsQuerySchema = z.object({
  status: z.enum(RECIPIENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CampaignRecipientsQuery = z.input<typeof campaignRecipientsQuerySchema>;

export const campaignRecipientsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(campaignRecipientSchema),
  pagination: paginationSchema,
});

/** What the public unsubscribe page shows. */
export const unsubscribeInfoSchema = z.object({
  businessName: z.string(),
  email: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.output<typeof unsubscribeInfoSchema>;

/** The public page a message's unsubscribe link opens (and the API path List-Unsubscribe's one-click POST reaches). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
