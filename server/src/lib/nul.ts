import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The path of the first string (value or key) holding a NUL character, which PostgreSQL text cannot store. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** preValidation hook: a NUL anywhere in params, query or body is the caller's mistake (400), not a 500. */
export async function rejectNul(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const path = findNul(part);
    if (path) {
      throw new AppError('VALIDATION_ERROR', 'Validation failed', [
        { field: path.join('.') || '_', message: 'Text must not contain NUL characters' },
      ]);
    }
  }
}
