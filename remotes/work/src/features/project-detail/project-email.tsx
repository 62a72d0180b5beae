import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@atrium/event-bus';
import {
  GMAIL_MAX_ATTACHMENT_BYTES,
  GMAIL_MAX_ATTACHMENTS,
  GMAIL_MESSAGES as M,
  gmail,
  gmailKeys,
  gmailSendSchema,
  type GmailMessage,
  type GmailThread,
} from '@atrium/domain-comms/public';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  DraggableModal,
  Group,
  Link,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  handleError,
} from '@atrium/ui';
import { ListCard } from './list-card';

/** Replies are looked for by the server's poll; the tab asks again this often while open. */
const REFRESH_MS = 15_000;

interface Draft {
  threadId: string | null;
  inReplyTo: string | null;
  recipients: string;
  subject: string;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The message as typed → paragraphs of HTML (the server sanitises whatever it gets). */
const toHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The reply to a thread: to the client who wrote last (or whom we wrote to), in the thread, answering its last message. */
function replyDraft(t: GmailThread): Draft {
  const last = t.messages[t.messages.length - 1]!;
  const lastReceived = [...t.messages].reverse().find((m) => m.direction === 'received');
  const to = lastReceived ? [addressOf(lastReceived.from)] : last.to;
  return {
    threadId: t.threadId,
    inReplyTo: last.rfcMessageId,
    recipients: to.join(', '),
    subject: /^re:/i.test(t.subject) ? t.subject : `Re: ${t.subject}`,
  };
}

function ComposeModal({ projectId, draft, onClose }: { projectId: string; draft: Draft; onClose: () => void }) {
  const qc = useQueryClient();
  const [recipients, setRecipients] = useState(draft.recipients);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: async () => {
      const attachments = await Promise.all(
        files.map(async (f) => ({
          filename: f.name,
          contentType: f.type || 'application/octet-stream',
          contentBase64: await readBase64(f),
        })),
      );
      const input = {
        recipients: recipients
          .split(/[,;\s]+/)
          .map((r) => r.trim())
          .filter(Boolean),
        subject,
        body: body.trim() ? toHtml(body.trim()) : '',
        projectId,
        threadId: draft.threadId,
        inReplyTo: draft.inReplyTo,
        attachments,
      };
      const parsed = gmailSendSchema.safeParse(input);
      if (!parsed.success) {
        const next: Record<string, string> = {};
        for (const issue of parsed.error.issues) next[String(issue.path[0] ?? '_')] ??= issue.message;
        setErrors(next);
        throw Object.assign(new Error(Object.values(next)[0] ?? M.sendFailed), { quiet: true });
      }
      setErrors({});
      return gmail.send(input);
    },
    onSuccess: async () => {
      toast.success(M.sent);
      await qc.invalidateQueries({ queryKey: gmailKeys.projectThreads(projectId) });
      onClose();
    },
    onError: (error) => handleError(error, { message: (error as Error).message || M.sendFailed }),
  });
  const tooBig = files.find((f) => f.size > GMAIL_MAX_ATTACHMENT_BYTES);
  return (
    <DraggableModal
      modalId="project-email"
      opened
      onClose={onClose}
      title={draft.threadId ? 'Reply' : 'New email'}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          label="To"
          description="Separate several addresses with commas"
          value={recipients}
          onChange={(e) => setRecipients(e.currentTarget.value)}
          error={errors.recipients}
          required
        />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={errors.subject}
          required
        />
        <Textarea
          label="Message"
          autosize
          minRows={6}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errors.body}
          required
        />
        <Box>
          <Text size="sm" fw={500}>
            Attachments
          </Text>
          <input
            type="file"
            multiple
            aria-label="Attachments"
            onChange={(e) => setFiles(Array.from(e.currentTarget.files ?? []).slice(0, GMAIL_MAX_ATTACHMENTS))}
          />
          {(errors.attachments || tooBig) && (
            <Text size="xs" c="red">
              {tooBig ? `${tooBig.name} is larger than 20 MB` : errors.attachments}
            </Text>
          )}
        </Box>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button onClick={() => send.mutate()} loading={send.isPending} disabled={!!tooBig}>
            Send
          </Button>
        </Group>
      </Stack>
    </DraggableModal>
  );
}

