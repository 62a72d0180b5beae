import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@atrium/api-client';
import { UiProvider } from '@atrium/ui';
import { contactTags } from '@atrium/domain-crm';
import { TagsPanel } from './tags-panel';

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <TagsPanel />
      </QueryClientProvider>
    </UiProvider>,
  );
}

describe('TagsPanel', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows tags, refuses a blank name, reports a taken one, and creates a new one', async () => {
    jest.spyOn(contactTags, 'list').mockResolvedValue([{ _id: 't1', name: 'Wedding', color: '#1971c2' } as never]);
    const create = jest
      .spyOn(contactTags, 'create')
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'A tag with this name already exists'))
      .mockResolvedValue({ _id: 't2', name: 'Portrait', color: '#0ca678' } as never);
    renderPanel();
    expect(await screen.findByText('Wedding')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Tag name is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('New tag name'), { target: { value: 'Wedding' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('A tag with this name already exists')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New tag name'), { target: { value: 'Portrait' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(create).toHaveBeenLastCalledWith({ name: 'Portrait', color: '#0ca678' }));
    await waitFor(() => expect(screen.getByLabelText('New tag name')).toHaveValue(''));
  });

  it('deletes a tag after confirmation', async () => {
    jest.spyOn(contactTags, 'list').mockResolvedValue([{ _id: 't1', name: 'Wedding', color: '#1971c2' } as never]);
    const remove = jest.spyOn(contactTags, 'remove').mockResolvedValue();
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete tag Wedding' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('t1'));
  });

  it('sends one create for Enter pressed twice, says a bad colour under the colour, and shows loading as loading', async () => {
    let answer!: (tags: never[]) => void;
    jest.spyOn(contactTags, 'list').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    let created!: () => void;
    const create = jest
      .spyOn(contactTags, 'create')
      .mockReturnValue(
        new Promise((resolve) => (created = () => resolve({ _id: 't9', name: 'VIP', color: '#0ca678' } as never))),
      );
    renderPanel();
    expect(screen.getByLabelText('Loading tags')).toBeInTheDocument();
    expect(screen.queryByText('No tags yet.')).not.toBeInTheDocument();
    answer([]);
    expect(await screen.findByText('No tags yet.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('New tag color'), { target: { value: 'teal' } });
    fireEvent.change(screen.getByLabelText('New tag name'), { target: { value: 'VIP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText(/hex/i)).toBeInTheDocument();
    expect(screen.getByLabelText('New tag color')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New tag name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('New tag color'), { target: { value: '#0ca678' } });
    fireEvent.keyDown(screen.getByLabelText('New tag name'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByLabelText('New tag name'), { key: 'Enter' });
    created();
    await waitFor(() => expect(screen.getByLabelText('New tag name')).toHaveValue(''));
    expect(create).toHaveBeenCalledTimes(1);
  });
});
