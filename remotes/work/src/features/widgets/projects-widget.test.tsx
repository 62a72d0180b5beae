import { screen } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { projects } from '@atrium/domain-work';
import { envelope, makeProject, renderWithProviders } from '../../test-utils';
import ProjectsWidget from './projects-widget';

afterEach(() => jest.restoreAllMocks());

describe('projects home widget', () => {
  it('shows the latest projects grouped by stage, each linked to its page', async () => {
    const list = jest
      .spyOn(projects, 'list')
      .mockResolvedValue(
        envelope([
          makeProject(1, { title: 'Kitchen', stage: 'review', dueDate: '2026-12-01' }),
          makeProject(2, { title: 'Wedding', stage: 'planning' }),
        ]),
      );
    renderWithProviders(<ProjectsWidget />, '/');
    expect(await screen.findByRole('link', { name: 'Kitchen' })).toHaveAttribute('href', '/projects/p1/activity');
    expect(screen.getByRole('link', { name: 'Wedding' })).toHaveAttribute('href', '/projects/p2/activity');
    const labels = screen.getAllByText(/^(Planning|In progress|Review|Completed)$/).map((e) => e.textContent);
    expect(labels).toEqual(['Planning', 'Review']);
    expect(list).toHaveBeenCalledWith({ page: 1, limit: 6, sortBy: 'updatedAt', sortOrder: 'desc' });
  });

  it('says how to start when there are none, and when they could not be loaded', async () => {
    jest.spyOn(projects, 'list').mockResolvedValueOnce(envelope([]));
    const { unmount } = renderWithProviders(<ProjectsWidget />, '/');
    expect(await screen.findByRole('link', { name: 'Start your first project' })).toHaveAttribute('href', '/projects');
    unmount();
    jest.spyOn(projects, 'list').mockRejectedValue(new ApiError(500, 'FETCH_ERROR', 'x'));
    renderWithProviders(<ProjectsWidget />, '/');
    expect(await screen.findByText('Projects could not be loaded.')).toBeInTheDocument();
  });
});
