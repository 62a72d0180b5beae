import { fireEvent, screen } from '@testing-library/react';
import type { RemoteModule } from '@atrium/contracts';
import { bus, type BusMessage } from '@atrium/event-bus';
import { remotesState, retryFailed } from '../federation/remotes';
import { renderAt } from '../test-utils';
import { HomeWidgets } from './home-widgets';

jest.mock('../federation/remotes', () => ({
  ...jest.requireActual('../federation/remotes'),
  retryFailed: jest.fn(async () => undefined),
}));

const crm: RemoteModule = {
  name: 'crm',
  routes: [],
  nav: [{ key: 'contacts', label: 'Contacts', path: '/contacts', icon: 'contacts' }],
  newMenu: [{ key: 'contact', label: 'Contact', order: 1, action: { type: 'modal', id: 'contact' } }],
  widgets: [
    { key: 'b', title: 'Customer insights', order: 80, load: async () => ({ default: () => <p>insights body</p> }) },
    { key: 'a', title: 'Recent contacts', order: 20, load: async () => ({ default: () => <p>recent body</p> }) },
  ],
};

describe('HomeWidgets', () => {
  it("shows quick actions and the remotes' widgets in their order", async () => {
    Object.assign(remotesState, { status: 'ready', modules: { crm }, failed: {}, manifestError: null });
    const seen: BusMessage[] = [];
    const sub = bus.all().subscribe((m) => seen.push(m));
    renderAt('/', <HomeWidgets />);
    expect(await screen.findByText('recent body')).toBeInTheDocument();
    expect(await screen.findByText('insights body')).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Quick actions', 'Recent contacts', 'Customer insights']);
    expect(screen.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts');
    fireEvent.click(screen.getByRole('button', { name: 'New contact' }));
    sub.unsubscribe();
    expect(seen).toContainEqual({ type: 'modal:open', payload: { id: 'contact' } });
  });

  it('says which apps failed (their widgets are missing) and tries them again', async () => {
    Object.assign(remotesState, { status: 'ready', modules: {}, failed: { crm: 'timeout' }, manifestError: null });
    renderAt('/', <HomeWidgets />);
    expect(screen.getByRole('heading', { name: 'Some apps could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not responding right now: crm.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retryFailed).toHaveBeenCalledTimes(1);
  });
});
