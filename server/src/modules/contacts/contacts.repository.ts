import { and, count, eq, inArray, like, notInArray, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SortOrder } from '@atrium/contracts';
import type { Contact, ContactListParamsData, ContactSortField } from '@atrium/domain-crm/schemas';
import type { Database, Executor } from '../../db/client';
import { isoJson, jsonArray, jsonObject, jsonRow, jsonText, type JsonText } from '../../db/json-answers';
import { lockContactEmails } from '../../db/locks';
import {
  contactCounts,
  contactSearch,
  contactGroupMembers,
  contactGroups,
  contacts,
  contactTagLinks,
  contactTags,
  notes,
} from '../../db/schema';
import { dateBoundsSql, escapeLike, filterGroupsSql, type FilterColumns } from '../../lib/filter-sql';
import { StatementCache, type Statement } from '../../lib/statements';

// One query per page: memberships and tags come as arrays from correlated subqueries on their primary keys.
const groupIds = sql<string[]>`coalesce((
  SELECT array_agg(${contactGroupMembers.groupId} ORDER BY ${contactGroupMembers.createdAt}, ${contactGroupMembers.groupId})
  FROM ${contactGroupMembers} WHERE ${contactGroupMembers.contactId} = ${contacts.id}
), '{}')`;
const tagIds = sql<string[]>`coalesce((
  SELECT array_agg(${contactTagLinks.tagId} ORDER BY ${contactTagLinks.createdAt}, ${contactTagLinks.tagId})
  FROM ${contactTagLinks} WHERE ${contactTagLinks.contactId} = ${contacts.id}
), '{}')`;

/** The contact fields that are a column as is, by their name in answers and in filters. */
const PLAIN_COLUMNS = {
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  phoneCode: contacts.phoneCode,
  phoneNumber: contacts.phoneNumber,
  business: contacts.business,
  status: contacts.status,
  jobTitle: contacts.jobTitle,
  industry: contacts.industry,
  specialities: contacts.specialities,
  address: contacts.address,
  address2: contacts.address2,
  city: contacts.city,
  state: contacts.state,
  zipCode: contacts.zipCode,
  country: contacts.country,
  linkedin: contacts.linkedin,
  x: contacts.x,
  instagram: contacts.instagram,
  facebook: contacts.facebook,
  blog: contacts.blog,
  youtube: contacts.youtube,
  tiktok: contacts.tiktok,
  other: contacts.other,
  notes: contacts.notes,
};

/**
 * A contact as every answer shows it (contracts' Contact), built by PostgreSQL (db/json-answers.ts): `name` is
 * first and last name joined by a space (either may be empty), `phone` the code and number (contracts'
 * composePhone), dates ISO text.
 */
const CONTACT_ANSWER = {
  _id: contacts.id,
  ...PLAIN_COLUMNS,
  name: sql`concat_ws(' ', nullif(${contacts.firstName}, ''), nullif(${contacts.lastName}, ''))`,
  phone: sql`CASE WHEN coalesce(${contacts.phoneNumber}, '') = '' THEN NULL WHEN coalesce(${contacts.phoneCode}, '') = '' THEN ${contacts.phoneNumber} ELSE ${contacts.phoneCode} || ' ' || ${contacts.phoneNumber} END`,
  foundDate: isoJson(contacts.foundDate),
  lastContact: isoJson(contacts.lastContact),
  dateCreated: isoJson(contacts.createdAt),
  groupIds,
  tags: tagIds,
} satisfies Record<keyof Contact, SQLWrapper>;
const contactJson = jsonObject(CONTACT_ANSWER);

export type NewContact = Omit<
  typeof contacts.$inferInsert,
  'id' | 'businessId' | 'createdBy' | 'searchText' | 'createdAt' | 'updatedAt'
>;

