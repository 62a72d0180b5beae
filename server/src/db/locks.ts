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

/** First key of the per-business advisory lock over a board's order (second key: the business and the board). */
const BOARD_ORDER_LOCK = 74_020;

/**
 * Serialises, per business and board ('projects' or 'tasks'), every move on that board: two people dragging at
 * once each read the neighbours the other left, so no two cards get the same place and none is lost.
 */
export async function lockBoard(tx: Executor, businessId: string, board: 'projects' | 'tasks'): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOARD_ORDER_LOCK}, hashtext(${`${board}:${businessId}`}))`);
}
