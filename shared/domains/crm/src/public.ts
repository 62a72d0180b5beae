/**
 * The crm domain's documented public calls: all that apps other than the crm remote may use (lint lets them
 * import `@atrium/domain-crm/public` only). Today: the work remote lists the business's contacts to link them to
 * a project or a task, and reads a linked contact by id to show its name; the work and documents remotes pick
 * contacts with the same choices (TanStack Query hooks over these calls).
 */
import { contacts as allCalls, type contactsApi } from './index';

export const contacts: Pick<ReturnType<typeof contactsApi>, 'list' | 'get'> = allCalls;
export { contactKeys } from './keys';
export type { Contact, ContactListParams } from './schemas';
export { useContactChoices, useContactNames, type ContactChoice } from './contact-choices';