/** The whitelist of filter fields (contracts' CONTACT_FILTER_FIELDS) → columns. */
const FILTER_COLUMNS: FilterColumns = {
  ...PLAIN_COLUMNS,
  foundDate: contacts.foundDate,
  lastContact: contacts.lastContact,
  dateCreated: contacts.createdAt,
};

/** One ORDER BY term; NULLS omitted = PostgreSQL's default for the direction. */
interface OrderTerm {
  expr: SQL;
  dir: 'ASC' | 'DESC';
  nulls?: 'FIRST' | 'LAST';
}
const term = (expr: SQL, dir: OrderTerm['dir'], nulls?: OrderTerm['nulls']): OrderTerm => ({ expr, dir, nulls });
const orderSql = (terms: OrderTerm[]): SQL[] =>
  terms.map((t) => sql`${t.expr} ${sql.raw(t.dir)}${sql.raw(t.nulls ? ` NULLS ${t.nulls}` : '')}`);
/** The exact reverse order (what a backward scan of the same index yields). */
const reversed = (terms: OrderTerm[]): OrderTerm[] =>
  terms.map((t) => ({
    expr: t.expr,
    dir: t.dir === 'ASC' ? 'DESC' : 'ASC',
    nulls: t.nulls === undefined ? undefined : t.nulls === 'FIRST' ? 'LAST' : 'FIRST',
  }));

const lower = (column: AnyColumn) => sql`lower(${column})`;
const id = sql`${contacts.id}`;

/**
 * ORDER BY per sort, written to match an index of schema.ts exactly (including NULLS placement), with the id as
 * tie-breaker so pages are stable. Text sorts ignore case; empty last names / businesses come last both ways;
 * contacts never contacted count as the least recently contacted.
 */
const ORDER: Record<ContactSortField, Record<SortOrder, OrderTerm[]>> = {
  firstName: {
    asc: [term(lower(contacts.firstName), 'ASC'), term(id, 'ASC')],
    desc: [term(lower(contacts.firstName), 'DESC'), term(id, 'DESC')],
  },
  lastName: {
    asc: [term(lower(contacts.lastName), 'ASC', 'LAST'), term(id, 'ASC')],
    desc: [term(lower(contacts.lastName), 'DESC', 'LAST'), term(id, 'DESC', 'LAST')],
  },
  email: {
    asc: [term(sql`${contacts.email}`, 'ASC'), term(id, 'ASC')],
    desc: [term(sql`${contacts.email}`, 'DESC'), term(id, 'DESC')],
  },
  business: {
    asc: [term(lower(contacts.business), 'ASC', 'LAST'), term(id, 'ASC')],
    desc: [term(lower(contacts.business), 'DESC', 'LAST'), term(id, 'DESC', 'LAST')],
  },
  status: {
    asc: [term(sql`${contacts.status}`, 'ASC'), term(id, 'ASC')],
    desc: [term(sql`${contacts.status}`, 'DESC'), term(id, 'DESC')],
  },
  dateCreated: {
    asc: [term(sql`${contacts.createdAt}`, 'ASC', 'FIRST'), term(id, 'ASC', 'FIRST')],
    desc: [term(sql`${contacts.createdAt}`, 'DESC', 'LAST'), term(id, 'DESC', 'LAST')],
  },
  lastContact: {
    asc: [term(sql`${contacts.lastContact}`, 'ASC', 'FIRST'), term(id, 'ASC', 'FIRST')],
    desc: [term(sql`${contacts.lastContact}`, 'DESC', 'LAST'), term(id, 'DESC', 'LAST')],
  },
};

/** The list parameters that narrow the match set; with none of them set, the total is the business's counter. */
export const NARROWING_PARAMS = [
  'search',
  'status',
  'groupId',
  'groupIds',
  'groups',
  'hasGroups',
  'tags',
  'dateCreatedFrom',
  'dateCreatedTo',
  'lastContactFrom',
  'lastContactTo',
  'filters',
] as const satisfies readonly (keyof ContactListParamsData)[];

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
export const narrows = (f: Partial<ContactListParamsData>): boolean => NARROWING_PARAMS.some((k) => isSet(f[k]));

