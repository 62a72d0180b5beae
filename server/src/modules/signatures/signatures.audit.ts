import { createHash } from 'node:crypto';
import type { AuditEvent } from '@atrium/domain-documents/schemas';

/** The previous hash of a workflow's first audit entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an audit entry says: everything but its own hash and the previous one. */
export interface AuditFacts {
  workflowId: string;
  sequence: number;
  event: AuditEvent;
  actor: string;
  actorName: string | null;
  signerId: string | null;
  at: Date;
  ip: string | null;
  userAgent: string | null;
  data: Record<string, unknown>;
}

export interface ChainedEntry extends AuditFacts {
  prevHash: string;
  hash: string;
}

/** JSON with object keys sorted at every level: the same facts always give the same text (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The canonical text of an entry's facts (the time in ISO 8601 with milliseconds, as stored). */
export function canonicalEntry(facts: AuditFacts): string {
  return canonicalJson({
    workflowId: facts.workflowId,
    sequence: facts.sequence,
    event: facts.event,
    actor: facts.actor,
    actorName: facts.actorName,
    signerId: facts.signerId,
    at: facts.at.toISOString(),
    ip: facts.ip,
    userAgent: facts.userAgent,
    data: facts.data,
  });
}

/** hash = SHA-256(prevHash ‖ "\n" ‖ canonical entry), hex. */
export function entryHash(facts: AuditFacts, prevHash: string): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalEntry(facts)}`)
    .digest('hex');
}

/**
 * Recomputes the chain in sequence order: each entry's prevHash must be the hash before it (GENESIS_HASH for the
 * first), its hash must match its facts, and the sequence must run 1, 2, 3… without a gap. Answers the sequence of
 * the first entry that fails (null when the whole chain holds).
 */
export function verifyChain(entries: readonly ChainedEntry[]): { valid: boolean; brokenAt: number | null } {
  let prev = GENESIS_HASH;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.sequence !== i + 1 || e.prevHash !== prev || entryHash(e, e.prevHash) !== e.hash) {
      return { valid: false, brokenAt: e.sequence };
    }
    prev = e.hash;
  }
  return { valid: true, brokenAt: null };
}
