import { composePhone, makePagination, type Contact, type ContactData, type ListEnvelope } from '@atrium/contracts';
import { AppError } from '../../lib/errors';
import type { ContactFilter, ContactRow, ContactsRepository } from './contacts.repository';

export function toContactDto(row: ContactRow): Contact {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    email: row.email,
    phone: composePhone(row.phoneCode, row.phoneNumber),
    phoneCode: row.phoneCode,
    phoneNumber: row.phoneNumber,
    business: row.business,
    status: row.status,
    jobTitle: row.jobTitle,
    industry: row.industry,
    specialities: row.specialities,
    foundDate: row.foundDate?.toISOString() ?? null,
    lastContact: row.lastContact?.toISOString() ?? null,
    dateCreated: row.createdAt.toISOString(),
    address: row.address,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    linkedin: row.linkedin,
    x: row.x,
    instagram: row.instagram,
    facebook: row.facebook,
    blog: row.blog,
    youtube: row.youtube,
    tiktok: row.tiktok,
    other: row.other,
    notes: row.notes,
    groupIds: row.groupIds,
  };
}

export interface Caller {
  userId: string;
  businessId: string;
}

export class ContactsService {
  constructor(private readonly repo: ContactsRepository) {}

  async list(caller: Caller, filter: ContactFilter): Promise<ListEnvelope<Contact>> {
    const { rows, total } = await this.repo.list(caller.businessId, filter);
    return {
      success: true,
      data: rows.map(toContactDto),
      pagination: makePagination(total, filter.page, filter.limit),
    };
  }

  async get(caller: Caller, id: string): Promise<Contact> {
    const row = await this.repo.findById(caller.businessId, id);
    if (!row) throw new AppError('NOT_FOUND', 'Contact not found');
    return toContactDto(row);
  }

  async create(caller: Caller, input: ContactData): Promise<Contact> {
    const { groupIds, foundDate, lastContact, ...fields } = input;
    const groups = [...new Set(groupIds)];
    const known = new Set(await this.repo.existingGroupIds(caller.businessId, groups));
    const unknown = groups.findIndex((g) => !known.has(g));
    if (unknown !== -1) {
      throw new AppError('VALIDATION_ERROR', 'Validation failed', [
        { field: `groupIds.${unknown}`, message: 'Contact group not found' },
      ]);
    }
    const id = await this.repo.create(
      caller.businessId,
      caller.userId,
      {
        ...fields,
        foundDate: foundDate ? new Date(foundDate) : null,
        lastContact: lastContact ? new Date(lastContact) : null,
      },
      groups,
    );
    return this.get(caller, id);
  }
}
