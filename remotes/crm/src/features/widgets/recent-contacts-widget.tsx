import { useQuery } from '@tanstack/react-query';
import { contactDisplayName } from '@atrium/contracts';
import { Anchor, Badge, Group, Link, Stack, Text, WidgetError, WidgetSkeleton } from '@atrium/ui';
import { contacts, contactKeys } from '@atrium/domain-crm';

/** Home widget: the five newest contacts. */
export default function RecentContactsWidget() {
  const { data, isPending, isError } = useQuery({
    queryKey: contactKeys.list({ page: 1, limit: 5 }),
    queryFn: () => contacts.list({ page: 1, limit: 5 }),
  });
  if (isPending) return <WidgetSkeleton />;
  if (isError) return <WidgetError>Recent contacts could not be loaded.</WidgetError>;
  if (data.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No contacts yet.{' '}
        <Anchor component={Link} to="/contacts">
          Add your first client
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {data.data.map((c) => (
        <Group key={c._id} justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={`/contacts/${c._id}`} size="sm" truncate>
            {contactDisplayName(c)}
          </Anchor>
          <Badge size="xs" variant="light" color={c.status === 'Active' ? 'atrium' : 'gray'} tt="none">
            {c.status}
          </Badge>
        </Group>
      ))}
      <Anchor component={Link} to="/contacts" size="xs">
        All contacts →
      </Anchor>
    </Stack>
  );
}
