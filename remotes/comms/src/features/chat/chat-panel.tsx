import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import {
  CHAT_MESSAGE_MAX,
  CHAT_TEXTS,
  chat,
  chatChannelInputSchema,
  type ChatChannel,
  type ChatMessage,
} from '@atrium/domain-comms';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Drawer,
  Group,
  IconChevronLeft,
  IconPencil,
  IconPlus,
  IconTrash,
  Indicator,
  Loader,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
  handleError,
} from '@atrium/ui';
import { useChatHistory, useChatMutations, useChatOverview, useLiveChat } from './use-chat';

const T = CHAT_TEXTS;

function ChatIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden>
      <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
    </svg>
  );
}

function ConversationRow({ c, onOpen }: { c: ChatChannel; onOpen: (c: ChatChannel) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(c)}
      px="sm"
      py={6}
      data-chat-channel={c.name}
      style={{ borderRadius: 6 }}
      aria-label={c.unread > 0 ? `${c.kind === 'channel' ? '#' : ''}${c.name} (${c.unread} unread)` : undefined}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={c.unread > 0 ? 700 : 400} truncate c={c.archived ? 'dimmed' : undefined}>
          {c.kind === 'channel' ? `# ${c.name}` : c.name}
        </Text>
        {c.unread > 0 && (
          <Badge size="sm" color="red" circle={c.unread < 10}>
            {c.unread > 99 ? '99+' : c.unread}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

function NewChannel({ onCreated }: { onCreated: (c: ChatChannel) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = chatChannelInputSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? T.nameRequired);
    setBusy(true);
    try {
      onCreated(await chat.createChannel(parsed.data.name));
      setName('');
      setError(null);
    } catch (err) {
      setError(handleError(err, { silent: true }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap={4} align="flex-start" wrap="nowrap" px="sm">
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={T.channelName}
        placeholder={T.newChannel}
        value={name}
        error={error}
        onChange={(e) => setName(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && void submit()}
      />
      <Button
        size="xs"
        variant="light"
        loading={busy}
        onClick={() => void submit()}
        leftSection={<IconPlus size={14} />}
      >
        {T.create}
      </Button>
    </Group>
  );
}

function MessageRow({
  m,
  mine,
  onEdit,
  onDelete,
}: {
  m: ChatMessage;
  mine: boolean;
  onEdit: (m: ChatMessage) => void;
  onDelete: (m: ChatMessage) => void;
}) {
  return (
    <Box px="sm" py={4} data-chat-message={m._id}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="xs" fw={700} truncate>
            {m.authorName}
          </Text>
          <Text size="xs" c="dimmed" title={new Date(m.createdAt).toLocaleString()}>
            {new Date(m.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </Text>
        </Group>
        {mine && !m.deleted && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label={T.edit}>
              <ActionIcon size="xs" variant="subtle" color="gray" aria-label={T.edit} onClick={() => onEdit(m)}>
                <IconPencil size={12} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={T.delete}>
              <ActionIcon size="xs" variant="subtle" color="gray" aria-label={T.delete} onClick={() => onDelete(m)}>
                <IconTrash size={12} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {m.deleted ? (
        <Text size="sm" c="dimmed" fs="italic">
          {T.deleted}
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.body}
          {m.edited && (
            <Text span size="xs" c="dimmed">
              {' '}
              {T.edited}
            </Text>
          )}
        </Text>
      )}
    </Box>
  );
}

function Conversation({ channel, userId }: { channel: ChatChannel; userId: string }) {
  const history = useChatHistory(channel._id);
  const { post, edit, remove, markRead } = useChatMutations(channel._id);
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [olderMore, setOlderMore] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const latest = history.data?.data ?? [];
  const lastSeq = latest[latest.length - 1]?.seq;

  // Seen: the panel is open on this channel, so what arrives is read.
  useEffect(() => {
    if (history.isSuccess) markRead.mutate(channel._id);
    bottom.current?.scrollIntoView?.({ block: 'end' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newest message
  }, [channel._id, lastSeq, history.isSuccess]);

  const firstSeq = (older[0] ?? latest[0])?.seq;
  const hasMore = olderMore ?? history.data?.hasMore ?? false;
  const loadOlder = async () => {
    if (!firstSeq) return;
    setLoadingOlder(true);
    try {
      const page = await chat.history(channel._id, { before: firstSeq });
      setOlder((o) => [...page.data, ...o]);
      setOlderMore(page.hasMore);
    } catch (err) {
      handleError(err);
    } finally {
      setLoadingOlder(false);
    }
  };

  const send = () => {
    const body = draft.trim();
    if (!body) return setError(T.emptyMessage);
    if (body.length > CHAT_MESSAGE_MAX) return setError(T.messageTooLong);
    setError(null);
    if (editing) {
      edit.mutate({ id: editing._id, body }, { onSuccess: () => (setEditing(null), setDraft('')) });
      return;
    }
    post.mutate(body, {
      onSuccess: () => setDraft(''),
      onError: (err) => setError(handleError(err, { silent: true, message: T.failedToSend })),
    });
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };

  const seen = new Set<string>();
  const messages = [...older, ...latest].filter((m) => (seen.has(m._id) ? false : (seen.add(m._id), true)));

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }}>
      <ScrollArea style={{ flex: 1 }} type="auto" aria-label={`Messages in ${channel.name}`}>
        {history.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : history.isError ? (
          <Stack align="center" py="lg" gap="xs">
            <Text size="sm">{T.failedToLoad}</Text>
            <Button size="xs" variant="light" onClick={() => void history.refetch()}>
              {T.tryAgain}
            </Button>
          </Stack>
        ) : (
          <Stack gap={0} py="xs">
            {hasMore && (
              <Center>
                <Button size="compact-xs" variant="subtle" loading={loadingOlder} onClick={() => void loadOlder()}>
                  {T.loadOlder}
                </Button>
              </Center>
            )}
            {messages.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="lg">
                {T.noMessages}
              </Text>
            )}
            {messages.map((m) => (
              <MessageRow
                key={m._id}
                m={m}
                mine={m.userId === userId}
                onEdit={(msg) => (setEditing(msg), setDraft(msg.body))}
                onDelete={(msg) => remove.mutate(msg._id)}
              />
            ))}
            <div ref={bottom} />
          </Stack>
        )}
      </ScrollArea>
      {channel.archived ? (
        <Text size="sm" c="dimmed" p="sm">
          {T.archived}
        </Text>
      ) : (
        <Stack gap={4} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Textarea
            aria-label={T.placeholder}
            placeholder={T.placeholder}
            autosize
            minRows={1}
            maxRows={5}
            value={draft}
            error={error}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={onKey}
          />
          <Group justify="flex-end" gap={4}>
            {editing && (
              <Button size="xs" variant="subtle" onClick={() => (setEditing(null), setDraft(''))}>
                {T.cancel}
              </Button>
            )}
            <Button size="xs" loading={post.isPending || edit.isPending} onClick={send}>
              {editing ? T.save : T.send}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The shell's optional chat panel (issue #19 §6), contributed by the comms remote as a header widget: a button with
 * the total unread badge that opens a drawer on the right — channels and members (direct messages), then a
 * conversation with its history, live while the drawer is open.
 */
export function ChatPanel() {
  const session = useSnapshot(sessionView);
  const signedIn = session.status === 'authenticated';
  const userId = session.user?.id ?? '';
  const scope = session.user ? `${session.user.id}:${session.user.businessId}` : undefined;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<ChatChannel | null>(null);
  const overview = useChatOverview(signedIn, open);
  useLiveChat(signedIn && open, scope);
  useEffect(() => setActive(null), [scope]);
  if (!signedIn) return null;
  const unread = overview.data?.unreadTotal ?? 0;
  const channels = overview.data?.channels ?? [];
  const current = active ? (channels.find((c) => c._id === active._id) ?? active) : null;

  const openDm = async (peer: string) => {
    const existing = channels.find((c) => c.kind === 'dm' && c.peerUserId === peer);
    if (existing) return setActive(existing);
    try {
      setActive(await chat.openDm(peer));
      void overview.refetch();
    } catch (err) {
      handleError(err);
    }
  };

  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        disabled={unread === 0}
        color="red"
        offset={4}
        data-testid="chat-badge"
      >
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={unread > 0 ? `${T.open} (${unread} unread)` : T.open}
          onClick={() => setOpen(true)}
        >
          <ChatIcon />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="right"
        size={420}
        padding={0}
        title={
          current ? (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label="Back to conversations" onClick={() => setActive(null)}>
                <IconChevronLeft size={16} />
              </ActionIcon>
              <Text fw={700}>{current.kind === 'channel' ? `# ${current.name}` : current.name}</Text>
            </Group>
          ) : (
            <Text fw={700} px="sm">
              {T.title}
            </Text>
          )
        }
        styles={{
          body: { height: 'calc(100% - 60px)', display: 'flex', flexDirection: 'column' },
        }}
      >
        {current ? (
          <Conversation key={current._id} channel={current} userId={userId} />
        ) : overview.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : overview.isError ? (
          <Stack align="center" py="lg" gap="xs">
            <Text size="sm">{T.failedToLoad}</Text>
            <Button size="xs" variant="light" onClick={() => void overview.refetch()}>
              {T.tryAgain}
            </Button>
          </Stack>
        ) : (
          <ScrollArea style={{ flex: 1 }}>
            <Stack gap={2} py="xs">
              <Text size="xs" fw={700} c="dimmed" px="sm" tt="uppercase">
                {T.channels}
              </Text>
              {channels
                .filter((c) => c.kind === 'channel' && !c.archived)
                .map((c) => (
                  <ConversationRow key={c._id} c={c} onOpen={setActive} />
                ))}
              <NewChannel onCreated={(c) => (setActive(c), void overview.refetch())} />
              <Text size="xs" fw={700} c="dimmed" px="sm" pt="sm" tt="uppercase">
                {T.directMessages}
              </Text>
              {(overview.data?.members ?? [])
                .filter((m) => m.userId !== userId)
                .map((m) => {
                  const dm = channels.find((c) => c.kind === 'dm' && c.peerUserId === m.userId);
                  return (
                    <ConversationRow
                      key={m.userId}
                      c={
                        dm ?? {
                          _id: `new:${m.userId}`,
                          kind: 'dm',
                          name: m.name,
                          peerUserId: m.userId,
                          archived: false,
                          unread: 0,
                          lastMessageAt: null,
                        }
                      }
                      onOpen={() => void openDm(m.userId)}
                    />
                  );
                })}
            </Stack>
          </ScrollArea>
        )}
      </Drawer>
    </>
  );
}
