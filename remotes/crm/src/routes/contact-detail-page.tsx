import { useEffect, useState, type ReactNode } from 'react';
import { contactDisplayName } from '@atrium/contracts';
import { isApiError } from '@atrium/api-client';
import { shownContactStatus } from '@atrium/domain-crm';
import { ContactModal } from '../features/contact-form/contact-modal';
import { ContactMeetingsCard } from '../features/contact-meetings/contact-meetings-card';
import { ContactProjectsCard } from '../features/contact-projects/contact-projects-card';
import { LazyNotesPanel } from '../components/lazy-notes-panel';
import { useContact } from '../features/contact-form/use-contact-mutations';
import { useGroupOptions, useTagOptions } from '../hooks/use-contact-options';
import type { MultiSelectOption } from '@atrium/ui';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Link,
  PageSkeleton,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useLocation,
  useNavigate,
  useParams,
  formatDay,
  formatInstant,
} from '@atrium/ui';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </Stack>
  );
}

/**
 * The contact's groups or tags as colored chips, each linking to the contacts list filtered by it. Ids whose
 * group or tag is not (yet) known are left out.
 */
function Chips({
  label,
  ids,
  options,
  param,
}: {
  label: string;
  ids: string[];
  options: MultiSelectOption[] | undefined;
  param: 'groupIds' | 'tags';
}) {
  const byId = new Map((options ?? []).map((o) => [o.value, o]));
  const known = ids.flatMap((id) => byId.get(id) ?? []);
  if (known.length === 0) return <Field label={label}>{null}</Field>;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6}>
        {known.map((o) => (
          <Badge
            key={o.value}
            component={Link}
            to={`/contacts?${new URLSearchParams({ [param]: o.value })}`}
            variant="filled"
            tt="none"
            // A group's or tag's own colour, chosen by the user: the text is black or white, whichever reads on it.
            {...(o.color ? { color: o.color, autoContrast: true } : {})}
            style={{ cursor: 'pointer' }}
          >
            {o.label}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** /contacts/{contactId}: everything known about one client. */
export default function ContactDetailPage() {
  const { contactId } = useParams();
  const { data: c, isPending, error } = useContact(contactId);
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const groups = useGroupOptions();
  const tags = useTagOptions();
  // Entity notes are reachable at /contacts/{id}#notes (docs/requirements.md §2).
  useEffect(() => {
    if (hash === '#notes' && c) document.getElementById('notes')?.scrollIntoView({ behavior: 'smooth' });
  }, [hash, c]);

  if (isPending) return <PageSkeleton />;
  if (error || !c) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Alert color={missing ? 'gray' : 'red'} title={missing ? 'Contact not found' : 'Contact could not be loaded'}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{missing ? 'It may have been deleted.' : error?.message}</Text>
          <Anchor component={Link} to="/contacts">
            Back to contacts
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  const socials = (['linkedin', 'x', 'instagram', 'facebook', 'blog', 'youtube', 'tiktok', 'other'] as const).filter(
    (k) => c[k],
  );
  const address = [c.address, c.address2, [c.zipCode, c.city].filter(Boolean).join(' '), c.state, c.country].filter(
    Boolean,
  );

  return (
    <Stack>
      <Anchor component={Link} to="/contacts" size="sm">
        ← Contacts
      </Anchor>
      <Group justify="space-between">
        <Group>
          <Title order={1} fz={26}>
            {contactDisplayName(c)}
          </Title>
          <Badge color={shownContactStatus(c.status) === 'Active' ? 'atrium' : 'gray'} variant="light" tt="none">
            {shownContactStatus(c.status)}
          </Badge>
        </Group>
        <Button onClick={() => setEditing(true)}>Edit Contact</Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} fz="md" mb="sm">
            Details
          </Title>
          <SimpleGrid cols={2}>
            <Field label="Email">
              <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
            </Field>
            <Field label="Phone">{c.phone}</Field>
            <Field label="Job title">{c.jobTitle}</Field>
            <Field label="Last contact">{formatDay(c.lastContact)}</Field>
            <Field label="Date created">{formatInstant(c.dateCreated)}</Field>
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={2} fz="md" mb="sm">
            Business
          </Title>
          <SimpleGrid cols={2}>
            <Field label="Business name">{c.business}</Field>
            <Field label="Industry">{c.industry}</Field>
            <Field label="Specialities">{c.specialities}</Field>
            <Field label="Found date">{formatDay(c.foundDate)}</Field>
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={2} fz="md" mb="sm">
            Address
          </Title>
          <Text size="sm">{address.length ? address.join(', ') : '—'}</Text>
        </Card>
        <Card withBorder>
          <Title order={2} fz="md" mb="sm">
            Groups and tags
          </Title>
          <SimpleGrid cols={2}>
            <Chips label="Groups" ids={c.groupIds} options={groups.data} param="groupIds" />
            <Chips label="Tags" ids={c.tags ?? []} options={tags.data} param="tags" />
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={2} fz="md" mb="sm">
            Social
          </Title>
          {socials.length === 0 ? (
            <Text size="sm">—</Text>
          ) : (
            <Stack gap={4}>
              {socials.map((k) => (
                <Anchor key={k} href={c[k]!} target="_blank" rel="noopener noreferrer" size="sm">
                  {c[k]}
                </Anchor>
              ))}
            </Stack>
          )}
        </Card>
        <ContactProjectsCard contactId={c._id} />
        <ContactMeetingsCard contact={c} />
      </SimpleGrid>
      <Card withBorder id="notes">
        <Title order={2} fz="md" mb="sm">
          Notes
        </Title>
        <LazyNotesPanel entityType="contact" entityId={c._id} />
      </Card>
      {editing && (
        <ContactModal contact={c} onClose={() => setEditing(false)} onDeleted={() => navigate('/contacts')} />
      )}
    </Stack>
  );
}
