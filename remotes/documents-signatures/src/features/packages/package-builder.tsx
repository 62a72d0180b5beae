import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '@atrium/api-client';
import { useContactChoices } from '@atrium/domain-crm/public';
import {
  DOCUMENT_TYPE_LABELS,
  PACKAGE_MESSAGES,
  PACKAGE_STATUS_LABELS,
  documentKeys,
  documents,
  packageKeys,
  packages,
  type Package,
  type PackageSendAnswer,
} from '@atrium/domain-documents';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  IconCheck,
  IconTrash,
  Paper,
  SearchableSelect,
  Stack,
  Text,
  TextInput,
  Title,
  handleError,
  useNavigate,
} from '@atrium/ui';
import { StatusBadge } from '../../components/status-badge';
import { absoluteLink } from '../../lib/paths';
import { moveItem } from './order';
import { useSortableItem } from './use-sortable-item';

const EMAIL_TEXT: Record<PackageSendAnswer['email'], string> = {
  sent: PACKAGE_MESSAGES.sent,
  no_email: PACKAGE_MESSAGES.sentNoEmail,
  failed: PACKAGE_MESSAGES.sentMailFailed,
};

/**
 * The package builder (/packages/new and /packages/{id}): a name, the client, the client's documents in order
 * (dragged into place, or Up/Down buttons for the keyboard; Remove takes one out). A draft saves and sends; once
 * sent, only the name changes and each step shows whether the client has done it, with the link to copy.
 */
