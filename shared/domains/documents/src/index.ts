/**
 * The documents domain slice: invoices, contracts and questionnaires (typed blocks, line items, totals, merge
 * tags), the business's tax rates and public links — wire schemas, pure rules, typed calls and query keys. Not a
 * federation singleton: each app that uses it bundles (and tree-shakes) its own copy. The calls go through the
 * page's one client (`api`).
 */
import { api } from '@atrium/api-client';
import { documentsApi, publicDocumentsApi, taxRatesApi } from './api/documents';
import { packagesApi, publicPackagesApi } from './api/packages';
import { filesApi } from './api/files';
import { contactFormsApi, publicFormsApi, responsesApi } from './api/forms';

export * from './schemas';
export * from './keys';
export { documentsApi, publicDocumentsApi, taxRatesApi } from './api/documents';
export { packagesApi, publicPackagesApi, type PackagesApi, type PublicPackagesApi } from './api/packages';
export type { DocumentsApi, PublicDocumentsApi, TaxRatesApi } from './api/documents';
export { filesApi, type FilesApi } from './api/files';
export { contactFormsApi, publicFormsApi, responsesApi } from './api/forms';
export type { ContactFormsApi, PublicFormsApi, ResponsesApi } from './api/forms';

export const documents = /* @__PURE__ */ documentsApi(api);
export const taxRates = /* @__PURE__ */ taxRatesApi(api);
export const publicDocuments = /* @__PURE__ */ publicDocumentsApi(api);
export const packages = /* @__PURE__ */ packagesApi(api);
export const publicPackages = /* @__PURE__ */ publicPackagesApi(api);
export const libraryFiles = /* @__PURE__ */ filesApi(api);
export const contactForms = /* @__PURE__ */ contactFormsApi(api);
export const responses = /* @__PURE__ */ responsesApi(api);
export const publicForms = /* @__PURE__ */ publicFormsApi(api);
