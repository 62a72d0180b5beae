import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import sanitizeHtml from 'sanitize-html';
import type { OutgoingMail } from '../../lib/mail-sender-port';
import type { GmailMessageResource } from './gmail-api';

/**
 * An email's HTML reduced to what a mail client shows safely: formatting, tables, links (http/https/mailto) and https
 * or inline images; scripts, styles, forms, frames and event handlers go (with their content where it is code).
 */
const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'center'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    table: ['width', 'align', 'cellpadding', 'cellspacing', 'border'],
    '*': ['style', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'cid'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^[#\w\s(),.%]+$/],
      'background-color': [/^[#\w\s(),.%]+$/],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|%|pt)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^[\w\s-]+$/],
      padding: [/^[\d\s.pxem%]+$/],
      margin: [/^[\d\s.pxem%auto]+$/],
      width: [/^\d+(\.\d+)?(px|%)$/],
    },
  },
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
