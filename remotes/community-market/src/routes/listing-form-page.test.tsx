import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { communities, marketplace } from '@atrium/domain-market';
import ListingFormPage from './listing-form-page';
import { collectToasts, makeCommunity, makeListing, pageOf, renderRoutes } from '../test-utils';

const routes = {
  '/marketplace/create': <ListingFormPage />,
  '/marketplace/listing/:listingId/edit': <ListingFormPage />,
  '/marketplace/listing/:listingId': <p>listing page</p>,
};
const image = { _id: 'i1', url: '/img/1', mime: 'image/png', size: 10, position: 0, createdAt: '' };

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
  // jsdom has no object URLs: the previews' src.
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

async function choose(label: RegExp, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/marketplace/create and /marketplace/listing/{id}/edit', () => {
  it('checks the fields with the slice’s schema, then creates the listing, uploads its image and opens it', async () => {
    jest
      .spyOn(communities, 'list')
      .mockResolvedValue(pageOf([makeCommunity({ myRole: 'member', myStatus: 'active' })]));
    const create = jest.spyOn(marketplace, 'create').mockResolvedValue(makeListing({ _id: 'l9', mine: true }));
    const upload = jest.spyOn(marketplace, 'uploadImage').mockResolvedValue(image);
    renderRoutes('/marketplace/create', routes);

    fireEvent.click(await screen.findByRole('button', { name: 'Publish listing' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a category')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Logo design' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '0.50' } });
    await choose(/^Category/, 'Design');
    fireEvent.click(screen.getByRole('button', { name: 'Publish listing' }));
    expect(await screen.findByText('Price must be at least 1.00')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '120.5' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: 'New image logo.png' })).toHaveAttribute('src', 'blob:preview');
    fireEvent.click(screen.getByRole('button', { name: 'Publish listing' }));

    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        communityId: 'c1',
        title: 'Logo design',
        description: '',
        price: 12050,
        currency: 'USD',
        category: 'design',
        delivery: 'service',
        status: 'active',
      }),
    );
    await waitFor(() => expect(upload).toHaveBeenCalledWith('l9', file, 'logo.png'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/marketplace/listing/l9'));
    expect(toasts.messages()).toContain('Listing created successfully');
  });

  it('refuses a file that is not an image before sending anything', async () => {
    jest
      .spyOn(communities, 'list')
      .mockResolvedValue(pageOf([makeCommunity({ myRole: 'member', myStatus: 'active' })]));
    renderRoutes('/marketplace/create', routes);
    await screen.findByRole('button', { name: 'Publish listing' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('cv.pdf: Images must be PNG, JPEG, WebP or GIF');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('without a community to list in, says to join one first', async () => {
    jest.spyOn(communities, 'list').mockResolvedValue(pageOf([]));
    renderRoutes('/marketplace/create', routes);
    expect(await screen.findByText('Join a community first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a community' })).toHaveAttribute('href', '/communities');
  });

  it('edits: the fields as saved, the community fixed; removing an image and pausing', async () => {
    jest.spyOn(communities, 'list').mockResolvedValue(pageOf([]));
    jest
      .spyOn(marketplace, 'get')
      .mockResolvedValue(makeListing({ mine: true, images: [image], price: 4990, category: 'design' }));
    const update = jest.spyOn(marketplace, 'update').mockResolvedValue(makeListing({ mine: true }));
    const removeImage = jest.spyOn(marketplace, 'removeImage').mockResolvedValue(undefined);
    renderRoutes('/marketplace/listing/l1/edit', routes);
    expect(await screen.findByRole('textbox', { name: /^Price/ })).toHaveValue('49.90');
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Logo design');
    expect(screen.getByRole('combobox', { name: /^Community/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Image 1' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Paused' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save listing' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('l1', {
        title: 'Logo design',
        description: 'Three rounds of sketches.',
        price: 4990,
        currency: 'USD',
        category: 'design',
        delivery: 'service',
        status: 'paused',
      }),
    );
    await waitFor(() => expect(removeImage).toHaveBeenCalledWith('l1', 'i1'));
    await waitFor(() => expect(toasts.messages()).toContain('Listing updated successfully'));
  });

  it('the seller deletes from the edit page once they confirm, then lands on the marketplace tab', async () => {
    jest.spyOn(communities, 'list').mockResolvedValue(pageOf([]));
    jest.spyOn(marketplace, 'get').mockResolvedValue(makeListing({ mine: true }));
    const remove = jest.spyOn(marketplace, 'remove').mockResolvedValue(undefined);
    renderRoutes('/marketplace/listing/l1/edit', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete listing' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete listing' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(remove).toHaveBeenCalledWith('l1'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/communities?tab=marketplace'));
    expect(toasts.messages()).toContain('Listing deleted');
  });

  it('the server’s field errors land on their fields', async () => {
    jest
      .spyOn(communities, 'list')
      .mockResolvedValue(pageOf([makeCommunity({ myRole: 'member', myStatus: 'active' })]));
    jest
      .spyOn(marketplace, 'create')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Validation failed', [
          { field: 'title', message: 'Write something first' },
        ]),
      );
    renderRoutes('/marketplace/create', routes);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: '<b></b>x' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '10' } });
    await choose(/^Category/, 'Other');
    fireEvent.click(screen.getByRole('button', { name: 'Publish listing' }));
    expect(await screen.findByText('Write something first')).toBeInTheDocument();
    expect(screen.getByTestId('where').textContent).toBe('/marketplace/create');
  });
});
