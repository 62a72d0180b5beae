import type { MailMessage } from '../../lib/mail';

/** The signature e-mails: plain text plus a simple HTML version (values escaped). */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function html(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
${body}
<p style="margin:24px 0 0;color:#868e96;font-size:13px">— Atrium</p>
</body></html>`;
}

export interface SigningMailInput {
  to: string;
  signerName: string;
  businessName: string;
  documentTitle: string;
  link: string;
  expiresAt: Date;
  message: string;
  /** A reminder says so in its subject and first line. */
  reminder?: boolean;
}

/**
 * The invitation (and each reminder) to sign, with the signer's own link. The line `Sign here: <link>` is what
 * tools reading the outbox (the e2e tests) look for; keep it.
 */
export function signingInvitationMail(input: SigningMailInput): MailMessage {
  const from = input.businessName || 'Atrium';
  const subject = `${input.reminder ? 'Reminder: ' : ''}${from} asks you to sign "${input.documentTitle}"`;
  const until = input.expiresAt.toISOString().slice(0, 10);
  const lead = input.reminder
    ? `${from} is still waiting for your signature on "${input.documentTitle}".`
    : `${from} sent you "${input.documentTitle}" to sign electronically.`;
  const note = input.message ? [`Message from ${from}:`, input.message] : [];
  return {
    to: input.to,
    subject,
    text: [
      input.signerName ? `Hello ${input.signerName},` : 'Hello,',
      '',
      lead,
      '',
      ...(note.length ? [...note, ''] : []),
      `Sign here: ${input.link}`,
      '',
      `The link is yours alone, works until ${until} and can be used to sign once. Before you sign you will be shown the electronic signature disclosure; you may decline and say why.`,
      '',
      '— Atrium',
    ].join('\n'),
    html: html([
      escapeHtml(input.signerName ? `Hello ${input.signerName},` : 'Hello,'),
      escapeHtml(lead),
      ...(note.length ? [`<em>${escapeHtml(note[0]!)}</em><br>${escapeHtml(note[1]!)}`] : []),
      `<a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#0ca678;color:#fff;border-radius:6px;text-decoration:none">Review and sign</a>`,
      escapeHtml(
        `The link is yours alone, works until ${until} and can be used to sign once. Before you sign you will be shown the electronic signature disclosure; you may decline and say why.`,
      ),
    ]),
  };
}

/**
 * To the business owner's signer when they can sign (in the app): to countersign when every other signer has signed,
 * else as soon as the contract is sent (any order, or the owner first).
 */
export function ownerTurnMail(input: {
  to: string;
  documentTitle: string;
  link: string;
  othersSigned: boolean;
}): MailMessage {
  const lead = input.othersSigned
    ? `Every other signer has signed "${input.documentTitle}". It is your turn to countersign.`
    : `"${input.documentTitle}" was sent for signature. You can sign it now as the business owner.`;
  return {
    to: input.to,
    subject: `Your signature is needed: "${input.documentTitle}"`,
    text: [lead, '', `Sign here: ${input.link}`, '', '— Atrium'].join('\n'),
    html: html([escapeHtml(lead), `<a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`]),
  };
}
