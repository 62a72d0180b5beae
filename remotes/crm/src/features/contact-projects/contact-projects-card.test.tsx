import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { bus, type BusMessage } from '@atrium/event-bus';
import { projects, type Project } from '@atrium/domain-work/public';
import { renderWithProviders } from '../../test-utils';
import { ContactProjectsCard } from './contact-projects-card';

const project = (id: string, title: string, over: Partial<Project> = {}) =>
  ({ _id: id, title, stage: 'planning', ...over }) as Project;

let events: BusMessage[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  events = [];
  sub = bus.all().subscribe((m) => events.push(m));
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});
const toasts = () =>
  events.filter((e) => e.type === 'toast:show').map((e) => (e.payload as { message: string }).message);

describe("the contact's projects", () => {
  it('lists them with their stage, each linked to its page', async () => {
    const of = jest
      .spyOn(projects, 'ofContact')
      .mockResolvedValue([project('p1', 'Smith wedding', { stage: 'review' })]);
    renderWithProviders(<ContactProjectsCard contactId="c1" />, '/contacts/c1');
    expect(await screen.findByRole('link', { name: 'Smith wedding' })).toHaveAttribute('href', '/projects/p1');
    expect(screen.getByText('Review')).toBeInTheDocument();
    expect(of).toHaveBeenCalledWith('c1');
  });

  it('links a chosen project and unlinks one', async () => {
    jest.spyOn(projects, 'ofContact').mockResolvedValue([project('p1', 'Smith wedding')]);
    jest.spyOn(projects, 'list').mockResolvedValue({
      success: true,
      data: [project('p1', 'Smith wedding'), project('p2', 'Kitchen')],
      pagination: { total: 2, page: 1, limit: 100, totalPages: 1 },
    });
    const link = jest.spyOn(projects, 'linkContact').mockResolvedValue();
    const unlink = jest.spyOn(projects, 'unlinkContact').mockResolvedValue();
    renderWithProviders(<ContactProjectsCard contactId="c1" />, '/contacts/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Link a project' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    const kitchen = await screen.findByRole('option', { name: 'Kitchen' });
    // A project already linked is not offered again.
    expect(screen.queryByRole('option', { name: 'Smith wedding' })).not.toBeInTheDocument();
    fireEvent.click(kitchen);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(link).toHaveBeenCalledWith('c1', 'p2'));
    await waitFor(() => expect(toasts()).toContain('Project linked'));
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Smith wedding' }));
    await waitFor(() => expect(unlink).toHaveBeenCalledWith('c1', 'p1'));
  });

  it('says when the projects could not be loaded, with Try again', async () => {
    const of = jest
      .spyOn(projects, 'ofContact')
      .mockRejectedValueOnce(new ApiError(500, 'FETCH_ERROR', 'x'))
      .mockResolvedValue([]);
    renderWithProviders(<ContactProjectsCard contactId="c1" />, '/contacts/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Not linked to any project yet.')).toBeInTheDocument();
    expect(of).toHaveBeenCalledTimes(2);
  });
});
