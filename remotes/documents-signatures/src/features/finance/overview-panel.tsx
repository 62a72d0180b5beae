import { lazy, Suspense } from 'react';
import {
  Anchor,
  Badge,
  Group,
  Link,
  LoadError,
  PageSkeleton,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@atrium/ui';
import { formatMoney, type FinanceCurrencySummary, type FinanceOverview } from '@atrium/domain-documents';
import { useFinanceOverview } from './use-finance';
import { monthLabel } from './finance-params';

const RevenueChart = lazy(() => import('./revenue-chart'));

function Stat({ label, value, hint, color }: { label: string; value: string; hint?: string; color?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} c={color} data-testid={`stat-${label}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

const invoicesWord = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;

function CurrencySection({ s, heading }: { s: FinanceCurrencySummary; heading: boolean }) {
  const first = s.months[0]!.month;
  const last = s.months.at(-1)!.month;
  const year = s.months.reduce((n, m) => n + m.net, 0);
  return (
    <Stack gap="sm" data-testid={`finance-${s.currency}`}>
      {heading && (
        <Title order={2} fz={18}>
          {s.currency}
        </Title>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat
          label="This month"
          value={formatMoney(s.thisMonth, s.currency)}
          hint={`Last month ${formatMoney(s.lastMonth, s.currency)}`}
        />
        <Stat label="Last 12 months" value={formatMoney(year, s.currency)} hint="Received minus refunds" />
        <Stat
          label="Outstanding"
          value={formatMoney(s.outstanding, s.currency)}
          hint={invoicesWord(s.outstandingCount)}
        />
        <Stat
          label="Overdue"
          value={formatMoney(s.overdue, s.currency)}
          hint={invoicesWord(s.overdueCount)}
          color={s.overdue > 0 ? 'red' : undefined}
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Revenue by month</Text>
          <Text size="xs" c="dimmed">
            {monthLabel(first)} – {monthLabel(last)} (UTC)
          </Text>
        </Group>
        <Suspense fallback={<Skeleton height={240} />}>
          <RevenueChart months={s.months} currency={s.currency} />
        </Suspense>
      </Paper>
    </Stack>
  );
}

/** The counts line: drafts, open, paid and overdue invoices, each linked to the invoices tab filtered so. */
function Counts({ counts }: { counts: FinanceOverview['counts'] }) {
  const items = [
    ['Drafts', counts.draft, 'draft'],
    ['Open', counts.open, 'open'],
    ['Paid', counts.paid, 'paid'],
    ['Overdue', counts.overdue, 'overdue'],
  ] as const;
  return (
    <Group gap="md">
      {items.map(([label, n, status]) => (
        <Anchor key={status} component={Link} to={`/finance/invoices?status=${status}`} size="sm">
          <Badge variant="light" color={status === 'overdue' && n > 0 ? 'red' : 'gray'} mr={6}>
            {n}
          </Badge>
          {label}
        </Anchor>
      ))}
    </Group>
  );
}

/** /finance (overview): per currency, revenue by month, this month, outstanding and overdue; invoice counts. */
export function OverviewPanel() {
  const { data, isPending, isError, error, refetch } = useFinanceOverview();
  if (isPending) return <PageSkeleton rows={6} />;
  if (isError)
    return <LoadError title="Finance could not be loaded" message={error.message} onRetry={() => void refetch()} />;
  if (data.currencies.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <Text c="dimmed">No revenue or open invoices yet.</Text>
          <Anchor component={Link} to="/documents/create?type=invoice">
            Create an invoice
          </Anchor>
        </Stack>
      </Paper>
    );
  return (
    <Stack gap="lg">
      <Counts counts={data.counts} />
      {data.currencies.map((s) => (
        <CurrencySection key={s.currency} s={s} heading={data.currencies.length > 1} />
      ))}
    </Stack>
  );
}
