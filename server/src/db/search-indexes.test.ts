import { sql, type SQL } from 'drizzle-orm';
import { createTestDatabase, sqlRows, type TestDatabase } from '../../test/helpers';

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

  const rowsOf = (query: SQL) => sqlRows(database.handle.db, query);
  /** The partitions of contact_search, task_search or document_search a query's plan reads. */
  const partitionsPlanned = async (query: SQL) => {
    const plan = (await rowsOf(sql`EXPLAIN ${query}`)).map((row) => Object.values(row).join('')).join('\n');
    return new Set(plan.match(/(contact|task|document)_search_p\d+/g));
  };

  it('keep a pending list of at most 1 MB', async () => {
    const rows = await rowsOf(
      sql`SELECT relname, reloptions FROM pg_class WHERE relname LIKE '%search_trgm_idx' ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: 'contact_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'contacts_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'document_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'documents_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'form_submissions_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'market_listings_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'notes_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'projects_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
      { relname: 'task_search_trgm_idx', reloptions: ['gin_pending_list_limit=1024'] },
    ]);
    // contact_search's partitions (migration 0010), task_search's (0017) and document_search's (0028) each have
    // their own trigram index, with the same cap.
    for (const parent of ['contact_search_trgm_idx', 'task_search_trgm_idx', 'document_search_trgm_idx']) {
      const partitions = await rowsOf(
        sql`SELECT c.relname, c.reloptions FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent = ${parent}::regclass ORDER BY c.relname`,
      );
      expect(partitions).toHaveLength(16);
      for (const index of partitions) expect(index.reloptions).toEqual(['gin_pending_list_limit=1024']);
    }
  });

  it('search one business at a time: contact_search is partitioned by business and a search reads one partition', async () => {
    const oneBusiness = sql`SELECT count(*) FROM contact_search WHERE business_id = 'b-1' AND search_text LIKE '%mart%'`;
    expect((await partitionsPlanned(oneBusiness)).size).toBe(1);
    const every = sql`SELECT count(*) FROM contact_search WHERE search_text LIKE '%mart%'`;
    expect((await partitionsPlanned(every)).size).toBe(16);
  });

  it('search one business at a time: task_search is partitioned the same way', async () => {
    const oneBusiness = sql`SELECT count(*) FROM task_search WHERE business_id = 'b-1' AND search_text LIKE '%smit%'`;
    expect(await partitionsPlanned(oneBusiness)).toEqual(new Set([expect.stringMatching(/^task_search_p\d+$/)]));
    const every = sql`SELECT count(*) FROM task_search WHERE search_text LIKE '%smit%'`;
    expect((await partitionsPlanned(every)).size).toBe(16);
  });

  it('search one business at a time: document_search is partitioned the same way', async () => {
    const oneBusiness = sql`SELECT count(*) FROM document_search WHERE business_id = 'b-1' AND search_text LIKE '%inv%'`;
    expect(await partitionsPlanned(oneBusiness)).toEqual(new Set([expect.stringMatching(/^document_search_p\d+$/)]));
    const every = sql`SELECT count(*) FROM document_search WHERE search_text LIKE '%inv%'`;
    expect((await partitionsPlanned(every)).size).toBe(16);
  });
});
