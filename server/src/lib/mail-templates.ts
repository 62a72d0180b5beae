import type { MailMessage } from './mail';

/** Texts of the identity e-mails: plain text (what every client shows) plus a simple HTML version. */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const greeting = (firstName: string | null | undefined) => (firstName ? `Hello ${firstName},` : 'Hello,');

function html(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
${body}
<p style="margin:24px 0 0;color:#868e96;font-size:13px">— Atrium</p>
</body></html>`;
}

/**
 * The 6-digit sign-up code. The line `Your verification code is 123456` is relied upon by tools that read the
 * outbox (the e2e tests); keep it.
 */
export function verificationCodeMail(input: { to: string; firstName?: string | null; code: string }): MailMessage {
  const { code } = input;
  return {
    to: input.to,
    subject: 'Your Atrium verification code',
    text: [
      greeting(input.firstName),
      '',
      `Your verification code is ${code}`,
      '',
      'Enter it on the verification page to finish setting up your Atrium account. The code expires in 24 hours and works once.',
      '',
      'If you did not sign up for Atrium, you can ignore this e-mail.',
      '',
      '— Atrium',
    ].join('\n'),
    html: html([
      escapeHtml(greeting(input.firstName)),
      `Your verification code is <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
      'Enter it on the verification page to finish setting up your Atrium account. The code expires in 24 hours and works once.',
      'If you did not sign up for Atrium, you can ignore this e-mail.',
    ]),
  };
}

/** The password reset link (valid 1 hour, single use). */
export function passwordResetMail(input: { to: string; firstName?: string | null; link: string }): MailMessage {
  const { link } = input;
  return {
    to: input.to,
    subject: 'Reset your Atrium password',
    text: [
      greeting(input.firstName),
      '',
      'Someone (hopefully you) asked to reset the password of your Atrium account. Open this link to choose a new one:',
      '',
      link,
      '',
      'The link expires in 1 hour and works once. Resetting signs you out everywhere.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      '— Atrium',
    ].join('\n'),
    html: html([
      escapeHtml(greeting(input.firstName)),
      'Someone (hopefully you) asked to reset the password of your Atrium account.',
      `<a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">Choose a new password</a>`,
      `Or paste this link into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      'The link expires in 1 hour and works once. Resetting signs you out everywhere.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ]),
  };
}

/**
 * Sent instead of a code when someone signs up with an address that already has an account (the sign-up answer
 * is the same as for a new address, so it tells no one that the account exists).
 */
export function accountExistsMail(input: {
  to: string;
  firstName?: string | null;
  signInLink: string;
  resetLink: string;
  /** The account never verified its address: resetting the password verifies it. */
  unverified: boolean;
}): MailMessage {
  const { signInLink, resetLink } = input;
  const intro =
    'Someone (hopefully you) tried to create an Atrium account with this e-mail address, but it already has one.';
  const unverified = input.unverified
    ? 'This account has not verified its address yet: choosing a new password verifies it and replaces any password set when it was created.'
    : null;
  const ignore = 'If this was not you, ignore this e-mail: nothing about your account has changed.';
  return {
    to: input.to,
    subject: 'You already have an Atrium account',
    text: [
      greeting(input.firstName),
      '',
      intro,
      '',
      `Sign in: ${signInLink}`,
      `Forgot your password? Reset it: ${resetLink}`,
      ...(unverified ? ['', unverified] : []),
      '',
      ignore,
      '',
      '— Atrium',
    ].join('\n'),
    html: html([
      escapeHtml(greeting(input.firstName)),
      escapeHtml(intro),
      `<a href="${escapeHtml(signInLink)}">Sign in</a> · <a href="${escapeHtml(resetLink)}">Reset your password</a>`,
      ...(unverified ? [escapeHtml(unverified)] : []),
      escapeHtml(ignore),
    ]),
  };
}
