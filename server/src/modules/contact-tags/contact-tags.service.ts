import { CONTACT_TAG_MESSAGES, type ContactTag } from '@atrium/domain-crm/schemas';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../contacts/contacts.service';
import type { ContactTagsRepository, TagFields, TagRow } from './contact-tags.repository';

export const toTagDto = (row: TagRow): ContactTag => ({ _id: row.id, name: row.name, color: row.color });

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', CONTACT_TAG_MESSAGES.nameTaken);
    throw error;
  }
}

const notFound = () => new AppError('NOT_FOUND', CONTACT_TAG_MESSAGES.notFound);

export class ContactTagsService {
  constructor(private readonly repo: ContactTagsRepository) {}

  async list(caller: Caller): Promise<ContactTag[]> {
    return (await this.repo.list(caller.businessId)).map(toTagDto);
  }

  async create(caller: Caller, input: TagFields): Promise<ContactTag> {
    return toTagDto(await uniqueName(() => this.repo.create(caller.businessId, input)));
  }

  async update(caller: Caller, id: string, input: Partial<TagFields>): Promise<ContactTag> {
    const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<TagFields>;
    const row = await uniqueName(() => this.repo.update(caller.businessId, id, fields));
    if (!row) throw notFound();
    return toTagDto(row);
  }

  async remove(caller: Caller, id: string): Promise<void> {
    if (!(await this.repo.delete(caller.businessId, id))) throw notFound();
  }
}
