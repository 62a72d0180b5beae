import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { clearTestSession } from '@atrium/api-client/testing';
import { businesses, BUSINESS_MESSAGES } from '@atrium/domain-admin';
import NewBusinessPage from './new-business-page';
import { collectToasts, makeBusiness, makeUser, renderRoutes, signIn } from '../test-utils';

const routes = { '/businesses/new': <NewBusinessPage />, '/businesses/:businessId/settings': <p>settings page</p> };

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  signIn();
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  clearTestSession();
  jest.restoreAllMocks();
});

describe('new business', () => {
  it('requires a name (shared schema), then creates, switches to it and opens its settings', async () => {
    const created = makeBusiness({ id: 'b9', _id: 'b9', name: 'Babbage & Co' });
    const create = jest.spyOn(businesses, 'create').mockResolvedValue(created);
    const switchTo = jest.spyOn(businesses, 'switchTo').mockResolvedValue(makeUser({ businessId: 'b9' }));
    renderRoutes('/businesses/new', routes);

    fireEvent.click(screen.getByRole('button', { name: 'Create business' }));
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Business name/), { target: { value: '  Babbage & Co ' } });
    fireEvent.change(screen.getByLabelText('Business type'), { target: { value: 'Engines' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create business' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/businesses/b9/settings'));
    expect(create).toHaveBeenCalledWith({ name: 'Babbage & Co', type: 'Engines' });
    expect(switchTo).toHaveBeenCalledWith('b9');
    expect(switchTo.mock.invocationCallOrder[0]).toBeGreaterThan(create.mock.invocationCallOrder[0]!);
    expect(toasts.toasts.map((t) => t.message)).toContain('Babbage & Co created');
  });

  it('a name over 120 characters gets the schema message', async () => {
    const create = jest.spyOn(businesses, 'create');
    renderRoutes('/businesses/new', routes);
    fireEvent.change(screen.getByLabelText(/Business name/), { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create business' }));
    expect(await screen.findByText('Business name must be at most 120 characters')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("a failure says 'Failed to create business' and stays on the form", async () => {
    jest.spyOn(businesses, 'create').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'boom'));
    const switchTo = jest.spyOn(businesses, 'switchTo');
    renderRoutes('/businesses/new', routes);
    fireEvent.change(screen.getByLabelText(/Business name/), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create business' }));
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.createFailed]));
    expect(switchTo).not.toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/businesses/new');
  });

  it('server field errors land on the fields', async () => {
    jest
      .spyOn(businesses, 'create')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Validation failed', [{ field: 'name', message: 'Name is taken here' }]),
      );
    renderRoutes('/businesses/new', routes);
    fireEvent.change(screen.getByLabelText(/Business name/), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create business' }));
    expect(await screen.findByText('Name is taken here')).toBeInTheDocument();
  });
});
