import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { renderAt } from '../test-utils';
import { SignInPage } from './sign-in-page';

describe('SignInPage', () => {
  beforeEach(() => {
    setTestSession({ status: 'anonymous', user: null });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the shared email rule messages and does not call the API for invalid input', async () => {
    const login = jest.spyOn(api.auth, 'login');
    renderAt('/signin', <SignInPage />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'maya.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email address must contain @ symbol')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it("shows the server's answer ('Invalid credentials') and stays on the page", async () => {
    jest
      .spyOn(api.auth, 'login')
      .mockResolvedValue({ success: false, code: 'LOGIN_FAILED', error: 'Invalid credentials' });
    renderAt('/signin', <SignInPage />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'maya@studio.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong-one-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(api.auth.login).toHaveBeenCalledWith({
      email: 'maya@studio.com',
      password: 'wrong-one-1',
      rememberMe: true,
    });
  });

  it('goes home after a successful sign-in', async () => {
    jest.spyOn(api.auth, 'login').mockImplementation(async () => {
      setTestSession({ status: 'authenticated' });
      return { success: true, user: { id: 'u1' } as never };
    });
    renderAt('/signin', <SignInPage />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'maya@studio.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'right-one-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('home page')).toBeInTheDocument());
  });
});
