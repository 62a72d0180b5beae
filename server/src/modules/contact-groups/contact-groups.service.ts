import {
  CONTACT_GROUP_MESSAGES,
  type ContactGroup,
  type ContactGroupData,
  type ContactGroupListEnvelope,
  type ContactGroupListQueryData,
  type ContactListParamsData,
} from '@atrium/domain-crm/schemas';
import type { JsonText } from '../../db/json-answers';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller, ContactsService } from '../contacts/contacts.service';
import type { ContactGroupsRepository, GroupFields, GroupRow } from './contact-groups.repository';

export function toGroupDto(row: GroupRow): ContactGroup {
  return {
    _id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    contactCount: row.contactCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', CONTACT_GROUP_MESSAGES.notFound);

/** A duplicate name (case-insensitive, per business) is a 409 whichever way it is found. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', CONTACT_GROUP_MESSAGES.nameTaken);
    throw error;
  }
}

export class ContactGroupsService {
  constructor(
    private readonly repo: ContactGroupsRepository,
    private readonly contacts: ContactsService,
  ) {}

  async list(caller: Caller, query: ContactGroupListQueryData): Promise<ContactGroupListEnvelope> {
    const sortOrder = query.sortOrder ?? (query.sortBy === 'name' ? 'asc' : 'desc');
    // `offset` (when given) wins over `page`; the page reported is the one the offset falls in.
    const start = query.offset ?? (query.page - 1) * query.limit;
    const { rows, total } = await this.repo.list(caller.businessId, { ...query, sortOrder, start });
    return {
      success: true,
      data: rows.map(toGroupDto),
      pagination: {
        total,
        page: Math.floor(start / query.limit) + 1,
        limit: query.limit,
        hasNextPage: start + rows.length < total,
      },
    };
  }

  async get(caller: Caller, id: string): Promise<ContactGroup> {
    const row = await this.repo.findById(caller.businessId, id);
    if (!row) throw notFound();
    return toGroupDto(row);
  }

  async create(caller: Caller, input: ContactGroupData): Promise<ContactGroup> {
    const id = await uniqueName(() => this.repo.create(caller.businessId, input));
    return this.get(caller, id);
  }

  async update(caller: Caller, id: string, input: Partial<GroupFields>): Promise<ContactGroup> {
    const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<GroupFields>;
    const found = await uniqueName(() => this.repo.update(caller.businessId, id, fields));
    if (!found) throw notFound();
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: string): Promise<void> {
    if (!(await this.repo.delete(caller.businessId, id))) throw notFound();
  }

  /** The group's contacts, with the contact list's parameters (the group is forced). */
  async contactsOf(caller: Caller, id: string, params: ContactListParamsData): Promise<JsonText> {
    if (!(await this.repo.exists(caller.businessId, id))) throw notFound();
    return this.contacts.list(caller, { ...params, groupId: id });
  }

  /** Adds the contacts; already-members do not count. */
  async addContacts(caller: Caller, id: string, contactIds: string[], single = false): Promise<number> {
    const ids = await this.checked(caller, id, contactIds, single);
    return this.repo.addMembers(caller.businessId, id, ids);
  }

  /** Removes the contacts; non-members do not count. */
  async removeContacts(caller: Caller, id: string, contactIds: string[], single = false): Promise<number> {
    const ids = await this.checked(caller, id, contactIds, single);
    return this.repo.removeMembers(caller.businessId, id, ids);
  }

  /** 404 for a group outside the business; 400 'Contact not found' for a contact outside it. */
  private async checked(caller: Caller, id: string, contactIds: string[], single: boolean): Promise<string[]> {
    if (!(await this.repo.exists(caller.businessId, id))) throw notFound();
    const unique = [...new Set(contactIds)];
    const known = await this.repo.existingContactIds(caller.businessId, unique);
    const bad = contactIds.findIndex((c) => !known.has(c));
    if (bad !== -1) {
      throw new AppError('VALIDATION_ERROR', CONTACT_GROUP_MESSAGES.contactNotFound, [
        { field: single ? 'contactId' : `contactIds.${bad}`, message: CONTACT_GROUP_MESSAGES.contactNotFound },
      ]);
    }
    return unique;
  }
}
