import { ApiError } from '@atrium/api-client';
import { isNotYourTurn, signingErrorPage } from './signing-errors';

describe('signingErrorPage', () => {
  it.each([
    [404, 'NOT_FOUND', '/document-not-found'],
    [410, 'GONE', '/document-expired'],
    [409, 'SIGNATURE_LINK_USED', '/document-expired'],
    [410, 'SIGNATURE_VOIDED', '/document-error'],
    [410, 'SIGNATURE_DECLINED', '/document-error'],
    [410, '410', '/document-expired'],
    [404, '404', '/document-not-found'],
  ])('%s %s → %s', (status, code, page) => {
    expect(signingErrorPage(new ApiError(status, code, 'x'))).toBe(page);
  });

  it('keeps the signer on the page for their turn, field messages, the network and non-API errors', () => {
    expect(signingErrorPage(new ApiError(409, 'SIGNATURE_NOT_YOUR_TURN', 'wait'))).toBeNull();
    expect(signingErrorPage(new ApiError(400, 'VALIDATION_ERROR', 'bad'))).toBeNull();
    expect(signingErrorPage(new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBeNull();
    expect(signingErrorPage(new Error('boom'))).toBeNull();
    expect(isNotYourTurn(new ApiError(409, 'SIGNATURE_NOT_YOUR_TURN', 'wait'))).toBe(true);
    expect(isNotYourTurn(new ApiError(409, 'CONFLICT', 'x'))).toBe(false);
  });
});
