import { isApiError } from '@atrium/api-client';
import { IMAGE_MESSAGES } from '@atrium/contracts';
import { handleError } from '@atrium/ui';
import { BUSINESS_MESSAGES } from '@atrium/domain-admin';

/** Texts the server answers for business rules (last owner, already a member, wrong logo type...). */
const RULE_TEXTS = new Set<string>([...Object.values(BUSINESS_MESSAGES), ...Object.values(IMAGE_MESSAGES)]);

/**
 * An error toast through the shared handler: the server's own business message when it sent one of the
 * catalogue's texts, else the action's message (e.g. 'Failed to update business'). Answers the text shown.
 */
export function businessError(error: unknown, fallback: string): string {
  if (isApiError(error) && RULE_TEXTS.has(error.message)) return handleError(error);
  return handleError(error, { message: fallback });
}
