import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, api } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { MESSAGES } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { identity, IDENTITY_MESSAGES } from '@atrium/domain-identity';
import { ForgotPasswordPage } from './forgot-password-page';
import { PASSWORDS_DIFFER, ResetPasswordPage } from './reset-password-page';
import { SignInPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';
import { EMAIL_VERIFIED_MESSAGE, VerifyEmailPage } from './verify-email-page';

/** Shows where a page navigated to, with the state it handed over. */
function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="where">
      {name} {location.search} {JSON.stringify(location.state ?? null)}
    </p>
  );
}

function renderRoutes(path: string, pages: Record<string, ReactElement>, state?: unknown) {
  const all: Record<string, ReactElement> = {
    '/signin': <Where name="signin" />,
    '/verify-email': <Where name="verify" />,
    '/': <Where name="home" />,
    ...pages,
  };
  return render(
    <UiProvider env="test">
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0], search: path.split('?')[1] ?? '', state }]}>
        <Routes>
          {Object.entries(all).map(([p, el]) => (
            <Route key={p} path={p} element={el} />
          ))}
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  setTestSession({ status: 'anonymous', user: null });
});
afterEach(() => jest.restoreAllMocks());

describe('sign-up', () => {
  it('goes to /verify-email with the address when the account needs verifying (no session)', async () => {
    const register = jest
      .spyOn(api.auth, 'register')
      .mockResolvedValue({ requiresVerification: true, email: 'maya@studio.com' });
    renderRoutes('/signup', { '/signup': <SignUpPage /> });
    type(/^First name/, 'Maya');
    type(/^Last name/, 'Lin');
    type(/^Email/, 'maya@studio.com');
    type(/^Password/, 'correct-horse-42');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('verify ?email=maya%40studio.com');
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'maya@studio.com', businessName: undefined }),
    );
  });

  it("says 'Signup failed' when the failure is not an API answer", async () => {
    jest.spyOn(api.auth, 'register').mockRejectedValue(new Error('boom'));
    renderRoutes('/signup', { '/signup': <SignUpPage /> });
    type(/^First name/, 'Maya');
    type(/^Last name/, 'Lin');
    type(/^Email/, 'maya@studio.com');
    type(/^Password/, 'correct-horse-42');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.signupFailed);
  });
});