/** A received email's held-back images (their address in data-remote-src, review finding 15), loaded on request. */
const showRemoteImages = (html: string) => html.replace(/<img\b([^>]*?)\sdata-remote-src="/g, '<img$1 src="');

function MessageItem({ m }: { m: GmailMessage }) {
  const [imagesShown, setImagesShown] = useState(false);
  const html = useMemo(() => (imagesShown ? showRemoteImages(m.bodyHtml) : m.bodyHtml), [imagesShown, m.bodyHtml]);
  return (
    <Box py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Badge size="xs" variant="light" color={m.direction === 'received' ? 'blue' : 'gray'}>
            {m.direction === 'received' ? 'Received' : 'Sent'}
          </Badge>
          <Text size="sm" fw={500}>
            {m.from}
          </Text>
          <Text size="xs" c="dimmed">
            to {m.to.join(', ')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {new Date(m.sentAt).toLocaleString()}
        </Text>
      </Group>
      {m.remoteImages > 0 && !imagesShown && (
        <Group gap="xs" mt={4}>
          <Text size="xs" c="dimmed">
            {M.imagesHidden}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => setImagesShown(true)}>
            {M.showImages}
          </Button>
        </Group>
      )}
      {/* Sanitised by the server when it was stored (docs/requirements.md "Gmail"). */}
      <Box mt={4} fz="sm" className="email-body" dangerouslySetInnerHTML={{ __html: html }} />
      {m.attachments.length > 0 && (
        <Text size="xs" c="dimmed">
          Attachments: {m.attachments.map((a) => a.filename).join(', ')}
        </Text>
      )}
    </Box>
  );
}

/**
 * The project's email tab: its threads (sent from Atrium with the project, and the replies the server found in the
 * sender's mailbox), newest first, each with Reply; New email composes one from the member's own Gmail. Without a
 * connected Gmail it says so and links to the profile's integrations.
 */
export function ProjectEmail({ projectId }: { projectId: string }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const status = useQuery({ queryKey: gmailKeys.status, queryFn: () => gmail.status() });
  const threads = useQuery({
    queryKey: gmailKeys.projectThreads(projectId),
    queryFn: () => gmail.projectThreads(projectId),
    refetchInterval: REFRESH_MS,
  });
  const canSend = status.data?.connected === true;
  return (
    <Stack gap="md">
      {status.isError && <Alert color="red">{M.statusFailed}</Alert>}
      {status.data && !canSend && (
        <Alert color={status.data.state === 'reconnect' ? 'yellow' : 'gray'} title="Gmail">
          <Text size="sm">
            {status.data.state === 'not_configured'
              ? M.notConfigured
              : status.data.state === 'reconnect'
                ? M.reconnect
                : M.notConnected}
          </Text>
          {status.data.state !== 'not_configured' && (
            <Anchor component={Link} to="/settings/profile/integrations" size="sm">
              {status.data.state === 'reconnect' ? M.reconnectButton : M.connect}
            </Anchor>
          )}
        </Alert>
      )}
      <ListCard
        title="Email"
        action={
          <Button
            size="xs"
            disabled={!canSend}
            onClick={() => setDraft({ threadId: null, inReplyTo: null, recipients: '', subject: '' })}
          >
            New email
          </Button>
        }
        query={threads}
        errorTitle={M.emailsFailed}
        emptyText={M.noEmails}
      >
        {(rows) => (
          <Stack gap="sm">
            {rows.map((t) => (
              <Paper key={t.threadId} withBorder radius="sm" p="sm" aria-label={`Thread ${t.subject}`}>
                <Group justify="space-between" mb={4}>
                  <Title order={4} fz="sm">
                    {t.subject || '(no subject)'}
                  </Title>
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={!canSend}
                    onClick={() => setDraft(replyDraft(t))}
                  >
                    Reply
                  </Button>
                </Group>
                {t.messages.map((m) => (
                  <MessageItem key={m.id} m={m} />
                ))}
              </Paper>
            ))}
          </Stack>
        )}
      </ListCard>
      {draft && <ComposeModal projectId={projectId} draft={draft} onClose={() => setDraft(null)} />}
    </Stack>
  );
}
