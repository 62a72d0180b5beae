import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { clearTestSession } from '@atrium/api-client/testing';
import { bus, type Toast } from '@atrium/event-bus';
import { ESIGN_DISCLOSURE, SIGNATURE_MESSAGES, signatures } from '@atrium/domain-documents';
import { envelope, makeDocument, renderWithProviders, signInAs } from '../test-utils';
import { makeAudit, makeSigner, makeSummary, makeWorkflow } from '../test-signatures';
import { CONSENT_LABEL } from '../features/signatures/disclosure';
import SignaturesPage from './signatures-page';
import SignaturesCompletedPage from './signatures-completed-page';
import SignatureWorkflowPage from './signature-workflow-page';
import SignatureOwnerSignPage from './signature-owner-sign-page';
import SignatureViewDocumentPage from './signature-view-document-page';
import EsignDisclosurePage from './esign-disclosure-page';

function toasts() {
  const seen: Toast[] = [];
  const sub = bus.on('toast:show').subscribe((t) => seen.push(t));
  return { seen, stop: () => sub.unsubscribe() };
}

beforeEach(() => {
  signInAs('owner');
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  jest.restoreAllMocks();
  clearTestSession();
});

describe('/signatures/workflows', () => {
  it('lists workflows with their signers’ progress and filters by status tab', async () => {
    const list = jest
      .spyOn(signatures, 'list')
      .mockResolvedValue(envelope([makeSummary(1, { signedCount: 1 }), makeSummary(2, { status: 'completed' })]));
    const user = userEvent.setup();
    renderWithProviders(<SignaturesPage />, '/signatures/workflows');
    const table = await screen.findByRole('table', { name: 'Signature workflows' });
    expect(within(table).getByRole('link', { name: 'Contract 1' })).toHaveAttribute('href', '/signatures/workflows/w1');
    expect(within(table).getAllByText('1 of 2 signed')).toHaveLength(1);
    expect(within(table).getAllByText('Carl Client, Olive Owner')).toHaveLength(2);
    expect(list).toHaveBeenLastCalledWith(
      { page: 1, limit: 20, search: undefined, status: undefined },
      expect.anything(),
    );
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/signatures/workflows?status=completed'),
    );
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'completed' }), expect.anything());
  });

  it('says when there is nothing yet, and retries after a failure', async () => {
    const list = jest
      .spyOn(signatures, 'list')
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'Boom'))
      .mockResolvedValue(envelope([]));
    const user = userEvent.setup();
    renderWithProviders(<SignaturesPage />, '/signatures');
    expect(await screen.findByText('Signature workflows could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(
      await screen.findByText('No signature workflows yet. Open a contract and choose Send for signature.'),
    ).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });
});

describe('/signatures/completed', () => {
  it('asks for completed workflows only and downloads a signed PDF', async () => {
    const list = jest
      .spyOn(signatures, 'list')
      .mockResolvedValue(envelope([makeSummary(3, { status: 'completed', completedAt: '2026-11-22T10:00:00.000Z' })]));
    const pdf = jest.spyOn(signatures, 'signedPdf').mockResolvedValue(new Uint8Array([37, 80, 68, 70]));
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<SignaturesCompletedPage />, '/signatures/completed?status=draft');
    await user.click(await screen.findByRole('button', { name: 'Download signed PDF of Contract 3' }));
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ status: 'completed' }), expect.anything());
    expect(pdf).toHaveBeenCalledWith('w3');
  });
});

