import { useQueries } from '@tanstack/react-query';
import { SimpleGrid, Skeleton, Stack, Text } from '@atrium/ui';
import { contacts, contactKeys } from '@atrium/domain-crm';

const DAY = 86_400_000;

/** Home widget: how the client list stands — totals by status and new this month (one count query each). */
export default function CustomerInsightsWidget() {
  const since = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
  const queries = [
    { key: 'Total', q: {} },
    { key: 'Active', q: { status: 'Active' as const } },
    { key: 'Inactive', q: { status: 'Inactive' as const } },
    { key: 'New (30 days)', q: { dateCreatedFrom: since } },
  ];
  const results = useQueries({
    queries: queries.map(({ q }) => ({
      queryKey: contactKeys.count(q),
      queryFn: async () => (await contacts.list({ ...q, page: 1, limit: 1 })).pagination.total,
    })),
  });
  if (results.some((r) => r.isPending))
    return (
      <Stack gap="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={14} />
        ))}
      </Stack>
    );
  if (results.some((r) => r.isError))
    return (
      <Text size="sm" c="red">
        Insights could not be loaded.
      </Text>
    );
  return (
    <SimpleGrid cols={2} spacing="md">
      {queries.map(({ key }, i) => (
        <Stack key={key} gap={0}>
          <Text fz={24} fw={700} data-testid={`insight-${key}`}>
            {results[i]!.data}
          </Text>
          <Text size="xs" c="dimmed">
            {key}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