/**
 * Contacts per statement of an export: it starts at `first` and halves when a statement took longer than
 * `slowMs`, doubles when it took less than `fastMs`, within [min, max]. A statement holds PGlite's thread (and
 * so every other request) for its whole run: there a batch settles at about `slowMs` of work; PostgreSQL,
 * faster per row, reaches `max`.
 */
export const EXPORT_BATCH = { first: 250, min: 100, max: 1000, fastMs: 10, slowMs: 25 };

/** The next export statement's size after one of `size` contacts took `ms` (EXPORT_BATCH). */
export function nextBatchSize(size: number, ms: number): number {
  if (ms > EXPORT_BATCH.slowMs) return Math.max(EXPORT_BATCH.min, Math.floor(size / 2));
  if (ms < EXPORT_BATCH.fastMs) return Math.min(EXPORT_BATCH.max, size * 2);
  return size;
}

/** From this OFFSET on, a page past the middle is read from the other end of the index (a shorter scan). */
const DEEP_OFFSET = 1000;

export type ContactListFilter = ContactListParamsData & { sortOrder: SortOrder };

const memberOf = (groupIdsList: string[]) =>
  sql`EXISTS (SELECT 1 FROM ${contactGroupMembers} WHERE ${contactGroupMembers.contactId} = ${contacts.id} AND ${inArray(contactGroupMembers.groupId, groupIdsList)})`;

