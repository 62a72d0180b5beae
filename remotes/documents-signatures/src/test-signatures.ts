import type { AuditEntry, SigningSession, Workflow, WorkflowSigner, WorkflowSummary } from '@atrium/domain-documents';
import { makeDocument } from './test-utils';

export const makeSigner = (i: number, over: Partial<WorkflowSigner> = {}): WorkflowSigner => ({
  _id: `s${i}`,
  order: i,
  role: 'client',
  name: `Signer ${i}`,
  email: `signer${i}@example.com`,
  contactId: null,
  userId: null,
  status: 'pending',
  invitedAt: null,
  openedAt: null,
  consentedAt: null,
  disclosureVersion: null,
  signedAt: null,
  signatureKind: null,
  typedName: null,
  declinedAt: null,
  declineReason: null,
  lastRemindedAt: null,
  ...over,
});

export const makeSummary = (i: number, over: Partial<WorkflowSummary> = {}): WorkflowSummary => ({
  _id: `w${i}`,
  documentId: `d${i}`,
  documentTitle: `Contract ${i}`,
  status: 'sent',
  signingOrder: 'sequential',
  expiresAt: '2026-12-27T23:59:59.000Z',
  reminderIntervalDays: 3,
  createdBy: 'u1',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  sentAt: '2026-11-20T10:05:00.000Z',
  completedAt: null,
  voidedAt: null,
  signerCount: 2,
  signedCount: 0,
  signerNames: ['Carl Client', 'Olive Owner'],
  ...over,
});

export const makeAudit = (sequence: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  sequence,
  event: 'created',
  actor: 'owner:u1',
  actorName: 'Olive Owner',
  signerId: null,
  at: '2026-11-20T10:00:00.000Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 Test',
  data: {},
  prevHash: '0'.repeat(64),
  hash: `${sequence}`.repeat(64).slice(0, 64),
  ...over,
});

/** A sent sequential workflow: the client first (invited), then the business owner (waiting). */
export const makeWorkflow = (over: Partial<Workflow> = {}): Workflow => ({
  ...makeSummary(1),
  message: '',
  voidReason: null,
  signers: [
    makeSigner(1, {
      name: 'Carl Client',
      email: 'carl@client.test',
      status: 'sent',
      invitedAt: '2026-11-20T10:05:00.000Z',
    }),
    makeSigner(2, { role: 'owner', name: 'Olive Owner', email: 'olive@biz.test', userId: 'u1' }),
  ],
  audit: [makeAudit(1), makeAudit(2, { event: 'sent' })],
  signedFileId: null,
  signedSha256: null,
  currentSignerId: 's1',
  ...over,
});

/** What a client's signing link opens. */
export const makeSession = (over: Partial<SigningSession> = {}): SigningSession => {
  const {
    contactId: _c,
    projectId: _p,
    templateId: _t,
    isTemplate: _i,
    ...document
  } = makeDocument(1, {
    type: 'contract',
    status: 'sent',
    title: 'Lease agreement',
    blocks: [{ id: 'b1', type: 'clause', title: 'Term', html: '<p>Twelve months.</p>' }],
  });
  return {
    workflow: {
      _id: 'w1',
      status: 'sent',
      signingOrder: 'sequential',
      expiresAt: '2026-12-27T23:59:59.000Z',
      message: '',
    },
    document,
    business: { name: 'Ann Photo' },
    signer: {
      _id: 's1',
      name: 'Carl Client',
      email: 'carl@client.test',
      role: 'client',
      status: 'opened',
      consentedAt: null,
      disclosureVersion: null,
      signedAt: null,
    },
    signers: [
      { order: 1, name: 'Carl Client', role: 'client', status: 'opened' },
      { order: 2, name: 'Olive Owner', role: 'owner', status: 'pending' },
    ],
    yourTurn: true,
    disclosure: { version: '2026-11-27', url: '/legal/esign-disclosure' },
    ...over,
  };
};
