import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Half of a UTF-16 pair: a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL would refuse a string: a NUL (text cannot hold one), or half a UTF-16 pair (jsonb refuses it). */
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return 'Text must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'Text must not contain broken characters (half of an emoji or symbol)';
  return null;
}

/** The path of the first string (value or key) PostgreSQL could not store, and why. */
export function findUnstorable(
  value: unknown,
  path: string[] = [],
  depth = 0,
): { path: string[]; message: string } | null {
  if (typeof value === 'string') {
    const message = unstorable(value);
    return message ? { path, message } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  // A raw body kept as bytes (the Stripe webhook's, checked by its signature): no text to look into.
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const message = unstorable(key);
    if (message) return { path: [...path, key], message };
    const found = findUnstorable(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * preValidation hook: text PostgreSQL cannot store (a NUL, a lone surrogate) anywhere in params, query or body is
 * the caller's mistake (400), not a 500.
 */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const found = findUnstorable(part);
    if (found) {
      throw new AppError('VALIDATION_ERROR', 'Validation failed', [
        { field: found.path.join('.') || '_', message: found.message },
      ]);
    }
  }
}
