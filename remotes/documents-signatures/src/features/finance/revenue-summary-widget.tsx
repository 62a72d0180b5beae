import { Anchor, Group, Link, Stack, Text, WidgetError, WidgetSkeleton } from '@atrium/ui';
import { formatMoney, type FinanceCurrencySummary } from '@atrium/domain-documents';
import { useFinanceOverview } from './use-finance';

function change(s: FinanceCurrencySummary): string | null {
  if (s.lastMonth === 0) return null;
  const pct = Math.round(((s.thisMonth - s.lastMonth) / Math.abs(s.lastMonth)) * 100);
  return `${pct > 0 ? '+' : ''}${pct}% vs last month`;
}

function Row({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={color}>
        {value}
      </Text>
    </Group>
  );
}

/** Home widget "Revenue summary": this month against last, outstanding and overdue, per currency. */
export default function RevenueSummaryWidget() {
  const { data, isPending, isError, refetch } = useFinanceOverview();
  if (isPending) return <WidgetSkeleton />;
  if (isError) return <WidgetError onRetry={() => void refetch()}>Revenue could not be loaded.</WidgetError>;
  if (data.currencies.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No revenue yet.{' '}
        <Anchor component={Link} to="/documents/create?type=invoice">
          Send your first invoice
        </Anchor>
      </Text>
    );
  return (
    <Stack gap="md">
      {data.currencies.map((s) => {
        const delta = change(s);
        return (
          <Stack key={s.currency} gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              This month{data.currencies.length > 1 ? ` (${s.currency})` : ''}
            </Text>
            <Text fz={24} fw={700}>
              {formatMoney(s.thisMonth, s.currency)}
            </Text>
            {delta && (
              <Text size="xs" c={s.thisMonth >= s.lastMonth ? 'teal' : 'red'}>
                {delta}
              </Text>
            )}
            <Row label="Last month" value={formatMoney(s.lastMonth, s.currency)} />
            <Row label={`Outstanding (${s.outstandingCount})`} value={formatMoney(s.outstanding, s.currency)} />
            <Row
              label={`Overdue (${s.overdueCount})`}
              value={formatMoney(s.overdue, s.currency)}
              color={s.overdue > 0 ? 'red' : undefined}
            />
          </Stack>
        );
      })}
      <Anchor component={Link} to="/finance" size="xs">
        Open finance →
      </Anchor>
    </Stack>
  );
}