/** The business and the search pattern are the placeholders of P; every other filter is written in. */
function listWhere(f: ContactListFilter, searching: boolean): SQL {
  const conditions: (SQL | undefined)[] = [eq(contacts.businessId, P.businessId)];
  // search_text is lower(first last email business phone), trigram-indexed (GIN gin_trgm_ops).
  if (searching) conditions.push(like(contacts.searchText, P.pattern));
  if (f.status) conditions.push(eq(contacts.status, f.status));
  if (f.groupId) conditions.push(memberOf([f.groupId]));
  const anyOf = [...new Set([...(f.groupIds ?? []), ...(f.groups ?? [])])];
  if (anyOf.length > 0) conditions.push(memberOf(anyOf));
  if (f.hasGroups !== undefined) {
    const exists = sql`EXISTS (SELECT 1 FROM ${contactGroupMembers} WHERE ${contactGroupMembers.contactId} = ${contacts.id})`;
    conditions.push(f.hasGroups ? exists : sql`NOT ${exists}`);
  }
  if (f.tags && f.tags.length > 0) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${contactTagLinks} WHERE ${contactTagLinks.contactId} = ${contacts.id} AND ${inArray(contactTagLinks.tagId, f.tags)})`,
    );
  }
  conditions.push(...dateBoundsSql(contacts.createdAt, f.dateCreatedFrom, f.dateCreatedTo));
  conditions.push(...dateBoundsSql(contacts.lastContact, f.lastContactFrom, f.lastContactTo));
  conditions.push(filterGroupsSql(f.filters, FILTER_COLUMNS));
  return and(...conditions)!;
}

/** The values of a list statement's placeholders. */
type PageValues = {
  businessId: string;
  /** The LIKE pattern of the search ('' without one: unused then). */
  pattern: string;
  offset: number;
  limit: number;
};
const P = {
  businessId: sql.placeholder('businessId'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  limit: sql.placeholder('limit'),
};
type ListStatement = Statement<PageValues>;

/** A contact as a campaign's recipient list needs it. */
export interface AudienceContact {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  phoneCode: string | null;
  phoneNumber: string | null;
  company: string | null;
}

/** Every query here is scoped to one business. */
export class ContactsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of contacts (or, with `export`, every match) and the number of matches, in one statement where it
   * can be: the unfiltered total is the business's counter; a search alone is counted on the narrow
   * contact_search rows (and, in the default order, paged from them too: searchedIds); a search with other filters counts its matches in the scan that finds them (a window
   * count); other filters count with a count(*) subquery beside the page.
   *
   * The business, the search pattern, OFFSET and LIMIT are placeholders, so a list with no filter but the search
   * (the contacts page as opened, paged and searched) is a statement built once per sort and kind of page and
   * then only executed (lib/statements.ts).
   */
  async list(businessId: string, filter: ContactListFilter): Promise<{ data: JsonText; total: number }> {
    const search = filter.search ? `%${escapeLike(filter.search.toLowerCase())}%` : undefined;
    const values: PageValues = { businessId, pattern: search ?? '', offset: 0, limit: filter.limit };
    const narrowed = narrows(filter);
    // A search alone is counted on the narrow contact_search rows (the same text, a fraction of the width).
    const searchOnly = search !== undefined && !narrows({ ...filter, search: undefined });
    // Filters other than the search are written into the statement (literals): those statements are not kept.
    const shape =
      narrowed && !searchOnly ? null : `${filter.sortBy}:${filter.sortOrder}:${searchOnly ? 'search' : 'all'}`;
    const where = () => listWhere(filter, search !== undefined);
    const order = ORDER[filter.sortBy][filter.sortOrder];
    const matching = () => (searchOnly ? this.searchCount() : this.whereCount(where()));
    const counted = async () => {
      const query = this.statements.get(shape && `${shape}:count`, () =>
        narrowed
          ? matching()
          : this.db
              .select({ total: contactCounts.contacts })
              .from(contactCounts)
              .where(eq(contactCounts.businessId, P.businessId)),
      );
      const [row] = (await query.execute(values)) as { total: number }[];
      return row?.total ?? 0;
    };
    if (filter.export) {
      // Every match (the contacts of one group, the only caller left here; GET /contacts streams exportBatches).
      const json: string[] = [];
      for await (const batch of this.exportBatches(businessId, filter)) json.push(...batch);
      return { data: jsonText(`[${json.join(',')}]`), total: json.length };
    }
    const offset = (filter.page - 1) * filter.limit;
    if (offset < DEEP_OFFSET) {
      const total = !narrowed
        ? 'counter'
        : searchOnly && filter.sortBy === 'dateCreated'
          ? 'search'
          : search && !searchOnly
            ? 'window'
            : { count: matching };
      const query = this.statements.get(shape && `${shape}:page`, () => this.pageQuery(where(), order, order, total));
      const page = await this.pageOf(query, { ...values, offset }, true);
      return { data: page.data, total: page.total ?? (await counted()) };
    }
    // Deep page: OFFSET n walks n index entries. Past the middle, walk from the other end instead.
    const total = await counted();
    if (offset >= total) return { data: jsonText('[]'), total };
    const tail = total - offset - filter.limit;
    const backwards = tail < offset;
    const query = this.statements.get(shape && `${shape}:${backwards ? 'back' : 'deep'}`, () =>
      this.pageQuery(where(), backwards ? reversed(order) : order, order, 'none'),
    );
    const { data } = await this.pageOf(
      query,
      backwards
        ? { ...values, offset: Math.max(tail, 0), limit: Math.min(filter.limit, total - offset) }
        : { ...values, offset },
      false,
    );
    return { data, total };
  }

  /**
   * Every match of the list's filters in the list's order, as batches of contacts' JSON texts (a statement per
   * batch, sized by EXPORT_BATCH unless `fixedSize` is given): keyset pages on the sort key and the id, so each statement starts where the last one ended in the
   * sort index (an OFFSET would walk every row before it again) and memory holds one batch. A nullable sort key is
   * read in two runs, its values and then its NULLs (or the other way round, as the order places them): a row
   * comparison never matches NULL. Not a snapshot: a contact changed meanwhile can move across the cursor.
   */
  async *exportBatches(businessId: string, filter: ContactListFilter, fixedSize?: number): AsyncGenerator<string[]> {
    const search = filter.search ? `%${escapeLike(filter.search.toLowerCase())}%` : undefined;
    const values: PageValues = { businessId, pattern: search ?? '', offset: 0, limit: fixedSize ?? EXPORT_BATCH.first };
    const order = ORDER[filter.sortBy][filter.sortOrder];
    const [key, tieBreak] = order as [OrderTerm, OrderTerm];
    const nullsFirst = (key.nulls ?? (key.dir === 'ASC' ? 'LAST' : 'FIRST')) === 'FIRST';
    const after = key.dir === 'ASC' ? sql.raw('>') : sql.raw('<');
    // The cursor's key travels as text (a timestamp read as a Date would lose its microseconds) and is cast back.
    const keyType = sql.raw(
      filter.sortBy === 'dateCreated' || filter.sortBy === 'lastContact' ? 'timestamptz' : 'text',
    );
    for (const run of nullsFirst ? (['nulls', 'values'] as const) : (['values', 'nulls'] as const)) {
      let cursor: { key: string | null; id: string } | undefined;
      for (;;) {
        const position =
          run === 'values'
            ? cursor
              ? sql`${key.expr} IS NOT NULL AND (${key.expr}, ${tieBreak.expr}) ${after} (CAST(${cursor.key} AS ${keyType}), ${cursor.id}::text)`
              : sql`${key.expr} IS NOT NULL`
            : cursor
              ? sql`${key.expr} IS NULL AND ${tieBreak.expr} ${after} ${cursor.id}::text`
              : sql`${key.expr} IS NULL`;
        const started = performance.now();
        const rows = (await this.statements
          .get(null, () =>
            this.db
              .select({ json: jsonRow(contactJson), key: sql<string | null>`(${key.expr})::text`, id: contacts.id })
              .from(contacts)
              .where(and(listWhere(filter, search !== undefined), position))
              .orderBy(...orderSql(order))
              .limit(P.limit),
          )
          .execute(values)) as { json: string; key: string | null; id: string }[];
        const full = rows.length === values.limit;
        if (fixedSize === undefined) values.limit = nextBatchSize(values.limit, performance.now() - started);
        if (rows.length > 0) yield rows.map((r) => r.json);
        if (!full) break;
        const last = rows[rows.length - 1]!;
        cursor = { key: last.key, id: last.id };
      }
    }
  }

  /** The list statements of the common shapes (no filter but the search), by sort and kind of page. */
  private readonly statements = new StatementCache<PageValues>();

  private whereCount(where: SQL) {
    return this.db.select({ total: count() }).from(contacts).where(where);
  }

  private searchCount() {
    return this.db
      .select({ total: count() })
      .from(contactSearch)
      .where(and(eq(contactSearch.businessId, P.businessId), like(contactSearch.searchText, P.pattern)));
  }

  /**
   * One page in one statement: the page's ids from the sort index alone (`scan` order, OFFSET, LIMIT), then the
   * full rows with their group and tag ids joined for just those ids, in `output` order — the array subqueries
   * would otherwise run for every row OFFSET skips. `total`: none, a count(*) of the matches, or the business's
   * counter, as a scalar subquery on every row. An empty page has no row to carry it.
   */
  private pageQuery(
    where: SQL,
    scan: OrderTerm[],
    output: OrderTerm[],
    total: 'none' | 'window' | 'search' | 'counter' | { count: () => SQLWrapper },
  ) {
    const ids =
      total === 'window'
        ? this.windowedIds(where, scan)
        : total === 'search'
          ? this.searchedIds(scan)
          : this.orderedIds(where, scan);
    const matches =
      total === 'none'
        ? sql<null>`NULL::bigint`
        : total === 'window' || total === 'search'
          ? sql<number>`${sql.identifier('page')}.${sql.identifier('matches')}`
          : total === 'counter'
            ? sql<number>`(SELECT ${contactCounts.contacts} FROM ${contactCounts} WHERE ${contactCounts.businessId} = ${P.businessId})`
            : sql<number>`(${total.count()})`;
    return this.db
      .select({
        data: jsonArray(contactJson, orderSql(output)),
        rows: sql<number>`count(*)`.mapWith(Number),
        matches: sql<number | null>`max(${matches})`.mapWith((v) => (v === null ? null : Number(v))),
      })
      .from(ids)
      .innerJoin(contacts, eq(contacts.id, ids.pageId));
  }

  private async pageOf(
    query: ListStatement,
    values: PageValues,
    counts: boolean,
  ): Promise<{ data: JsonText; total: number | undefined }> {
    // One row: the page as JSON text, how many contacts it holds, and the total its statement carries (if any).
    const [page] = (await query.execute(values)) as { data: string; rows: number; matches: number | null }[];
    return {
      data: jsonText(page!.data),
      total: page!.rows > 0 ? (page!.matches ?? undefined) : values.offset === 0 && counts ? 0 : undefined,
    };
  }

  /** The page's ids straight from the sort index. */
  private orderedIds(where: SQL, scan: OrderTerm[]) {
    return this.db
      .select({ pageId: sql<string>`${contacts.id}`.as('page_id') })
      .from(contacts)
      .where(where)
      .orderBy(...orderSql(scan))
      .limit(P.limit)
      .offset(P.offset)
      .as('page');
  }

  /**
   * The page's ids of a search alone in the default order (created_at), from the narrow contact_search rows:
   * one trigram bitmap scan finds and counts every match (a window count) with its created_at, a top-N sort
   * takes the page. The wide contacts rows are read for the page's ids only. The index walk it replaces visited
   * ≈ 100 contacts rows per match of a sparse term, and the count rechecked every match a second time.
   */
  private searchedIds(scan: OrderTerm[]) {
    return this.windowedPage(
      contactSearch,
      contactSearch.contactId,
      [sql`${contactSearch.createdAt}`, sql`${contactSearch.contactId}`],
      and(eq(contactSearch.businessId, P.businessId), like(contactSearch.searchText, P.pattern))!,
      scan,
    );
  }

  /**
   * The page's ids of a search, counting the matches in the same scan: the trigram bitmap finds every match
   * anyway (a window count, no ORDER, so no index walk), and the sort keys come along for a top-N sort outside.
   * One heap visit per match instead of two (a separate count(*) and page).
   */
  private windowedIds(where: SQL, scan: OrderTerm[]) {
    return this.windowedPage(
      contacts,
      contacts.id,
      scan.map((t) => t.expr),
      where,
      scan,
    );
  }

  /**
   * Every row of `from` matching `where` with the window count of them and its sort keys (k0, k1… in `scan`'s
   * terms, read from `from`), then the page of them in `scan` order.
   */
  private windowedPage(
    from: typeof contacts | typeof contactSearch,
    id: AnyColumn,
    keys: SQL[],
    where: SQL,
    scan: OrderTerm[],
  ) {
    const matched = this.db
      .select({
        pageId: sql<string>`${id}`.as('page_id'),
        matches: sql<number>`count(*) OVER ()`.as('matches'),
        ...Object.fromEntries(keys.map((key, i) => [`k${i}`, key.as(`k${i}`)])),
      })
      .from(from)
      .where(where)
      .as('matched');
    const byKeys = orderSql(
      scan.map((t, i) => ({ ...t, expr: sql`${sql.identifier('matched')}.${sql.identifier(`k${i}`)}` })),
    );
    return this.db
      .select({ pageId: matched.pageId, matches: matched.matches })
      .from(matched)
      .orderBy(...byKeys)
      .limit(P.limit)
      .offset(P.offset)
      .as('page');
  }

  /** The contact's answer (the same JSON a list page holds), or null. */
  async findById(businessId: string, id: string, db: Executor = this.db): Promise<Contact | null> {
    const [row] = await db
      .select({ json: jsonRow(contactJson) })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
      .limit(1);
    return row ? (JSON.parse(row.json) as Contact) : null;
  }

  /** The subset of `ids` that are contacts of this business (other modules link contacts through this). */
  async existingIds(businessId: string, ids: string[], db: Executor = this.db): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, ids)));
    return rows.map((r) => r.id);
  }

  /**
   * The contacts a campaign goes to (modules/campaigns, through ContactsService.audience): in ANY of `groupIds` or with
   * ANY of `tagIds` (neither given: every contact), narrowed by `status`; in creation order.
   */
  async audience(
    businessId: string,
    f: { groupIds: string[]; tagIds: string[]; status: string | null },
  ): Promise<AudienceContact[]> {
    const either: SQL[] = [];
    if (f.groupIds.length > 0) either.push(memberOf(f.groupIds));
    if (f.tagIds.length > 0) {
      either.push(
        sql`EXISTS (SELECT 1 FROM ${contactTagLinks} WHERE ${contactTagLinks.contactId} = ${contacts.id} AND ${inArray(contactTagLinks.tagId, f.tagIds)})`,
      );
    }
    const conditions: (SQL | undefined)[] = [eq(contacts.businessId, businessId)];
    if (either.length > 0) conditions.push(sql`(${sql.join(either, sql` OR `)})`);
    if (f.status) conditions.push(eq(contacts.status, f.status as Contact['status']));
    return this.db
      .select({
        id: contacts.id,
        email: contacts.email,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        phoneCode: contacts.phoneCode,
        phoneNumber: contacts.phoneNumber,
        company: contacts.business,
      })
      .from(contacts)
      .where(and(...conditions))
      .orderBy(contacts.createdAt, contacts.id);
  }

  /** The subset of `ids` that are groups of this business. */
  async existingGroupIds(businessId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(and(eq(contactGroups.businessId, businessId), inArray(contactGroups.id, ids)));
    return rows.map((r) => r.id);
  }

  /** The subset of `ids` that are tags of this business. */
  async existingTagIds(businessId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: contactTags.id })
      .from(contactTags)
      .where(and(eq(contactTags.businessId, businessId), inArray(contactTags.id, ids)));
    return rows.map((r) => r.id);
  }

  /**
   * A new contact, unless another contact of the business has its e-mail address ('email-taken'): the address
   * is how imports find a contact to update, so it names one contact per business.
   */
  async create(
    businessId: string,
    createdBy: string,
    data: NewContact,
    groups: string[],
    tags: string[],
    /** Runs in the same transaction once the contact is stored (the domain event of its creation). */
    within?: (tx: Executor, contact: Contact) => Promise<void>,
  ): Promise<Contact | 'email-taken'> {
    return this.db.transaction(async (tx) => {
      await lockContactEmails(tx, businessId);
      if (await emailTaken(tx, businessId, data.email)) return 'email-taken';
      const [created] = await tx
        .insert(contacts)
        .values({ ...data, businessId, createdBy })
        .returning({ id: contacts.id });
      const id = created!.id;
      await setGroups(tx, businessId, id, groups);
      await setTags(tx, businessId, id, tags);
      const contact = (await this.findById(businessId, id, tx))!;
      await within?.(tx, contact);
      return contact;
    });
  }

  /**
   * Replaces the fields, the memberships and (when given) the tags. Null when the contact is not found;
   * 'email-taken' when its address changes to one another contact has. (Contacts that already share an address —
   * stored before this rule — can still be edited as long as the address stays.)
   */
  async update(
    businessId: string,
    id: string,
    data: NewContact,
    groups: string[],
    tags: string[] | undefined,
  ): Promise<Contact | null | 'email-taken'> {
    return this.db.transaction(async (tx) => {
      await lockContactEmails(tx, businessId);
      const [current] = await tx
        .select({ email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)));
      if (!current) return null;
      if (current.email !== data.email && (await emailTaken(tx, businessId, data.email))) return 'email-taken';
      const [updated] = await tx
        .update(contacts)
        .set({ ...data, updatedAt: sql`now()` })
        .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
        .returning({ id: contacts.id });
      if (!updated) return null;
      await setGroups(tx, businessId, id, groups);
      if (tags) await setTags(tx, businessId, id, tags);
      return this.findById(businessId, id, tx);
    });
  }

  /**
   * The contact of this e-mail address, created when the business has none (inside the caller's transaction, under
   * the business's e-mail lock): a public form's submitter. A known contact keeps its names (the business may have
   * corrected them) except an empty last name, which the submission fills; both get last contact = now.
   */
  async upsertByEmail(
    tx: Executor,
    businessId: string,
    person: { firstName: string; lastName: string | null; email: string },
    note: string,
  ): Promise<{ id: string; created: boolean; firstName: string; lastName: string | null }> {
    await lockContactEmails(tx, businessId);
    const [found] = await tx
      .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.email, person.email)))
      .orderBy(contacts.createdAt)
      .limit(1);
    const now = new Date();
    if (found) {
      const lastName = found.lastName || person.lastName;
      await tx.update(contacts).set({ lastName, lastContact: now, updatedAt: now }).where(eq(contacts.id, found.id));
      return { id: found.id, created: false, firstName: found.firstName, lastName };
    }
    const [created] = await tx
      .insert(contacts)
      .values({ ...person, businessId, createdBy: null, lastContact: now, notes: note })
      .returning({ id: contacts.id });
    return { id: created!.id, created: true, firstName: person.firstName, lastName: person.lastName };
  }

  /** Deletes the contact with its memberships, tag links and notes, in one transaction. */
  async delete(businessId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
        .for('update');
      if (!found) return false;
      await tx.delete(contactGroupMembers).where(eq(contactGroupMembers.contactId, id));
      await tx.delete(contactTagLinks).where(eq(contactTagLinks.contactId, id));
      await tx
        .delete(notes)
        .where(and(eq(notes.businessId, businessId), eq(notes.entityType, 'contact'), eq(notes.entityId, id)));
      await tx.delete(contacts).where(eq(contacts.id, id));
      return true;
    });
  }
}

/** Whether a contact of the business has this (lower-cased) address. */
async function emailTaken(tx: Executor, businessId: string, email: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.email, email)))
    .limit(1);
  return found !== undefined;
}

/** Makes the contact's groups exactly `groups` (ids already checked to belong to the business). */
async function setGroups(tx: Executor, businessId: string, contactId: string, groups: string[]): Promise<void> {
  await tx
    .delete(contactGroupMembers)
    .where(
      and(
        eq(contactGroupMembers.contactId, contactId),
        groups.length > 0 ? notInArray(contactGroupMembers.groupId, groups) : undefined,
      ),
    );
  if (groups.length > 0) {
    await tx
      .insert(contactGroupMembers)
      .values(groups.map((groupId) => ({ contactId, groupId, businessId })))
      .onConflictDoNothing();
  }
}

/** Makes the contact's tags exactly `tags` (ids already checked to belong to the business). */
async function setTags(tx: Executor, businessId: string, contactId: string, tags: string[]): Promise<void> {
  await tx
    .delete(contactTagLinks)
    .where(
      and(
        eq(contactTagLinks.contactId, contactId),
        tags.length > 0 ? notInArray(contactTagLinks.tagId, tags) : undefined,
      ),
    );
  if (tags.length > 0) {
    await tx
      .insert(contactTagLinks)
      .values(tags.map((tagId) => ({ contactId, tagId, businessId })))
      .onConflictDoNothing();
  }
}
