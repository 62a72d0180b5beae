import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearTestSession, sampleUser, setTestSession } from '@atrium/api-client/testing';
import { notifications } from '@atrium/domain-comms';
import { bus, type Toast } from '@atrium/event-bus';
import { makeNotification, page, renderWithProviders } from '../../test-utils';
import { NotificationBell } from './bell';

/** A stand-in EventSource: the test fires the server's events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  static opened = 0;
  listeners = new Map<string, (() => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
    FakeEventSource.opened += 1;
  }
  addEventListener(name: string, fn: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  fire(name: string) {
    for (const fn of this.listeners.get(name) ?? []) fn();
  }
  close() {
    this.closed = true;
  }
}

let toasts: Toast[] = [];
let sub: { unsubscribe(): void };

beforeEach(() => {
  setTestSession({ status: 'authenticated', user: sampleUser });
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  FakeEventSource.last = null;
  FakeEventSource.opened = 0;
  toasts = [];
  sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
  clearTestSession();
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

test('the badge shows the unread count; the dropdown lists the notifications with All and Unread', async () => {
  jest.spyOn(notifications, 'unreadCount').mockResolvedValue(2);
  const list = jest
    .spyOn(notifications, 'list')
    .mockImplementation(async (q = {}) =>
      q.read === 'false' ? page([]) : page([makeNotification(1, { title: 'New contact', message: 'Ada was added' })]),
    );
  renderWithProviders(<NotificationBell />);
  const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
  expect(within(screen.getByTestId('notification-badge')).getByText('2')).toBeInTheDocument();

  await userEvent.click(bell);
  expect(await screen.findByText('New contact')).toBeInTheDocument();
  expect(screen.getByText('Ada was added')).toBeInTheDocument();
  expect(screen.getByText('5 min ago')).toBeInTheDocument();
  expect(list).toHaveBeenCalledWith({ limit: 20 }, expect.anything());

  await userEvent.click(screen.getByRole('tab', { name: 'Unread (2)' }));
  expect(await screen.findByText('No notifications')).toBeInTheDocument();
  expect(list).toHaveBeenCalledWith({ limit: 20, read: 'false' }, expect.anything());
});

test('a failed load says so with Try again', async () => {
  jest.spyOn(notifications, 'unreadCount').mockResolvedValue(0);
  jest.spyOn(notifications, 'list').mockRejectedValue(new Error('down'));
  renderWithProviders(<NotificationBell />);
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('Failed to load notifications')).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('opening an unread one marks it read and goes to its url; delete and mark all as read call the API', async () => {
  jest.spyOn(notifications, 'unreadCount').mockResolvedValue(1);
  jest
    .spyOn(notifications, 'list')
    .mockResolvedValue(page([makeNotification(7, { title: 'Task updated', data: { url: '/calendar/tasks/t7' } })]));
  const markRead = jest.spyOn(notifications, 'markRead').mockResolvedValue();
  const markAll = jest.spyOn(notifications, 'markAllRead').mockResolvedValue();
  const remove = jest.spyOn(notifications, 'remove').mockResolvedValue();
  renderWithProviders(<NotificationBell />);

  await userEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Delete notification' }));
  await waitFor(() => expect(remove).toHaveBeenCalledWith('n7', expect.anything()));

  await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  await waitFor(() => expect(markAll).toHaveBeenCalled());

  await userEvent.click(screen.getByRole('button', { name: 'Task updated: Message 7' }));
  await waitFor(() => expect(markRead).toHaveBeenCalledWith('n7', expect.anything()));
  expect(screen.getByTestId('location')).toHaveTextContent('/calendar/tasks/t7');
});

test('a live push refreshes the count at once; a rise after the first load raises the toast, the first load does not', async () => {
  const count = jest.spyOn(notifications, 'unreadCount').mockResolvedValue(1);
  jest.spyOn(notifications, 'list').mockResolvedValue(page([]));
  renderWithProviders(<NotificationBell />);
  await screen.findByRole('button', { name: 'Notifications (1 unread)' });
  expect(toasts).toEqual([]);
  const source = FakeEventSource.last!;
  expect(source.url).toBe('/api/v1/notifications/stream');
  expect(source.init).toEqual({ withCredentials: true });

  count.mockResolvedValue(2);
  act(() => source.fire('notification'));
  await screen.findByRole('button', { name: 'Notifications (2 unread)' });
  expect(toasts.map((t) => [t.type, t.message])).toEqual([['info', 'You have a new notification']]);

  count.mockResolvedValue(5);
  act(() => source.fire('notification'));
  await screen.findByRole('button', { name: 'Notifications (5 unread)' });
  expect(toasts.map((t) => t.message)).toEqual(['You have a new notification', 'You have 3 new notifications']);

  count.mockResolvedValue(0);
  act(() => source.fire('notification'));
  await screen.findByRole('button', { name: 'Notifications' });
  expect(toasts).toHaveLength(2);
});

test('a failed stream is reopened after a pause', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    jest.spyOn(notifications, 'unreadCount').mockResolvedValue(0);
    renderWithProviders(<NotificationBell />);
    expect(FakeEventSource.opened).toBe(1);
    const first = FakeEventSource.last!;
    act(() => first.onerror?.());
    expect(first.closed).toBe(true);
    act(() => jest.advanceTimersByTime(2_000));
    expect(FakeEventSource.opened).toBe(2);
  } finally {
    jest.useRealTimers();
  }
});

test('settings: every type has a switch; switching one off saves it', async () => {
  jest.spyOn(notifications, 'unreadCount').mockResolvedValue(0);
  jest.spyOn(notifications, 'list').mockResolvedValue(page([]));
  const all = {
    SYSTEM: true,
    TASK: true,
    PROJECT: true,
    CHAT: true,
    CALENDAR: true,
    CONTACT: true,
    DOCUMENT: true,
    CLIENT_EMAIL_RECEIVED: true,
    FORM_SUBMITTED: true,
    CONTACT_CREATED: true,
    MESSAGE_RECEIVED: true,
    FRIEND_REQUEST_SENT: true,
    FRIEND_REQUEST_RECEIVED: true,
    SIGNATURE_COMPLETED: true,
  };
  jest.spyOn(notifications, 'preferences').mockResolvedValue(all);
  const save = jest.spyOn(notifications, 'savePreferences').mockResolvedValue({ ...all, CONTACT_CREATED: false });
  renderWithProviders(<NotificationBell />);
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
  await userEvent.click(screen.getByRole('button', { name: 'Notification settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Notification settings' });
  expect(await within(dialog).findAllByRole('switch')).toHaveLength(14);
  const newContacts = within(dialog).getByRole('switch', { name: 'New contacts' });
  expect(newContacts).toBeChecked();
  await userEvent.click(newContacts);
  await waitFor(() => expect(save).toHaveBeenCalledWith({ CONTACT_CREATED: false }));
  await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'New contacts' })).not.toBeChecked());
});

test('signed out: no bell and no stream', () => {
  clearTestSession();
  const { container } = renderWithProviders(<NotificationBell />);
  expect(container.querySelector('[data-testid="notification-badge"]')).toBeNull();
  expect(FakeEventSource.opened).toBe(0);
});
