import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Link,
  formatDay,
} from '@atrium/ui';
import { formatPrice } from '@atrium/domain-market';
import { TransactionStatusBadge } from './transaction-status';
import { useTransactions } from './use-marketplace';

const TEXTS = {
  purchases: {
    title: 'My purchases',
    other: 'Seller',
    empty: 'You have not bought anything yet.',
    table: 'Purchases',
  },
  sales: { title: 'My sales', other: 'Buyer', empty: 'Nothing sold yet.', table: 'Sales' },
} as const;

/** /dashboard/purchases and /dashboard/sales: one table, the other party's column named for the side. */
export function TransactionsTable({ kind }: { kind: 'purchases' | 'sales' }) {
  const [page, setPage] = useState(1);
  const list = useTransactions(kind, { page });
  const t = TEXTS[kind];
  return (
    <Stack maw={1000}>
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {t.title}
        </Title>
        <Group gap="xs">
          <Button
            component={Link}
            to={kind === 'purchases' ? '/dashboard/sales' : '/dashboard/purchases'}
            variant="default"
          >
            {kind === 'purchases' ? 'My sales' : 'My purchases'}
          </Button>
          <Button component={Link} to="/communities?tab=marketplace" variant="light">
            Marketplace
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Skeleton height={160} />
      ) : list.isError ? (
        <Alert color="red" title={`${t.table} could not be loaded`}>
          {list.error.message}
        </Alert>
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <>
          <Table aria-label={t.table} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Listing</Table.Th>
                <Table.Th>{t.other}</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((tx) => (
                <Table.Tr key={tx._id}>
                  <Table.Td>{formatDay(tx.paidAt ?? tx.createdAt)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/transaction/${encodeURIComponent(tx._id)}`}>
                      {tx.listingTitle}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{kind === 'purchases' ? tx.sellerName : tx.buyerName}</Table.Td>
                  <Table.Td>
                    <TransactionStatusBadge status={tx.status} />
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatPrice(tx.amount, tx.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.pagination.totalPages > 1 && (
            <Pagination value={page} onChange={setPage} total={list.data.pagination.totalPages} />
          )}
        </>
      )}
    </Stack>
  );
}
