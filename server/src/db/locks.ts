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

/** First key of the advisory lock over one column of a board (second key: the business, the board, the column). */
const BOARD_ORDER_LOCK = 74_020;

/**
 * Serialises, per business, board ('projects' or 'tasks') and column (a stage or a status), every write that places
 * a card in that column (a move into it or within it, a new card, a renumbering): two people dragging into it at
 * once each read the neighbours the other left, so no two cards get the same place and none is lost. A card's
 * key only matters among the keys of its column, so moves into different columns do not wait for each other (a
 * card leaving a column keeps its key and takes the row's lock, which a renumbering of the column it left waits
 * for: db/board-order.ts). A transaction takes one column's lock at most, before any card's row.
 */
export async function lockBoardColumn(
  tx: Executor,
  businessId: string,
  board: 'projects' | 'tasks',
  column: string,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${BOARD_ORDER_LOCK}, hashtext(${`${board}:${businessId}:${column}`}))`,
  );
}
