import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RemoteModule } from '@atrium/contracts';
import { bus, type BusMessage } from '@atrium/event-bus';
import { remotesState, retryFailed } from '../federation/remotes';
import { renderAt } from '../test-utils';
import { HomeWidgets } from './home-widgets';

jest.mock('@atrium/api-client', () => {
  const actual = jest.requireActual('@atrium/api-client');
  const { proxy } = jest.requireActual('valtio');
  return { ...actual, sessionView: proxy({ status: 'authenticated', user: { id: 'u1' } }) };
});
const { sessionView } = jest.requireMock('@atrium/api-client') as { sessionView: { user: { id: string } } };

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

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
async function choose(widget: string, item: string) {
  const button = screen.getByRole('button', { name: `${widget} options` });
  fireEvent.click(button);
  // jsdom leaves a dropdown in its opening transition: its items are found with hidden, in this widget's own menu.
  const menu = await waitFor(() => {
    const el = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error(`${widget}: no menu yet`);
    return el;
  });
  fireEvent.click(within(menu).getByRole('menuitem', { name: item, hidden: true }));
}

describe('HomeWidgets', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionView.user.id = 'u1';
  });

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

  it('moves widgets up and down from their menu, hides and shows them, saved per user until reset', async () => {
    Object.assign(remotesState, { status: 'ready', modules: { crm }, failed: {}, manifestError: null });
    const view = renderAt('/', <HomeWidgets />);
    expect(await screen.findByText('insights body')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset layout' })).not.toBeInTheDocument();
    // The first can't move up, the last can't move down.
    fireEvent.click(screen.getByRole('button', { name: 'Quick actions options' }));
    expect(await screen.findByRole('menuitem', { name: 'Move up', hidden: true })).toBeDisabled();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move down', hidden: true }));
    await waitFor(() => expect(titles()).toEqual(['Recent contacts', 'Quick actions', 'Customer insights']));
    expect(screen.getByRole('status')).toHaveTextContent('Quick actions moved to place 2 of 3.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Quick actions options' })).toHaveFocus());
    await choose('Customer insights', 'Move up');
    await waitFor(() => expect(titles()).toEqual(['Recent contacts', 'Customer insights', 'Quick actions']));
    await choose('Recent contacts', 'Hide');
    await waitFor(() => expect(titles()).toEqual(['Customer insights', 'Quick actions']));
    expect(JSON.parse(localStorage.getItem('homeLayout:u1')!)).toEqual({
      order: ['a', 'b', 'quick-actions'],
      hidden: ['a'],
    });

    // Another render (a reload) keeps the arrangement; another user has their own.
    view.unmount();
    const again = renderAt('/', <HomeWidgets />);
    expect(titles()).toEqual(['Customer insights', 'Quick actions']);
    again.unmount();
    sessionView.user.id = 'u2';
    const other = renderAt('/', <HomeWidgets />);
    expect(titles()).toEqual(['Quick actions', 'Recent contacts', 'Customer insights']);
    other.unmount();
    sessionView.user.id = 'u1';
    renderAt('/', <HomeWidgets />);

    // Hidden ones are listed to show again, in their place.
    fireEvent.click(screen.getByRole('button', { name: 'Hidden widgets (1)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Recent contacts', hidden: true }));
    await waitFor(() => expect(titles()).toEqual(['Recent contacts', 'Customer insights', 'Quick actions']));
    expect(screen.queryByRole('button', { name: /Hidden widgets/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reset layout' }));
    await waitFor(() => expect(titles()).toEqual(['Quick actions', 'Recent contacts', 'Customer insights']));
    expect(localStorage.getItem('homeLayout:u1')).toBeNull();
  });

  it('puts a widget a remote ships later after the saved ones, and ignores saved keys of widgets gone', async () => {
    localStorage.setItem('homeLayout:u1', JSON.stringify({ order: ['gone', 'b', 'quick-actions'], hidden: ['gone'] }));
    Object.assign(remotesState, { status: 'ready', modules: { crm }, failed: {}, manifestError: null });
    renderAt('/', <HomeWidgets />);
    expect(titles()).toEqual(['Customer insights', 'Quick actions', 'Recent contacts']);
    expect(screen.queryByRole('button', { name: /Hidden widgets/ })).not.toBeInTheDocument();
  });
});
