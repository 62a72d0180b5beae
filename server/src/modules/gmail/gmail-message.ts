import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import sanitizeHtml from 'sanitize-html';
import type { OutgoingMail } from '../../lib/mail-sender-port';
import type { GmailMessageResource } from './gmail-api';

/**
 * A CSS value an email may keep: colours, lengths, keywords, font lists. Never a function that loads or runs
 * something (url(), image-set(), expression(), var(), attr(), env()…: only rgb/rgba/hsl/hsla colours are functions
 * here), nor an escape, a comment, quotes other than a font name's, or anything that ends the declaration.
 */
const CSS_VALUE = /^(?:[#\w\s.,%+-]|(?:rgba?|hsla?)\([\d\s.,%]+\)|'[\w\s-]+'|"[\w\s-]+")+$/i;
const LENGTHS = /^(?:(?:-?\d+(?:\.\d+)?(?:px|em|rem|%|pt)?|auto)\s*){1,4}$/i;
const LENGTH = /^(?:\d+(?:\.\d+)?(?:px|em|rem|%|pt)?|auto|normal)$/i;
const BORDER =
  /^(?:(?:\d+(?:\.\d+)?(?:px|em|pt)?|none|solid|dashed|dotted|double|#[0-9a-f]{3,8}|[a-z]+|(?:rgba?|hsla?)\([\d\s.,%]+\))\s*){1,3}$/i;

/**
 * The inline styles a message keeps (issue #19 review, finding 4): everything the template renderer
 * (renderEmailHtml: button background and shape, the 600 px column, fonts, the divider and spacer) and ordinary mail
 * use — colours, backgrounds as colours, boxes, borders, type — and nothing that loads a resource (url()),
 * positions over the page (position, z-index, transform) or runs code (expression, behavior).
 */
const STYLE_RULES: Record<string, RegExp[]> = {
  color: [CSS_VALUE],
  background: [CSS_VALUE],
  'background-color': [CSS_VALUE],
  'text-align': [/^(left|right|center|justify)$/],
  'vertical-align': [/^(top|middle|bottom|baseline)$/],
  'font-family': [CSS_VALUE],
  'font-size': [LENGTH],
  'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
  'font-style': [/^(normal|italic)$/],
  'line-height': [LENGTH],
  'letter-spacing': [LENGTH],
  'text-decoration': [/^[\w\s-]+$/],
  'text-transform': [/^(none|uppercase|lowercase|capitalize)$/],
  'white-space': [/^(normal|nowrap|pre|pre-wrap|pre-line)$/],
  'word-break': [/^(normal|break-all|break-word|keep-all)$/],
  display: [/^(block|inline|inline-block|table|table-row|table-cell|none)$/],
  'border-collapse': [/^(collapse|separate)$/],
  'border-radius': [LENGTHS],
  width: [LENGTH],
  'max-width': [LENGTH],
  'min-width': [LENGTH],
  height: [LENGTH],
  'max-height': [LENGTH],
  'min-height': [LENGTH],
  ...Object.fromEntries(
    ['padding', 'margin'].flatMap((box) =>
      ['', '-top', '-right', '-bottom', '-left'].map((side) => [`${box}${side}`, [LENGTHS]]),
    ),
  ),
  ...Object.fromEntries(['', '-top', '-right', '-bottom', '-left'].map((side) => [`border${side}`, [BORDER]])),
  'border-color': [CSS_VALUE],
  'border-style': [/^(none|solid|dashed|dotted|double)$/],
  'border-width': [LENGTHS],
};

/**
 * An email's HTML reduced to what a mail client shows safely: formatting, tables, links (http/https/mailto), http(s)
 * or inline images and the inline styles above; scripts, style sheets, forms, frames and event handlers go (with
 * their content where it is code).
 */
const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'center'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'bgcolor'],
    table: ['width', 'align', 'cellpadding', 'cellspacing', 'border', 'bgcolor'],
    '*': ['style', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': STYLE_RULES },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'head'],
  transformTags: {
    a: (_tag, attribs): sanitizeHtml.Tag => ({
      tagName: 'a',
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, EMAIL_HTML).trim();
}

/**
 * A received email as the app shows it first (review finding 15): its remote images do not load — a tracking pixel
 * would tell the sender when and where a member read it — until the member asks. Each http(s) `src` moves to
 * `data-remote-src` (the page puts it back on "Show images"); inline (cid:) images stay. Takes sanitised HTML.
 */
export function blockRemoteImages(html: string): { html: string; remoteImages: number } {
  if (!/<img\b/i.test(html)) return { html, remoteImages: 0 };
  let remoteImages = 0;
  const out = sanitizeHtml(html, {
    ...EMAIL_HTML,
    allowedAttributes: {
      ...(EMAIL_HTML.allowedAttributes as Record<string, string[]>),
      img: ['src', 'data-remote-src', 'alt', 'title', 'width', 'height'],
    },
    transformTags: {
      ...EMAIL_HTML.transformTags,
      img: (_tag, attribs): sanitizeHtml.Tag => {
        const { src, ...rest } = attribs;
        if (!src || !/^https?:/i.test(src)) return { tagName: 'img', attribs };
        remoteImages++;
        return { tagName: 'img', attribs: { ...rest, 'data-remote-src': src } };
      },
    },
  }).trim();
  return { html: out, remoteImages };
}

/** The plain-text part of an HTML body: block ends become line breaks, tags go, entities are decoded. */
export function textOfHtml(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|blockquote)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ');
  const text = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'head', 'title'],
  });
  return text
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

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/**
 * The RFC 822 message Gmail's messages.send takes: multipart/alternative (plain text + the sanitised HTML), attachments,
 * our Message-ID, In-Reply-To/References for a reply, and the caller's extra headers. The HTML must be sanitised.
 */
export async function composeMessage(
  from: string | null,
  mail: OutgoingMail & { html: string },
): Promise<{ raw: Buffer; rfcMessageId: string }> {
  const rfcMessageId = `<${randomBytes(16).toString('hex')}@atrium.mail>`;
  const info = await composer.sendMail({
    ...(from ? { from } : {}),
    to: mail.to,
    ...(mail.cc?.length ? { cc: mail.cc } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text ?? textOfHtml(mail.html),
    messageId: rfcMessageId,
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo, references: [mail.inReplyTo] } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    attachments: (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
    // The envelope is Gmail's business; the stream transport only needs one.
    envelope: { from: from ?? 'me@gmail.invalid', to: [...mail.to, ...(mail.cc ?? [])] },
  });
  return { raw: info.message as Buffer, rfcMessageId };
}

type Part = NonNullable<GmailMessageResource['payload']>;

function headerOf(part: Part | undefined, name: string): string | null {
  const h = part?.headers?.find((x) => x.name?.toLowerCase() === name.toLowerCase());
  return h?.value ?? null;
}

function bodyOf(part: Part, mime: string): string | null {
  if (part.mimeType === mime && !part.filename && part.body?.data) {
    return Buffer.from(part.body.data, 'base64url').toString('utf8');
  }
  for (const p of part.parts ?? []) {
    const found = bodyOf(p, mime);
    if (found !== null) return found;
  }
  return null;
}

function attachmentsOf(part: Part): { filename: string; contentType: string; size: number }[] {
  const own = part.filename
    ? [
        {
          filename: part.filename,
          contentType: part.mimeType ?? 'application/octet-stream',
          size: part.body?.size ?? 0,
        },
      ]
    : [];
  return [...own, ...(part.parts ?? []).flatMap(attachmentsOf)];
}

/** "Ada <ada@x.example>, bob@y.example" → the addresses, lower-cased. */
export function addressesOf(value: string | null): string[] {
  if (!value) return [];
  return [...value.matchAll(/[^\s<>,;"']+@[^\s<>,;"']+/g)].map((m) => m[0].toLowerCase());
}

export interface ReadMessage {
  gmailMessageId: string;
  gmailThreadId: string;
  rfcMessageId: string | null;
  fromAddress: string;
  toAddresses: string[];
  ccAddresses: string[];
  subject: string;
  bodyHtml: string;
  attachments: { filename: string; contentType: string; size: number }[];
  sentAt: Date;
  sentByMailbox: boolean;
}

/** A message of format full as what a project's email tab keeps (the HTML sanitised; plain text escaped). */
export function readMessage(m: GmailMessageResource): ReadMessage | null {
  if (!m.id || !m.threadId || !m.payload) return null;
  const p = m.payload;
  const html = bodyOf(p, 'text/html');
  const text = html === null ? bodyOf(p, 'text/plain') : null;
  const body = html !== null ? html : `<p>${escapeHtml(text ?? '').replace(/\n/g, '<br>')}</p>`;
  const date = Number(m.internalDate);
  return {
    gmailMessageId: m.id,
    gmailThreadId: m.threadId,
    rfcMessageId: headerOf(p, 'Message-ID') ?? headerOf(p, 'Message-Id'),
    fromAddress: (headerOf(p, 'From') ?? '').slice(0, 500),
    toAddresses: addressesOf(headerOf(p, 'To')),
    ccAddresses: addressesOf(headerOf(p, 'Cc')),
    subject: (headerOf(p, 'Subject') ?? '').slice(0, 998),
    bodyHtml: sanitizeEmailHtml(body),
    attachments: attachmentsOf(p),
    sentAt: Number.isFinite(date) && date > 0 ? new Date(date) : new Date(),
    sentByMailbox: (m.labelIds ?? []).includes('SENT'),
  };
}
