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
import { publicSignaturesApi, signaturesApi } from './api/signatures';
import { financeApi } from './api/finance';
import { paymentsApi, publicPaymentsApi, stripeApi } from './api/payments';

export * from './schemas';
export * from './keys';
export { documentsApi, publicDocumentsApi, taxRatesApi } from './api/documents';
export { packagesApi, publicPackagesApi, type PackagesApi, type PublicPackagesApi } from './api/packages';
export type { DocumentsApi, PublicDocumentsApi, TaxRatesApi } from './api/documents';
export { filesApi, type FilesApi } from './api/files';
export { contactFormsApi, publicFormsApi, responsesApi } from './api/forms';
export type { ContactFormsApi, PublicFormsApi, ResponsesApi } from './api/forms';
export { signaturesApi, publicSignaturesApi, type SignaturesApi, type PublicSignaturesApi } from './api/signatures';
export { financeApi, type FinanceApi } from './api/finance';
export { paymentsApi, publicPaymentsApi, stripeApi } from './api/payments';
export type { PaymentsApi, PublicPaymentsApi, StripeApi } from './api/payments';

export const documents = /* @__PURE__ */ documentsApi(api);
export const taxRates = /* @__PURE__ */ taxRatesApi(api);
export const publicDocuments = /* @__PURE__ */ publicDocumentsApi(api);
export const packages = /* @__PURE__ */ packagesApi(api);
export const publicPackages = /* @__PURE__ */ publicPackagesApi(api);
export const libraryFiles = /* @__PURE__ */ filesApi(api);
export const contactForms = /* @__PURE__ */ contactFormsApi(api);
export const responses = /* @__PURE__ */ responsesApi(api);
export const publicForms = /* @__PURE__ */ publicFormsApi(api);
export const signatures = /* @__PURE__ */ signaturesApi(api);
export const publicSignatures = /* @__PURE__ */ publicSignaturesApi(api);
export const finance = /* @__PURE__ */ financeApi(api);
export const stripe = /* @__PURE__ */ stripeApi(api);
export const payments = /* @__PURE__ */ paymentsApi(api);
export const publicPayments = /* @__PURE__ */ publicPaymentsApi(api);
