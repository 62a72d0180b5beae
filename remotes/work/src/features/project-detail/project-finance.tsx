import { useQuery } from '@tanstack/react-query';
import {
  DOCUMENT_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  finance,
  financeKeys,
  formatMoney,
  type FinanceProjectTotals,
} from '@atrium/domain-documents/public';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Link,
  LoadError,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  formatDay,
} from '@atrium/ui';

const viewPath = (id: string) => `/documents/view/${encodeURIComponent(id)}`;

function Totals({ t, heading }: { t: FinanceProjectTotals; heading: boolean }) {
  const items = [
    ['Invoiced', t.invoiced],
    ['Paid', t.paid],
    ['Outstanding', t.outstanding],
    ['Overdue', t.overdue],
  ] as const;
  return (
    <Stack gap={4}>
      {heading && (
        <Text size="sm" fw={600}>
          {t.currency}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {items.map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text fw={700} c={label === 'Overdue' && value > 0 ? 'red' : undefined} data-testid={`project-${label}`}>
              {formatMoney(value, t.currency)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The project's finance tab: what its invoices came to, what was paid (net of refunds) and what is still due, per
 * currency, with the invoices and payments themselves (the documents slice's public call GET /finance/projects/{id}).
 */
export function ProjectFinance({ projectId }: { projectId: string }) {
  const q = useQuery({ queryKey: financeKeys.ofProject(projectId), queryFn: () => finance.ofProject(projectId) });
  if (q.isPending)
    return (
      <Stack gap="xs">
        <Skeleton height={60} />
        <Skeleton height={14} />
        <Skeleton height={14} />
      </Stack>
    );
  if (q.isError)
    return (
      <LoadError
        title="The project's finance could not be loaded"
        message={q.error.message}
        onRetry={() => void q.refetch()}
      />
    );
  const { totals, invoices, payments } = q.data;
  return (
    <Stack gap="md">
      {totals.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap={4} align="center">
            <Text c="dimmed">No invoices in this project yet.</Text>
            <Anchor component={Link} to="/documents/create?type=invoice">
              Create an invoice
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        totals.map((t) => <Totals key={t.currency} t={t} heading={totals.length > 1} />)
      )}
      {invoices.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="xs">
            <Title order={3} fz="md">
              Invoices
            </Title>
            <Button size="xs" variant="default" component={Link} to="/finance/invoices">
              All invoices
            </Button>
          </Group>
          <Table aria-label="Project invoices" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
                <Table.Th>Due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((i) => (
                <Table.Tr key={i._id}>
                  <Table.Td>
                    <Anchor component={Link} to={viewPath(i._id)} fw={500}>
                      {i.number ?? i.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="light">{DOCUMENT_STATUS_LABELS[i.status]}</Badge>
                      {i.overdue && (
                        <Badge color="red" variant="light">
                          Overdue
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(i.total, i.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(i.paid, i.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(i.balance, i.currency)}</Table.Td>
                  <Table.Td>{formatDay(i.dueDate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {payments.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="md" mb="xs">
            Payments
          </Title>
          <Table aria-label="Project payments" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Net</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td>{formatDay(p.paidAt ?? p.createdAt)}</Table.Td>
                  <Table.Td>{p.invoiceNumber ?? p.invoiceTitle ?? '—'}</Table.Td>
                  <Table.Td>{p.method === 'card' ? 'Card' : 'Manual'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{PAYMENT_STATUS_LABELS[p.status]}</Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(p.amount, p.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.net, p.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
