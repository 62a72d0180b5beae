import { makePagination, type FieldError } from '@atrium/contracts';
import type { NotificationSender } from '../../lib/notifications-port';
import type { DomainEvents } from '../../lib/domain-events';
import {
  CONTACT_MESSAGES,
  type Contact,
  type ContactData,
  type ContactListParamsData,
} from '@atrium/domain-crm/schemas';
import type { Executor } from '../../db/client';
import { listAnswer, type JsonText } from '../../db/json-answers';
import { AppError } from '../../lib/errors';
import type { BusinessCaller } from '../../lib/caller';
import { yieldToEventLoop } from '../../lib/event-loop';
import type { AudienceContact, ContactsRepository, NewContact } from './contacts.repository';

/** The caller as business-scoped rules see it (lib/caller.ts). */
export type Caller = BusinessCaller;

/**
 * Dates that survive the round trip (years 1000–9999: PostgreSQL has no year 0, and the drivers read
 * three-digit years back wrong); the shared schema only checks that they parse.
 */
const FIRST_DAY = new Date('1000-01-01T00:00:00.000Z').getTime();
const LAST_INSTANT = new Date('9999-12-31T23:59:59.999Z').getTime();
function storableDate(text: string | null): Date | null | 'invalid' {
  if (!text) return null;
  const date = new Date(text);
  const ms = date.getTime();
  return Number.isNaN(ms) || ms < FIRST_DAY || ms > LAST_INSTANT ? 'invalid' : date;
}

const notFound = () => new AppError('NOT_FOUND', 'Contact not found');
/** A conflict, with the message on the email field (the contact form shows it there). */
const emailTaken = () =>
  new AppError('CONFLICT', CONTACT_MESSAGES.emailTaken, [{ field: 'email', message: CONTACT_MESSAGES.emailTaken }]);

/** Dates sort newest first unless asked otherwise; everything else A→Z. */
const defaultOrder = (sortBy: ContactListParamsData['sortBy']) =>
  sortBy === 'dateCreated' || sortBy === 'lastContact' ? 'desc' : 'asc';

export class ContactsService {
  constructor(
    private readonly repo: ContactsRepository,
    /** The business's other members are told of a new contact (CONTACT_CREATED, issue #19). */
    private readonly notify?: NotificationSender,
    /** contact.created for automations, recorded in the contact's own transaction (lib/domain-events.ts). */
    private readonly events?: DomainEvents,
  ) {}

  /** The list answer (ListEnvelope<Contact>) as JSON text: the page's contacts come from PostgreSQL as JSON. */
  async list(caller: Caller, params: ContactListParamsData): Promise<JsonText> {
    const sortOrder = params.sortOrder ?? defaultOrder(params.sortBy);
    const { data, total } = await this.repo.list(caller.businessId, { ...params, sortOrder });
    // An export is one page holding every match.
    const pagination = params.export
      ? makePagination(total, 1, Math.max(total, 1))
      : makePagination(total, params.page, params.limit);
    return listAnswer(data, 'pagination', pagination);
  }

  /**
   * The export answer (export=true: every match as one page) in pieces of JSON text, the same bytes the list form
   * sends: `{"success":true,"data":[` … `],"pagination":{…}}`, the contacts a batch at a time (the repository's
   * keyset batches), letting other requests run between batches. The total is the number of contacts sent.
   */
  async *exportAnswer(caller: Caller, params: ContactListParamsData): AsyncGenerator<string> {
    const sortOrder = params.sortOrder ?? defaultOrder(params.sortBy);
    let sent = 0;
    let head = '{"success":true,"data":[';
    for await (const batch of this.repo.exportBatches(caller.businessId, { ...params, sortOrder })) {
      yield `${head}${sent > 0 ? ',' : ''}${batch.join(',')}`;
      head = '';
      sent += batch.length;
      // PGlite runs each statement on this thread: the other requests waiting get their turn between batches.
      await yieldToEventLoop();
    }
    const pagination = makePagination(sent, 1, Math.max(sent, 1));
    yield `${head}],"pagination":${JSON.stringify(pagination)}}`;
  }

  /** A campaign's audience (modules/campaigns): groups OR tags, narrowed by status; every query in the business. */
  async audience(
    businessId: string,
    filter: { groupIds: string[]; tagIds: string[]; status: string | null },
  ): Promise<AudienceContact[]> {
    return this.repo.audience(businessId, filter);
  }

  async get(caller: Caller, id: string): Promise<Contact> {
    const contact = await this.repo.findById(caller.businessId, id);
    if (!contact) throw notFound();
    return contact;
  }

