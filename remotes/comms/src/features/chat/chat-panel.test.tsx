import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearTestSession, sampleUser, setTestSession } from '@atrium/api-client/testing';
import { chat, type ChatChannel, type ChatMessage, type ChatOverview } from '@atrium/domain-comms';
import { renderWithProviders } from '../../test-utils';
import { ChatPanel } from './chat-panel';

/** A stand-in EventSource: the test fires the server's events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, ((e: { data: string }) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: (e: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  fire(name: string, data = '{}') {
    for (const fn of this.listeners.get(name) ?? []) fn({ data });
  }
  close() {
    this.closed = true;
  }
}

const general: ChatChannel = {
  _id: 'c1',
  kind: 'channel',
  name: 'general',
  peerUserId: null,
  archived: false,
  unread: 2,
  lastMessageAt: null,
};
const overview = (unread = 2): ChatOverview => ({
  channels: [{ ...general, unread }],
  members: [
    { userId: sampleUser.id, name: 'Me Myself', email: 'me@example.com' },
    { userId: 'u2', name: 'Grace Hopper', email: 'grace@example.com' },
  ],
  unreadTotal: unread,
});
const message = (i: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: `m${i}`,
  channelId: 'c1',
  seq: i,
  userId: 'u2',
  authorName: 'Grace Hopper',
  body: `Message ${i}`,
  edited: false,
  deleted: false,
  createdAt: new Date().toISOString(),
  ...over,
});

beforeEach(() => {
  setTestSession({ status: 'authenticated', user: sampleUser });
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  FakeEventSource.last = null;
});
afterEach(() => {
  jest.restoreAllMocks();
  clearTestSession();
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

test('the badge shows the unread total; the drawer lists channels and members; the stream is open only while it is', async () => {
  jest.spyOn(chat, 'overview').mockResolvedValue(overview());
  renderWithProviders(<ChatPanel />);
  expect(await screen.findByRole('button', { name: 'Open chat (2 unread)' })).toBeInTheDocument();
  expect(FakeEventSource.last).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Open chat (2 unread)' }));
  expect(await screen.findByRole('button', { name: '#general (2 unread)' })).toBeInTheDocument();
  expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
  expect(screen.queryByText('Me Myself')).not.toBeInTheDocument();
  expect(FakeEventSource.last?.url).toBe('/api/v1/chat/stream');
});

test('a conversation: history newest last, marked read, Enter sends, a live event refreshes it, own messages editable', async () => {
  jest.spyOn(chat, 'overview').mockResolvedValue(overview());
  const history = jest
    .spyOn(chat, 'history')
    .mockResolvedValue({ success: true, data: [message(1), message(2, { userId: sampleUser.id })], hasMore: false });
  const markRead = jest.spyOn(chat, 'markRead').mockResolvedValue();
  const post = jest.spyOn(chat, 'post').mockResolvedValue(message(3, { userId: sampleUser.id, body: 'Hi all' }));
  renderWithProviders(<ChatPanel />);
  await userEvent.click(await screen.findByRole('button', { name: /Open chat/ }));
  await userEvent.click(await screen.findByRole('button', { name: '#general (2 unread)' }));
  expect(await screen.findByText('Message 1')).toBeInTheDocument();
  await waitFor(() => expect(markRead).toHaveBeenCalledWith('c1'));
  expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);

  const box = screen.getByRole('textbox', { name: 'Write a message…' });
  await userEvent.type(box, '{Enter}');
  expect(await screen.findByText('Write a message first')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.type(box, 'Hi all{Enter}');
  await waitFor(() => expect(post).toHaveBeenCalledWith('c1', 'Hi all'));
  await waitFor(() => expect(box).toHaveValue(''));

  const before = history.mock.calls.length;
  history.mockResolvedValue({ success: true, data: [message(1), message(4, { body: 'From afar' })], hasMore: false });
  act(() => FakeEventSource.last!.fire('chat', JSON.stringify({ channelId: 'c1' })));
  expect(await screen.findByText('From afar')).toBeInTheDocument();
  expect(history.mock.calls.length).toBeGreaterThan(before);
});

test('a failed load says so and tries again', async () => {
  const spy = jest.spyOn(chat, 'overview').mockRejectedValueOnce(new Error('down')).mockResolvedValue(overview(0));
  renderWithProviders(<ChatPanel />);
  await userEvent.click(await screen.findByRole('button', { name: 'Open chat' }));
  expect(await screen.findByText('Failed to load chat')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: '# general' })).toBeInTheDocument();
  expect(spy).toHaveBeenCalledTimes(2);
});
