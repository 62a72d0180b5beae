import * as z from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH } from './constants';

/** The exact messages of docs/requirements.md §5 ("Email rules and messages"). */
export const EMAIL_MESSAGES = {
  required: 'Email address is required',
  tooShort: 'Email address is too short',
  tooLong: 'Email address is too long',
  missingAt: 'Email address must contain @ symbol',
  startsWithAt: 'Email address cannot start with @',
  endsWithAt: 'Email address cannot end with @',
  multipleAt: 'Email address can only contain one @ symbol',
  missingLocal: 'Email address must have a local part (before @)',
  missingDomain: 'Email address must have a domain part (after @)',
  domainNeedsDot: (host: string) => `Email address domain must contain a dot (e.g., ${host})`,
  domainStartsWithDot: 'Email address domain cannot start with a dot',
  domainEndsWithDot: 'Email address domain cannot end with a dot',
  invalidTld: 'Email address must have a valid top-level domain (e.g., .com, .org)',
  invalid: 'Email address format is invalid',
} as const;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const TLD = /^[A-Za-z]{2,}$/;

/**
 * Returns the first rule the address breaks, or null when it is valid.
 * The value is trimmed first: surrounding blanks are a typing slip, inner ones are an error.
 */
export function emailError(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (value.length === 0) return EMAIL_MESSAGES.required;
  if (value.length < EMAIL_MIN_LENGTH) return EMAIL_MESSAGES.tooShort;
  if (value.length > EMAIL_MAX_LENGTH) return EMAIL_MESSAGES.tooLong;
  if (!value.includes('@')) return EMAIL_MESSAGES.missingAt;
  if (value.startsWith('@')) return EMAIL_MESSAGES.startsWithAt;
  if (value.endsWith('@')) return EMAIL_MESSAGES.endsWithAt;
  const parts = value.split('@');
  if (parts.length > 2) return EMAIL_MESSAGES.multipleAt;
  const [local = '', domain = ''] = parts;
  if (local.length === 0) return EMAIL_MESSAGES.missingLocal;
  if (domain.length === 0) return EMAIL_MESSAGES.missingDomain;
  if (/\s/.test(value)) return EMAIL_MESSAGES.invalid;
  if (domain.startsWith('.')) return EMAIL_MESSAGES.domainStartsWithDot;
  if (domain.endsWith('.')) return EMAIL_MESSAGES.domainEndsWithDot;
  if (!domain.includes('.')) return EMAIL_MESSAGES.domainNeedsDot(`${domain}.com`);
  const labels = domain.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (!TLD.test(tld)) return EMAIL_MESSAGES.invalidTld;
  if (local.startsWith('.') || local.endsWith('.')) return EMAIL_MESSAGES.invalid;
  if (value.includes('..')) return EMAIL_MESSAGES.invalid;
  if (!LOCAL_PART.test(local)) return EMAIL_MESSAGES.invalid;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return EMAIL_MESSAGES.invalid;
  return null;
}

/** One schema for the browser form and the server route: trims, validates, lower-cases. */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .superRefine((value, ctx) => {
    const message = emailError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => value.toLowerCase());

/**
 * Admin pages: users whose e-mail ends with @domain (server: ADMIN_EMAIL_DOMAIN). No domain configured → no one:
 * on a self-hosted installation nobody is staff until the operator says which domain is.
 */
export function isCompanyEmail(email: string, domain: string | null | undefined): boolean {
  if (!domain) return false;
  return email.toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}
