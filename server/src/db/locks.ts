import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/** First key of the per-business advisory lock over contacts' e-mail addresses (second key: the business). */
const CONTACT_EMAILS_LOCK = 74_018;

/**
 * Serialises, per business and until the transaction ends, every write that decides by a contact's e-mail:
 * import batches (create or update by e-mail) and single creates and edits (refused when another contact has the
 * address). Without it two of them could each see the address free and both write it.
 */
export async function lockContactEmails(tx: Executor, businessId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CONTACT_EMAILS_LOCK}, hashtext(${businessId}))`);
}

/** First key of the per-upload advisory lock over starting its import (second key: the upload). */
const IMPORT_START_LOCK = 74_019;

/** Serialises starting an import of one upload, so two identical requests at once make one job, not two. */
export async function lockImportStart(tx: Executor, uploadId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_START_LOCK}, hashtext(${uploadId}))`);
}
