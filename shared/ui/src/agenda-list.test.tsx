import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AgendaList, splitAgenda, type AgendaItem } from './agenda-list';
import { renderWithUi } from './test-utils';

const item = (id: string, start: string, end: string, allDay = false): AgendaItem => ({
  id,
  title: `Item ${id}`,
  href: `/items/${id}`,
  start,
  end,
  allDay,
});

// Timed items at local hours of November 2026, whatever zone the tests run in; all-day items are calendar days.
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
const now = new Date(2026, 10, 20, 12);

describe('splitAgenda', () => {
  it('puts what is not over (ongoing included) first, soonest first, then the past, latest first', () => {
    const items = [
      item('past-early', at(1, 9), at(1, 10)),
      item('next-week', at(27, 9), at(27, 10)),
      item('ongoing', at(20, 11), at(20, 13)),
      item('past-late', at(19, 9), at(19, 10)),
      item('ended-this-morning', at(20, 8), at(20, 9)),
    ];
    const { upcoming, past } = splitAgenda(items, now);
    expect(upcoming.map((i) => i.id)).toEqual(['ongoing', 'next-week']);
    expect(past.map((i) => i.id)).toEqual(['ended-this-morning', 'past-late', 'past-early']);
  });

  it('keeps an all-day item upcoming until its last day is over', () => {
    const items = [
      item('today', '2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z', true),
      item('until-today', '2026-11-18T00:00:00.000Z', '2026-11-20T00:00:00.000Z', true),
      item('yesterday', '2026-11-19T00:00:00.000Z', '2026-11-19T00:00:00.000Z', true),
    ];
    const { upcoming, past } = splitAgenda(items, now);
    expect(upcoming.map((i) => i.id)).toEqual(['until-today', 'today']);
    expect(past.map((i) => i.id)).toEqual(['yesterday']);
  });
});

describe('AgendaList', () => {
  it('lists upcoming then past, each row linked with its period and badge, and shows the rest on demand', () => {
    const items = [
      { ...item('a', '2026-11-25T00:00:00.000Z', '2026-11-26T00:00:00.000Z', true), badge: { label: 'Scheduled' } },
      ...[1, 2, 3].map((d) => item(`p${d}`, at(d, 15), at(d, 16))),
    ];
    renderWithUi(
      <MemoryRouter>
        <AgendaList items={items} now={now} shown={2} />
      </MemoryRouter>,
    );
    const upcoming = screen.getByRole('list', { name: 'Upcoming' });
    expect(within(upcoming).getByRole('link', { name: 'Item a' })).toHaveAttribute('href', '/items/a');
    expect(within(upcoming).getByText(/Nov 25\s–\s26, 2026/)).toBeInTheDocument();
    expect(within(upcoming).getByText('Scheduled')).toBeInTheDocument();
    const past = screen.getByRole('list', { name: 'Past' });
    expect(
      within(past)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Item p3', 'Item p2']);
    expect(within(past).getByText(/Nov 3, 2026, 3:00\s–\s4:00\sPM/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    expect(within(past).getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
  });

  it('shows no empty section', () => {
    renderWithUi(
      <MemoryRouter>
        <AgendaList items={[item('x', at(30, 9), at(30, 10))]} now={now} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('list', { name: 'Upcoming' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Past' })).not.toBeInTheDocument();
    expect(screen.queryByText('Past')).not.toBeInTheDocument();
  });
});
