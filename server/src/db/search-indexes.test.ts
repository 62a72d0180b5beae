import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';

/**
 * The trigram indexes cap their pending list (schema.ts SMALL_PENDING_LIST, migration 0009): with PostgreSQL's
 * 4 MB default every search read up to 4 MB of unmerged entries after a batch of new contacts or notes, and PGlite
 * never merges them in the background.
 */
describe('trigram indexes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('keep a pending list of at most 1 MB', async () => {
    const result = await database.handle.db.execute<{ relname: string; reloptions: string[] | null }>(
      sql`SELECT relname, reloptions FROM pg_class WHERE relname LIKE '%search_trgm_idx' ORDER BY relname`,
    );
    const rows = (result as unknown as { rows: { relname: string; reloptions: string[] | null }[] }).rows;
    expect(rows).toEqual([
      { relname: 'contact_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'contacts_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'notes_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
    ]);
  });
});
