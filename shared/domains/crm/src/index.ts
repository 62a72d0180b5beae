/**
 * The crm domain slice: contacts, contact groups, contact tags and CSV import — wire schemas, typed calls and
 * query keys. Not a federation singleton: each app that uses it bundles (and tree-shakes) its own copy, so a crm
 * schema change ships with the crm remote alone. The calls go through the page's one client (`api`, the
 * api-client singleton), so the session and CSRF handling stay shared.
 */
import { api } from '@atrium/api-client';
import { contactImportApi } from './api/contact-import';
import { contactGroupsApi, contactsApi, contactTagsApi } from './api/contacts';

export * from './schemas';
export * from './keys';
export { contactGroupsApi, contactsApi, contactTagsApi, type ContactGroupSummary } from './api/contacts';
export {
  contactImportApi,
  CONTACT_UPLOAD_TIMEOUT_MS,
  CONTACT_VALIDATE_TIMEOUT_MS,
  type ContactImportApi,
  type ContactImportMappingInput,
} from './api/contact-import';

export const contacts = /* @__PURE__ */ contactsApi(api);
export const contactGroups = /* @__PURE__ */ contactGroupsApi(api);
export const contactTags = /* @__PURE__ */ contactTagsApi(api);
export const contactImport = /* @__PURE__ */ contactImportApi(api);
