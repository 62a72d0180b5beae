import type { ContactForm, FormResponse, QuestionBlock, ResponseSummary } from '@atrium/domain-documents';

/** A question block of `kind`; choice kinds get two options. */
export const makeQuestion = (
  id: string,
  kind: QuestionBlock['kind'],
  over: Partial<QuestionBlock> = {},
): QuestionBlock => ({
  id,
  type: 'question',
  kind,
  label: `Question ${id}`,
  help: null,
  required: false,
  options: kind === 'singleChoice' || kind === 'multiChoice' ? ['Red', 'Blue'] : [],
  ...over,
});

export const makeContactForm = (i: number, over: Partial<ContactForm> = {}): ContactForm => ({
  _id: `f${i}`,
  name: `Form ${i}`,
  description: null,
  questions: [],
  successMessage: null,
  status: 'active',
  publicId: `pub${i}`,
  submissionCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const makeResponseSummary = (i: number, over: Partial<ResponseSummary> = {}): ResponseSummary => ({
  _id: `r${i}`,
  source: 'contact_form',
  formId: 'f1',
  documentId: null,
  title: 'Website enquiry',
  contactId: `c${i}`,
  contact: { name: `Jane Doe ${i}`, email: `jane${i}@example.com` },
  answerCount: 2,
  createdAt: '2026-11-21T09:30:00.000Z',
  ...over,
});

export const makeResponse = (i: number, over: Partial<FormResponse> = {}): FormResponse => ({
  ...makeResponseSummary(i),
  answers: [],
  ...over,
});
