import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Group, Link, LoadError, PageSkeleton, Stack, Table, Text, Title, formatDay } from '@atrium/ui';
import { PACKAGE_STATUS_LABELS, packageKeys, packages } from '@atrium/domain-documents';

/** /packages: the business's packages (the builder's list), newest change first. */
export default function PackagesPage() {
  const params = { limit: 100 };
  const q = useQuery({ queryKey: packageKeys.list(params), queryFn: () => packages.list(params) });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Packages
        </Title>
        <Group>
          <Button variant="default" component={Link} to="/documents">
            Documents
          </Button>
          <Button component={Link} to="/packages/new">
            New package
          </Button>
        </Group>
      </Group>
      {q.isPending ? (
        <PageSkeleton rows={5} />
      ) : q.isError ? (
        <LoadError
          title="The packages could not be loaded"
          message={q.error.message}
          onRetry={() => void q.refetch()}
        />
      ) : q.data.data.length === 0 ? (
        <Text c="dimmed">No packages yet</Text>
      ) : (
        <Table aria-label="Packages" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.data.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td>
                  <Link to={`/packages/${encodeURIComponent(p._id)}`}>{p.name}</Link>
                </Table.Td>
                <Table.Td>{p.contact?.name ?? ''}</Table.Td>
                <Table.Td>
                  {p.doneCount} of {p.itemCount}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{PACKAGE_STATUS_LABELS[p.status]}</Badge>
                </Table.Td>
                <Table.Td>{formatDay(p.updatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