  /**
   * The subset of `ids` that are contacts of the caller's business, for other modules that link contacts
   * (projects, tasks): they check ids through here, never the contacts table.
   */
  async existingIds(businessId: string, ids: readonly string[], db?: Executor): Promise<string[]> {
    return this.repo.existingIds(businessId, [...new Set(ids)], db);
  }

  async create(caller: Caller, input: ContactData): Promise<Contact> {
    const { fields, groups, tags } = await this.prepare(caller, input);
    const row = await this.repo.create(caller.businessId, caller.userId, fields, groups, tags ?? [], (tx, c) =>
      this.events
        ? this.events.emit(
            {
              businessId: caller.businessId,
              type: 'contact.created',
              recordId: c._id,
              record: {
                firstName: c.firstName ?? null,
                lastName: c.lastName ?? null,
                email: c.email ?? null,
                status: c.status ?? null,
                company: c.business ?? null,
                jobTitle: c.jobTitle ?? null,
                city: c.city ?? null,
              },
              actorId: caller.userId,
            },
            tx,
          )
        : Promise.resolve(),
    );
    if (row === 'email-taken') throw emailTaken();
    // After the contact's own transaction: a notification that fails is logged by the sender, never answered.
    const name = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email;
    await this.notify?.send({
      businessId: caller.businessId,
      type: 'CONTACT_CREATED',
      title: 'New contact',
      message: `${name} was added to your contacts`,
      data: { url: `/contacts/${encodeURIComponent(row._id)}` },
      to: { role: 'members' },
      exceptUserId: caller.userId,
    });
    return row;
  }

  /** PUT: every field replaced; groups replaced; tags replaced when given, kept when left out. */
  async update(caller: Caller, id: string, input: ContactData): Promise<Contact> {
    const { fields, groups, tags } = await this.prepare(caller, input);
    const row = await this.repo.update(caller.businessId, id, fields, groups, tags);
    if (!row) throw notFound();
    if (row === 'email-taken') throw emailTaken();
    return row;
  }

  /**
   * A public form's submitter as a contact of the business, by e-mail (created or updated), inside the caller's
   * transaction: the forms module stores the submission and its contact together.
   */
  async upsertFromSubmission(
    tx: Executor,
    businessId: string,
    person: { firstName: string; lastName: string | null; email: string },
    note: string,
  ) {
    const contact = await this.repo.upsertByEmail(tx, businessId, person, note);
    // A contact the submission created is a created contact for automations too (in the submission's transaction).
    if (contact.created) {
      await this.events?.emit(
        {
          businessId,
          type: 'contact.created',
          recordId: contact.id,
          record: {
            firstName: contact.firstName,
            lastName: contact.lastName,
            email: person.email,
            status: 'Active',
            company: null,
            jobTitle: null,
            city: null,
          },
        },
        tx,
      );
    }
    return contact;
  }

  async remove(caller: Caller, id: string): Promise<void> {
    if (!(await this.repo.delete(caller.businessId, id))) throw notFound();
  }

  /** Checks group and tag ids against the business and turns the input into columns. */
  private async prepare(caller: Caller, input: ContactData) {
    const { groupIds, tags: tagList, foundDate, lastContact, ...rest } = input;
    const groups = [...new Set(groupIds)];
    const tags = tagList ? [...new Set(tagList)] : undefined;
    const [knownGroups, knownTags] = await Promise.all([
      this.repo.existingGroupIds(caller.businessId, groups),
      this.repo.existingTagIds(caller.businessId, tags ?? []),
    ]);
    const details: FieldError[] = [];
    const groupSet = new Set(knownGroups);
    const badGroup = groupIds.findIndex((g) => !groupSet.has(g));
    if (badGroup !== -1) details.push({ field: `groupIds.${badGroup}`, message: 'Contact group not found' });
    const tagSet = new Set(knownTags);
    const badTag = tagList ? tagList.findIndex((t) => !tagSet.has(t)) : -1;
    if (badTag !== -1) details.push({ field: `tags.${badTag}`, message: 'Contact tag not found' });
    const found = storableDate(foundDate);
    const last = storableDate(lastContact);
    if (found === 'invalid') details.push({ field: 'foundDate', message: 'Enter a valid date' });
    if (last === 'invalid') details.push({ field: 'lastContact', message: 'Enter a valid date' });
    if (details.length > 0 || found === 'invalid' || last === 'invalid') {
      throw new AppError('VALIDATION_ERROR', 'Validation failed', details);
    }
    const fields: NewContact = { ...rest, foundDate: found, lastContact: last };
    return { fields, groups, tags };
  }
}
