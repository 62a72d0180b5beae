import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { ESIGN_DISCLOSURE, SIGNATURE_MESSAGES, publicSignatures } from '@atrium/domain-documents';
import { renderWithProviders } from '../../test-utils';
import { makeSession } from '../../test-signatures';
import DocumentViewPage from '../../routes/document-view-page';
import { CONSENT_LABEL } from './disclosure';

const LINK = '/documents/view/d1?token=sig_abc';
const open = () => renderWithProviders(<DocumentViewPage />, LINK, '/documents/view/:id');
const step = (over: Partial<Awaited<ReturnType<typeof publicSignatures.sign>>> = {}) => ({
  signerStatus: 'signed' as const,
  workflowStatus: 'in_progress' as const,
  consentedAt: '2026-11-27T10:00:00.000Z',
  signedAt: '2026-11-27T10:01:00.000Z',
  declinedAt: null,
  ...over,
});

beforeEach(() => {
  // jsdom draws nothing: the pad's canvas gets no context (typed signatures need none).
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

describe('the signer’s link (sig_ token on /documents/view)', () => {
  it('reviews, consents with the disclosure’s version, types a signature and finishes', async () => {
    const session = jest.spyOn(publicSignatures, 'session').mockResolvedValue(makeSession());
    const consent = jest.spyOn(publicSignatures, 'consent').mockResolvedValue(step({ signerStatus: 'consented' }));
    const sign = jest.spyOn(publicSignatures, 'sign').mockResolvedValue(step());
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'Lease agreement' })).toBeInTheDocument();
    expect(session).toHaveBeenCalledWith('d1', 'sig_abc');
    expect(screen.getByText('Ann Photo asks you to sign “Lease agreement”.')).toBeInTheDocument();
    expect(screen.getByText('Twelve months.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(ESIGN_DISCLOSURE.paragraphs[0])).toBeInTheDocument();
    // Consent is required before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Agree and continue' }));
    expect(screen.getByText(SIGNATURE_MESSAGES.consentMustAccept)).toBeInTheDocument();
    expect(consent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Agree and continue' }));
    expect(consent).toHaveBeenCalledWith('d1', 'sig_abc', {
      disclosureVersion: ESIGN_DISCLOSURE.version,
      accepted: true,
    });

    // Finish without a signature: said, nothing sent.
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(screen.getByText('Draw your signature, or choose Type and type your name.')).toBeInTheDocument();
    expect(sign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    expect(screen.getByLabelText('Type your full name')).toHaveValue('Carl Client');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(sign).toHaveBeenCalledWith('d1', 'sig_abc', { signature: { kind: 'typed', name: 'Carl Client' } });
    expect(await screen.findByRole('heading', { name: 'Thank you — your signature is recorded' })).toBeInTheDocument();
    expect(screen.getByText('This signing link has now been used and will not open again.')).toBeInTheDocument();
    // The spent link is not asked again.
    expect(session).toHaveBeenCalledTimes(1);
  });

  it('skips the consent already given for this disclosure version, and says when everyone has signed', async () => {
    jest.spyOn(publicSignatures, 'session').mockResolvedValue(
      makeSession({
        signer: {
          ...makeSession().signer,
          status: 'consented',
          consentedAt: '2026-11-27T09:00:00.000Z',
          disclosureVersion: ESIGN_DISCLOSURE.version,
        },
      }),
    );
    const consent = jest.spyOn(publicSignatures, 'consent');
    jest.spyOn(publicSignatures, 'sign').mockResolvedValue(step({ workflowStatus: 'completed' }));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'Thank you — the document is signed' })).toBeInTheDocument();
    expect(consent).not.toHaveBeenCalled();
  });

  it.each([
    ['NOT_FOUND', 404, '/document-not-found'],
    ['GONE', 410, '/document-expired'],
    ['SIGNATURE_LINK_USED', 409, '/document-expired'],
    ['SIGNATURE_VOIDED', 410, '/document-error'],
    ['SIGNATURE_DECLINED', 410, '/document-error'],
  ])('a link refused with %s goes to its public page', async (code, status, page) => {
    jest.spyOn(publicSignatures, 'session').mockRejectedValue(new ApiError(status, code, 'refused'));
    open();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(page));
  });

  it('a link spent meanwhile (signed in another tab) leaves for the expired page on Finish', async () => {
    jest.spyOn(publicSignatures, 'session').mockResolvedValue(makeSession());
    jest.spyOn(publicSignatures, 'consent').mockResolvedValue(step({ signerStatus: 'consented' }));
    jest
      .spyOn(publicSignatures, 'sign')
      .mockRejectedValue(new ApiError(409, 'SIGNATURE_LINK_USED', 'This signing link has already been used'));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Agree and continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Type' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/document-expired'));
  });

  it('shows the server’s field message on the signature and stays', async () => {
    jest.spyOn(publicSignatures, 'session').mockResolvedValue(
      makeSession({
        signer: { ...makeSession().signer, consentedAt: 'x', disclosureVersion: ESIGN_DISCLOSURE.version },
      }),
    );
    jest
      .spyOn(publicSignatures, 'sign')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', SIGNATURE_MESSAGES.invalidSignature, [
          { field: 'signature.name', message: SIGNATURE_MESSAGES.typedTooLong },
        ]),
      );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(SIGNATURE_MESSAGES.typedTooLong)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(LINK);
  });

  it('tells a signer whose turn has not come, and keeps Continue off', async () => {
    jest.spyOn(publicSignatures, 'session').mockResolvedValue(makeSession({ yourTurn: false }));
    open();
    expect(await screen.findByText(SIGNATURE_MESSAGES.notYourTurn)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('declines with a reason (required), then shows the declined page', async () => {
    jest.spyOn(publicSignatures, 'session').mockResolvedValue(makeSession());
    const decline = jest
      .spyOn(publicSignatures, 'decline')
      .mockResolvedValue(
        step({ signerStatus: 'declined', workflowStatus: 'declined', declinedAt: 'x', signedAt: null }),
      );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Decline to sign' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByText(SIGNATURE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(decline).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'The dates are wrong');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(decline).toHaveBeenCalledWith('d1', 'sig_abc', { reason: 'The dates are wrong' });
    expect(await screen.findByRole('heading', { name: 'You declined to sign' })).toBeInTheDocument();
  });
});