describe('sign-in', () => {
  it('an unverified account goes to /verify-email with the e-mail and the server message', async () => {
    jest
      .spyOn(api.auth, 'login')
      .mockResolvedValue({ success: false, code: 'EMAIL_NOT_VERIFIED', error: IDENTITY_MESSAGES.emailNotVerified });
    renderRoutes('/signin', { '/signin': <SignInPage /> });
    type(/^Email/, 'maya@studio.com');
    type(/^Password/, 'correct-horse-42');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const where = await screen.findByTestId('where');
    expect(where).toHaveTextContent('verify ?email=maya%40studio.com');
    expect(where).toHaveTextContent(IDENTITY_MESSAGES.emailNotVerified);
  });

  it('shows a handed-over success message and prefills the e-mail; links to forgot password', () => {
    renderRoutes(
      '/signin',
      { '/signin': <SignInPage /> },
      {
        message: EMAIL_VERIFIED_MESSAGE,
        tone: 'success',
        email: 'maya@studio.com',
      },
    );
    expect(screen.getByRole('status')).toHaveTextContent(EMAIL_VERIFIED_MESSAGE);
    expect(screen.getByLabelText(/^Email/)).toHaveValue('maya@studio.com');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('verify email', () => {
  it('verifies with the prefilled e-mail and sends the user to sign in with a message and the e-mail', async () => {
    const verify = jest.spyOn(identity, 'verifyEmail').mockResolvedValue({ success: true });
    renderRoutes('/verify-email?email=maya%40studio.com', { '/verify-email': <VerifyEmailPage /> });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('maya@studio.com');
    type(/^Verification code/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    const where = await screen.findByTestId('where');
    expect(where).toHaveTextContent('signin');
    expect(where).toHaveTextContent(EMAIL_VERIFIED_MESSAGE);
    expect(where).toHaveTextContent('"email":"maya@studio.com"');
    expect(verify).toHaveBeenCalledWith({ email: 'maya@studio.com', code: '123456' });
  });

  it('checks the code with the shared rule before calling the server', async () => {
    const verify = jest.spyOn(identity, 'verifyEmail');
    renderRoutes('/verify-email?email=maya%40studio.com', { '/verify-email': <VerifyEmailPage /> });
    type(/^Verification code/, '12a');
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();
  });

  it("a wrong code shows 'Email verification failed' with the server's reason", async () => {
    jest
      .spyOn(identity, 'verifyEmail')
      .mockRejectedValue(new ApiError(400, 'INVALID_CODE', IDENTITY_MESSAGES.invalidVerificationCode));
    renderRoutes('/verify-email?email=maya%40studio.com', { '/verify-email': <VerifyEmailPage /> });
    type(/^Verification code/, '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.emailVerificationFailed);
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.invalidVerificationCode);
  });

  it('sends a new code to the address in the form', async () => {
    const resend = jest.spyOn(identity, 'resendVerification').mockResolvedValue({ success: true });
    renderRoutes('/verify-email?email=maya%40studio.com', { '/verify-email': <VerifyEmailPage /> });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(IDENTITY_MESSAGES.verificationSent);
    expect(resend).toHaveBeenCalledWith({ email: 'maya@studio.com' });
  });
});

describe('forgot password', () => {
  it("shows the server's neutral answer", async () => {
    const forgot = jest
      .spyOn(identity, 'forgotPassword')
      .mockResolvedValue({ success: true, message: IDENTITY_MESSAGES.forgotPasswordSent });
    renderRoutes('/forgot-password', { '/forgot-password': <ForgotPasswordPage /> });
    type(/^Email/, 'maya@studio.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(IDENTITY_MESSAGES.forgotPasswordSent);
    expect(forgot).toHaveBeenCalledWith({ email: 'maya@studio.com' });
  });

  it("a failure says 'Failed to process password reset request'", async () => {
    jest.spyOn(identity, 'forgotPassword').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'boom'));
    renderRoutes('/forgot-password', { '/forgot-password': <ForgotPasswordPage /> });
    type(/^Email/, 'maya@studio.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_MESSAGES.forgotPasswordFailed);
  });
});

describe('reset password', () => {
  const token = 'a'.repeat(43);

  it("resets, toasts 'Password reset successfully' and goes to sign in", async () => {
    const reset = jest.spyOn(identity, 'resetPassword').mockResolvedValue({ success: true });
    renderRoutes(`/reset-password?token=${token}`, { '/reset-password': <ResetPasswordPage /> });
    type(/^New password/, 'brand-new-77');
    type(/^Confirm new password/, 'brand-new-77');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('signin'));
    expect(screen.getByTestId('toast-stack')).toHaveTextContent(IDENTITY_MESSAGES.passwordResetSuccess);
    expect(reset).toHaveBeenCalledWith({ token, password: 'brand-new-77' });
  });

  it('checks the shared password rule and the confirmation first', async () => {
    const reset = jest.spyOn(identity, 'resetPassword');
    renderRoutes(`/reset-password?token=${token}`, { '/reset-password': <ResetPasswordPage /> });
    type(/^New password/, 'short');
    type(/^Confirm new password/, 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
  });

  it("a used or expired link says 'Password reset failed' with the server's reason", async () => {
    jest
      .spyOn(identity, 'resetPassword')
      .mockRejectedValue(new ApiError(400, 'INVALID_TOKEN', IDENTITY_MESSAGES.invalidResetToken));
    renderRoutes(`/reset-password?token=${token}`, { '/reset-password': <ResetPasswordPage /> });
    type(/^New password/, 'brand-new-77');
    type(/^Confirm new password/, 'brand-new-77');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.passwordResetFailed);
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.invalidResetToken);
  });

  it('without a token it says the link is invalid and offers a new one', () => {
    renderRoutes('/reset-password', { '/reset-password': <ResetPasswordPage /> });
    expect(screen.getByRole('alert')).toHaveTextContent(IDENTITY_MESSAGES.invalidResetToken);
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });
});