describe('/signatures/workflows/:workflowId', () => {
  const open = () =>
    renderWithProviders(<SignatureWorkflowPage />, '/signatures/workflows/w1', '/signatures/workflows/:workflowId');

  it('shows the signers in order, whose turn it is, and the audit trail with hashes', async () => {
    jest.spyOn(signatures, 'get').mockResolvedValue(makeWorkflow());
    open();
    const signers = await screen.findByRole('table', { name: 'Signers' });
    const rows = within(signers).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Carl Client(their turn)carl@client.test',
      'Olive Owner' + 'olive@biz.test',
    ]);
    expect(within(rows[0]!).getByText('Invited')).toBeInTheDocument();
    const audit = screen.getByRole('table', { name: 'Audit trail' });
    expect(within(audit).getByText('Created')).toBeInTheDocument();
    expect(within(audit).getByText('Sent')).toBeInTheDocument();
    expect(within(audit).getAllByText('203.0.113.7')).toHaveLength(2);
    // The owner does not sign before the client in sequential order.
    expect(screen.queryByRole('link', { name: 'Sign as business owner' })).not.toBeInTheDocument();
  });

  it('sends a reminder after the confirmation and says who was emailed', async () => {
    const w = makeWorkflow();
    jest.spyOn(signatures, 'get').mockResolvedValue(w);
    const remind = jest
      .spyOn(signatures, 'remind')
      .mockResolvedValue({ workflow: w, invitations: [{ signerId: 's1', email: 'sent' }] });
    const t = toasts();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Send reminder' }));
    expect(remind).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send reminder' }));
    expect(remind).toHaveBeenCalledWith('w1');
    await waitFor(() => expect(t.seen.map((x) => x.message)).toContain('Reminder emailed to 1 signer'));
    t.stop();
  });

  it('voids with a reason after the confirmation', async () => {
    const w = makeWorkflow();
    jest.spyOn(signatures, 'get').mockResolvedValue(w);
    const voidCall = jest
      .spyOn(signatures, 'void')
      .mockResolvedValue({ ...w, status: 'voided', voidReason: 'Wrong price' });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Wrong price');
    await user.click(screen.getByRole('button', { name: 'Void workflow' }));
    expect(voidCall).toHaveBeenCalledWith('w1', { reason: 'Wrong price' });
    expect(await screen.findByText('Wrong price')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('a plain member reads but neither reminds nor voids', async () => {
    signInAs('member');
    jest.spyOn(signatures, 'get').mockResolvedValue(makeWorkflow());
    open();
    expect(await screen.findByRole('table', { name: 'Signers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('offers the owner’s signature when it is their turn', async () => {
    jest.spyOn(signatures, 'get').mockResolvedValue(
      makeWorkflow({
        status: 'in_progress',
        currentSignerId: 's2',
        signers: [makeSigner(1, { status: 'signed', signedAt: 'x' }), makeSigner(2, { role: 'owner', status: 'sent' })],
      }),
    );
    open();
    expect(await screen.findByRole('link', { name: 'Sign as business owner' })).toHaveAttribute(
      'href',
      '/signatures/workflows/w1/business-owner-sign',
    );
  });

  it('does not offer the owner’s signature when another owner consented first', async () => {
    jest.spyOn(signatures, 'get').mockResolvedValue(
      makeWorkflow({
        status: 'in_progress',
        currentSignerId: 's2',
        signers: [
          makeSigner(1, { status: 'signed', signedAt: 'x' }),
          makeSigner(2, { role: 'owner', status: 'consented', consentedAt: 'x', userId: 'u-other' }),
        ],
      }),
    );
    open();
    expect(await screen.findByRole('table', { name: 'Signers' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign as business owner' })).not.toBeInTheDocument();
  });

  it('once completed, downloads the signed PDF and shows the verification', async () => {
    jest
      .spyOn(signatures, 'get')
      .mockResolvedValue(
        makeWorkflow({ status: 'completed', signedFileId: 'f1', signedSha256: 'ab'.repeat(32), currentSignerId: null }),
      );
    const verify = jest.spyOn(signatures, 'verify').mockResolvedValue({
      valid: true,
      sha256: 'ab'.repeat(32),
      storedSha256: 'ab'.repeat(32),
      hashMatches: true,
      sealValid: true,
      auditChainValid: true,
      auditBrokenAt: null,
      signer: 'Atrium document seal',
      signedAt: '2026-11-22T10:00:00.000Z',
      problems: [],
    });
    open();
    expect(await screen.findByText('Signed PDF verified')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledWith('w1');
    expect(screen.getByText(`SHA-256 ${'ab'.repeat(32)}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download signed PDF' })).toBeInTheDocument();
  });

  it('a failed verification says what broke', async () => {
    jest.spyOn(signatures, 'get').mockResolvedValue(makeWorkflow({ status: 'completed' }));
    jest.spyOn(signatures, 'verify').mockResolvedValue({
      valid: false,
      sha256: 'cd'.repeat(32),
      storedSha256: 'ab'.repeat(32),
      hashMatches: false,
      sealValid: false,
      auditChainValid: false,
      auditBrokenAt: 3,
      signer: null,
      signedAt: null,
      problems: ['The PDF was changed after sealing'],
    });
    open();
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText(/The audit trail's hash chain breaks at entry 3/)).toBeInTheDocument();
    expect(screen.getByText('The PDF was changed after sealing')).toBeInTheDocument();
  });

  it('a workflow of another business is not found', async () => {
    jest.spyOn(signatures, 'get').mockRejectedValue(new ApiError(404, 'NOT_FOUND', SIGNATURE_MESSAGES.notFound));
    open();
    expect(await screen.findByText('Signature workflow not found')).toBeInTheDocument();
  });
});

describe('/signatures/workflows/:workflowId/business-owner-sign', () => {
  const open = () =>
    renderWithProviders(
      <SignatureOwnerSignPage />,
      '/signatures/workflows/w1/business-owner-sign',
      '/signatures/workflows/:workflowId/business-owner-sign',
    );
  const ownersTurn = () =>
    makeWorkflow({
      status: 'in_progress',
      currentSignerId: 's2',
      signers: [
        makeSigner(1, { status: 'signed' }),
        makeSigner(2, { role: 'owner', name: 'Olive Owner', status: 'sent' }),
      ],
    });

  it('consents, types and finishes, then goes back to the workflow', async () => {
    const w = ownersTurn();
    jest.spyOn(signatures, 'get').mockResolvedValue(w);
    const consent = jest.spyOn(signatures, 'ownerConsent').mockResolvedValue(w);
    const sign = jest.spyOn(signatures, 'ownerSign').mockResolvedValue({ ...w, status: 'completed' });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('checkbox', { name: CONSENT_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Agree and continue' }));
    expect(consent).toHaveBeenCalledWith('w1', { disclosureVersion: ESIGN_DISCLOSURE.version, accepted: true });
    await user.click(await screen.findByRole('radio', { name: 'Type' }));
    expect(screen.getByLabelText('Type your full name')).toHaveValue('Olive Owner');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(sign).toHaveBeenCalledWith('w1', { signature: { kind: 'typed', name: 'Olive Owner' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/signatures\/workflows\/w1$/));
  });

  it.each([
    ['a member who is not the owner', 'admin' as const, ownersTurn(), SIGNATURE_MESSAGES.notOwner],
    [
      'before the clients',
      'owner' as const,
      makeWorkflow(),
      'The other signers sign first: you will be notified when it is your turn.',
    ],
    [
      'after signing',
      'owner' as const,
      makeWorkflow({ signers: [makeSigner(2, { role: 'owner', status: 'signed' })] }),
      'You have already signed this document.',
    ],
    [
      'another owner consented first',
      'owner' as const,
      makeWorkflow({
        status: 'in_progress',
        currentSignerId: 's2',
        signers: [
          makeSigner(1, { status: 'signed' }),
          makeSigner(2, { role: 'owner', status: 'consented', consentedAt: 'x', userId: 'u-other' }),
        ],
      }),
      SIGNATURE_MESSAGES.anotherOwnerSigns,
    ],
  ])('explains why there is nothing to sign: %s', async (_, role, w, text) => {
    signInAs(role);
    jest.spyOn(signatures, 'get').mockResolvedValue(w);
    open();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('/signatures/workflows/:workflowId/view-document and /legal/esign-disclosure', () => {
  it('shows the contract as the signers see it', async () => {
    jest.spyOn(signatures, 'get').mockResolvedValue(makeWorkflow({ documentId: 'd9' }));
    const preview = jest.spyOn(signatures, 'document').mockResolvedValue({
      document: makeDocument(9, { type: 'contract', status: 'sent', title: 'Lease agreement' }),
      business: { name: 'Olive Kitchens' },
      asSent: true,
    });
    renderWithProviders(
      <SignatureViewDocumentPage />,
      '/signatures/workflows/w1/view-document',
      '/signatures/workflows/:workflowId/view-document',
    );
    expect(await screen.findByRole('heading', { name: 'Lease agreement' })).toBeInTheDocument();
    expect(preview).toHaveBeenCalledWith('w1');
    expect(
      screen.getByText('The contract as it was sent for signature: later edits do not change what is signed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the workflow' })).toHaveAttribute(
      'href',
      '/signatures/workflows/w1',
    );
  });

  it('the disclosure page shows the slice’s text and version', () => {
    renderWithProviders(<EsignDisclosurePage />, '/legal/esign-disclosure');
    expect(screen.getByRole('heading', { name: ESIGN_DISCLOSURE.title })).toBeInTheDocument();
    for (const p of ESIGN_DISCLOSURE.paragraphs) expect(screen.getByText(p)).toBeInTheDocument();
    expect(screen.getByText(`Version ${ESIGN_DISCLOSURE.version}`)).toBeInTheDocument();
  });
});

// Audit entries of other kinds render with their labels.
it('labels every audit event', async () => {
  jest.spyOn(signatures, 'get').mockResolvedValue(
    makeWorkflow({
      audit: [
        makeAudit(1, { event: 'consented', actorName: 'Carl Client' }),
        makeAudit(2, { event: 'completed', actor: 'system', actorName: null }),
      ],
    }),
  );
  renderWithProviders(<SignatureWorkflowPage />, '/signatures/workflows/w1', '/signatures/workflows/:workflowId');
  const audit = await screen.findByRole('table', { name: 'Audit trail' });
  expect(within(audit).getByText('Consented to sign electronically')).toBeInTheDocument();
  expect(within(audit).getByText('Atrium')).toBeInTheDocument();
});
