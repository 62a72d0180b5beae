import { lazy, Suspense } from 'react';
import { Anchor, Link, Skeleton, Stack, Text, WidgetError, WidgetSkeleton } from '@atrium/ui';
import { formatMoney } from '@atrium/domain-documents';
import { useFinanceOverview } from './use-finance';

const RevenueChart = lazy(() => import('./revenue-chart'));
/** The widget shows the last six months. */
const MONTHS = 6;

/** Home widget "Sales overview": revenue of the last six months as a chart, in the business's main currency. */
export default function SalesOverviewWidget() {
  const { data, isPending, isError, refetch } = useFinanceOverview();
  if (isPending) return <WidgetSkeleton />;
  if (isError) return <WidgetError onRetry={() => void refetch()}>Sales could not be loaded.</WidgetError>;
  const main = data.currencies[0];
  const months = main?.months.slice(-MONTHS) ?? [];
  if (!main || months.every((m) => m.paid === 0 && m.refunded === 0))
    return (
      <Text size="sm" c="dimmed">
        No sales in the last six months.
      </Text>
    );
  const total = months.reduce((n, m) => n + m.net, 0);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Last six months:{' '}
        <Text span fw={600} c="var(--mantine-color-text)">
          {formatMoney(total, main.currency)}
        </Text>
        {data.currencies.length > 1 && ` (${main.currency}; other currencies in finance)`}
      </Text>
      <Suspense fallback={<Skeleton height={160} />}>
        <RevenueChart months={months} currency={main.currency} height={160} />
      </Suspense>
      <Anchor component={Link} to="/finance" size="xs">
        Open finance →
      </Anchor>
    </Stack>
  );
}
