import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiError, api } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { type User } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { businesses, BUSINESS_MESSAGES, type Business } from '@atrium/domain-admin/public';
import { testQueryClient } from '../test-utils';
import { AcceptInvitePage, INVITE_TEXTS } from './accept-invite-page';

function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="where">
      {name} {JSON.stringify(location.state ?? null)}
    </p>
  );
}

function renderAt(path: string) {
  return render(
    <UiProvider env="test">
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/accept-invite" element={<AcceptInvitePage />} />
            <Route path="/signin" element={<Where name="signin" />} />
            <Route path="/" element={<Where name="home" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

const token = 'T'.repeat(43);
const maya = { id: 'u1', email: 'maya@studio.com', businessId: 'b1', firstName: 'Maya', lastName: 'Lin' } as User;

afterEach(() => jest.restoreAllMocks());

describe('/accept-invite', () => {
  it('a visitor is sent to sign in and brought back to the invite afterwards', async () => {
    setTestSession({ status: 'anonymous', user: null });
    jest.spyOn(api.auth, 'autoLogin').mockResolvedValue(null);
    renderAt(`/accept-invite?token=${token}`);
    const where = await screen.findByTestId('where');
    expect(where).toHaveTextContent('signin');
    expect(where).toHaveTextContent(`"from":"/accept-invite?token=${token}"`);
    expect(where).toHaveTextContent(INVITE_TEXTS.signInFirst);
  });

  it('a signed-in user accepts: the business becomes current and they land home', async () => {
    setTestSession({ status: 'authenticated', user: maya });
    const accept = jest
      .spyOn(businesses, 'acceptInvite')
      .mockResolvedValue({ id: 'b9', name: 'Bakery' } as unknown as Business);
    const switchTo = jest.spyOn(businesses, 'switchTo').mockResolvedValue({ ...maya, businessId: 'b9' });
    renderAt(`/accept-invite?token=${token}`);
    expect(screen.getByText(`Signed in as ${maya.email}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('home'));
    expect(accept).toHaveBeenCalledWith(token);
    expect(switchTo).toHaveBeenCalledWith('b9');
    expect(screen.getByTestId('toast-stack')).toHaveTextContent('You joined Bakery');
  });

  it("a refused invite says 'Failed to accept invite' with the server's reason", async () => {
    setTestSession({ status: 'authenticated', user: maya });
    jest
      .spyOn(businesses, 'acceptInvite')
      .mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'This invitation was sent to another address'));
    renderAt(`/accept-invite?token=${token}`);
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BUSINESS_MESSAGES.acceptInviteFailed);
    expect(alert).toHaveTextContent('This invitation was sent to another address');
  });

  it('a link without a valid token says so and calls nothing', () => {
    setTestSession({ status: 'authenticated', user: maya });
    const accept = jest.spyOn(businesses, 'acceptInvite');
    renderAt('/accept-invite?token=short');
    expect(screen.getByRole('alert')).toHaveTextContent(INVITE_TEXTS.invalidLink);
    expect(accept).not.toHaveBeenCalled();
  });
});
