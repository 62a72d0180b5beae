import { DEPOSIT_TOO_LARGE, DISCOUNT_TOO_LARGE, TOTAL_TOO_LARGE, UNKNOWN_TAX_RATE } from './money';

/**
 * Texts of the document screens and answers. The two PDF texts are the spec's, letter for letter; the others are
 * this slice's field and rule messages (docs/requirements.md "Documents: decisions where the spec is silent").
 */
export const DOCUMENT_MESSAGES = {
  /** Spec: the PDF answer was not JSON with a string `data`. */
  invalidResponseFormat: 'Invalid response format',
  /** Spec: the PDF answer's `data` was not base64 of a PDF. */
  pdfParseFailed: 'Failed to parse base64 PDF response',
  pdfUnavailable: 'PDF rendering is not available',

  notFound: 'Document not found',
  /** A contract sent for signature keeps its workflow's evidence (consents, signatures, audit trail). */
  signatureEvidenceKept:
    'This contract was sent for signature: it is kept with its signature evidence (consents, signatures, audit trail) and cannot be deleted',
  templateNotFound: 'Template not found',
  invalidData: 'Invalid document data',
  invalidUpdate: 'Invalid document update data',
  titleRequired: 'Title is required',
  typeInvalid: 'Type must be one of: invoice, contract, questionnaire',

  quantityInvalid: 'Quantity must be a number of at least 0 with up to 3 decimals',
  quantityNegative: 'Quantity cannot be negative',
  priceNegative: 'Unit price cannot be negative',
  priceInvalid: 'Unit price must be a whole number of minor units (cents)',
  amountInvalid: 'Amount must be a whole number of minor units (cents) of at least 0',
  percentInvalid: 'Percent must be between 0 and 100 (in basis points: 0 to 10000)',
  discountTooLarge: DISCOUNT_TOO_LARGE,
  totalTooLarge: TOTAL_TOO_LARGE,
  depositTooLarge: DEPOSIT_TOO_LARGE,
  unknownTaxRate: UNKNOWN_TAX_RATE,
  currencyInvalid: 'Currency must be a three-letter ISO 4217 code, like USD',
  currencyMismatch: (currency: string) => `Every line item must be in the invoice's currency (${currency})`,
  descriptionRequired: 'Describe the item',
  lineItemsOnlyInvoices: 'Only invoices have line items',
  clausesOnlyContracts: 'Clauses belong in contracts only',
  questionsOnlyQuestionnaires: 'Questions belong in questionnaires only',
  signersOnlyContracts: 'Only contracts have signers',
  invoiceFieldsOnlyInvoices: 'Only invoices have a currency, due date, notes or payment schedule',
  questionLabelRequired: 'Write the question',
  optionsRequired: 'A choice question needs at least two options',
  signerRoleTwice: 'Each signer role (owner, client) can appear once',
  signerEmailInvalid: 'Enter a valid email address',
  blockIdTwice: 'Each block needs its own id',

  onlyDrafts:
    'Only drafts can be changed this way: a sent document keeps its content (duplicate it to make a new version)',
  statusMove: (from: string, to: string) => `A document cannot go from ${from} to ${to}`,
  templateNotSendable: 'A template cannot be sent: create a document from it first',
  notSentYet: 'Send the document first',
  expiryPassed: 'The expiry date has passed: move it later before sending',
  alreadyTemplate: 'This document is already a template',
  taxRateNotFound: 'Tax rate not found',
  taxRateNameTaken: 'A tax rate with this name already exists',
  taxRateNameRequired: 'Name is required',
  taxRateInvalid: 'Rate must be between 0 and 100 % (in basis points: 0 to 10000)',

  linkNotFound: 'Document not found',
  linkExpired: 'This document link has expired',

  created: 'Document created',
  saved: 'Saved',
  saving: 'Saving…',
  saveFailed: 'Could not save the document',
  sent: 'Document sent',
  sentNoEmail: 'Document sent. The contact has no email: share the link yourself.',
  sentMailFailed: 'Document sent, but the email could not be delivered: share the link yourself.',
  deleteConfirm: 'Delete this document? This cannot be undone.',
} as const;
