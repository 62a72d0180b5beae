import { ERROR_CODE_TOASTS } from '@atrium/contracts/error-codes';
import { MESSAGES } from '@atrium/contracts/messages';
import { toast } from '@atrium/event-bus';

const CODE_MESSAGES: Record<string, string | undefined> = ERROR_CODE_TOASTS;

/**
 * The shared error handler (docs/requirements.md §8): an error toast with the error's message, or a custom one;
 * can be silenced; quiet pass-throughs are never shown.
 */
export function handleError(error: unknown, opts: { message?: string; silent?: boolean } = {}): string {
  const e = error as { message?: string; code?: string; quiet?: boolean } | null;
  const message = opts.message ?? (e?.code && CODE_MESSAGES[e.code]) ?? (e?.message ? e.message : MESSAGES.unexpected);
  if (opts.silent || e?.quiet) return message;
  try {
    toast.error(message);
  } catch {
    console.error(message, error);
  }
  return message;
}