export function PackageBuilder({ pkg }: { pkg: Package | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState(pkg?.name ?? '');
  const [contactId, setContactId] = useState<string | null>(pkg?.contactId ?? null);
  const [ids, setIds] = useState<string[]>(pkg?.steps.map((s) => s.documentId) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [sent, setSent] = useState<PackageSendAnswer | null>(null);
  const frozen = !!pkg && pkg.status !== 'draft';
  const contacts = useContactChoices(contactId ? [contactId] : []);
  const docs = useQuery({
    queryKey: documentKeys.list({ contactId: contactId ?? undefined, limit: 100 }),
    queryFn: () => documents.list({ contactId: contactId ?? undefined, limit: 100 }),
    enabled: !!contactId && !frozen,
  });
  const byId = new Map((docs.data?.data ?? []).map((d) => [d._id, d]));
  for (const s of pkg?.steps ?? []) {
    if (!byId.has(s.documentId))
      byId.set(s.documentId, { _id: s.documentId, title: s.title, type: s.type, status: s.status } as never);
  }
  const candidates = (docs.data?.data ?? []).filter((d) => !ids.includes(d._id));

  const save = async (): Promise<Package | null> => {
    setSaving(true);
    setErrors({});
    try {
      const saved = pkg
        ? await packages.update(pkg._id, frozen ? { name } : { name, contactId: contactId ?? '', documentIds: ids })
        : await packages.create({ name, contactId: contactId ?? '', documentIds: ids });
      client.setQueryData(packageKeys.one(saved._id), saved);
      void client.invalidateQueries({ queryKey: packageKeys.all });
      if (!pkg) navigate(`/packages/${encodeURIComponent(saved._id)}`, { replace: true });
      else toast.success('Package saved');
      return saved;
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields);
      else handleError(e);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const send = async () => {
    if (!pkg) return;
    if (!frozen && !(await save())) return;
    setSaving(true);
    try {
      const answer = await packages.send(pkg._id);
      setSent(answer);
      client.setQueryData(packageKeys.one(pkg._id), answer.package);
      void client.invalidateQueries({ queryKey: packageKeys.all });
      void client.invalidateQueries({ queryKey: documentKeys.all });
      toast.success(EMAIL_TEXT[answer.email]);
    } catch (e) {
      handleError(e);
    } finally {
      setSaving(false);
    }
  };

  const move = (from: number, to: number) => setIds((list) => moveItem(list, from, to));
  const link = sent ? absoluteLink(sent.link.url) : '';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {pkg ? pkg.name : 'New package'}
        </Title>
        <Group>
          {pkg && <Badge variant="light">{PACKAGE_STATUS_LABELS[pkg.status]}</Badge>}
          <Button variant="default" onClick={() => void save()} loading={saving}>
            Save
          </Button>
          {pkg && (
            <Button onClick={() => void send()} loading={saving} disabled={ids.length === 0}>
              {frozen ? 'Send again' : 'Send'}
            </Button>
          )}
        </Group>
      </Group>
      {sent && (
        <Alert color="green" title="Package sent">
          <Stack gap="xs">
            <Text size="sm">{EMAIL_TEXT[sent.email]}</Text>
            <TextInput label="Link for the client" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() =>
                  void navigator.clipboard?.writeText(link).then(
                    () => toast.success('Link copied'),
                    () => toast.error('Could not copy the link: select it and copy it yourself'),
                  )
                }
              >
                Copy link
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
          <SearchableSelect
            label="Client"
            placeholder={contacts.isPending ? 'Loading contacts…' : 'Choose a client'}
            data={contacts.choices}
            value={contactId}
            onChange={(v) => {
              setContactId(v);
              setIds([]);
            }}
            error={errors.contactId}
            disabled={frozen}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz={18}>
            Documents, in the order the client goes through them
          </Title>
          {errors.documentIds && (
            <Text c="red" size="sm">
              {errors.documentIds}
            </Text>
          )}
          {ids.length === 0 && <Text c="dimmed">No documents yet: add the client’s documents below.</Text>}
          <Stack
            gap={6}
            component="ol"
            aria-label="Package documents"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {ids.map((id, i) => {
              const d = byId.get(id);
              const step = pkg?.steps.find((s) => s.documentId === id);
              const title = d?.title ?? step?.title ?? id;
              return (
                <SortableRow key={id} index={i} onMove={move} enabled={!frozen} label={`Step ${i + 1}: ${title}`}>
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <Text fw={600} w={24}>
                        {i + 1}.
                      </Text>
                      <Stack gap={0}>
                        <Text>{title}</Text>
                        {d && (
                          <Text size="xs" c="dimmed">
                            {DOCUMENT_TYPE_LABELS[d.type]}
                          </Text>
                        )}
                        {errors[`documentIds.${i}`] && (
                          <Text size="xs" c="red">
                            {errors[`documentIds.${i}`]}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                    <Group gap={4} wrap="nowrap">
                      {d && <StatusBadge status={step?.status ?? d.status} />}
                      {frozen && step?.done && (
                        <Badge color="green" leftSection={<IconCheck size={12} />}>
                          Done
                        </Badge>
                      )}
                      {!frozen && (
                        <>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Move ${title} up`}
                            disabled={i === 0}
                            onClick={() => move(i, i - 1)}
                          >
                            Up
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Move ${title} down`}
                            disabled={i === ids.length - 1}
                            onClick={() => move(i, i + 1)}
                          >
                            Down
                          </Button>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${title}`}
                            onClick={() => setIds(ids.filter((x) => x !== id))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </>
                      )}
                    </Group>
                  </Group>
                </SortableRow>
              );
            })}
          </Stack>
          {!frozen && contactId && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Add a document of this client
              </Text>
              {docs.isPending ? (
                <Text size="sm" c="dimmed">
                  Loading documents…
                </Text>
              ) : candidates.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No other documents for this client.
                </Text>
              ) : (
                <Group gap="xs">
                  {candidates.map((d) => (
                    <Button key={d._id} size="xs" variant="light" onClick={() => setIds([...ids, d._id])}>
                      + {d.title} ({DOCUMENT_TYPE_LABELS[d.type]})
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** A row of the list: dragged onto another row to take its place (or moved with its Up/Down buttons). */
function SortableRow(props: {
  index: number;
  onMove: (from: number, to: number) => void;
  enabled: boolean;
  label: string;
  children: ReactNode;
}) {
  const { ref, over } = useSortableItem(props.index, props.onMove, props.enabled);
  return (
    <Paper
      ref={ref}
      component="li"
      withBorder
      p="xs"
      radius="sm"
      aria-label={props.label}
      data-drop-over={over || undefined}
      style={{
        cursor: props.enabled ? 'grab' : undefined,
        outline: over ? '2px solid var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      {props.children}
    </Paper>
  );
}
