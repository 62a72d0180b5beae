import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { currencyDigits, formatMoney, type FinanceMonth } from '@atrium/domain-documents';
import { monthLabel, toMajor } from './finance-params';

/**
 * Revenue by month as bars (recharts, its own chunk: loaded only where a chart is shown). Paid minus refunded per
 * month; the figures themselves are also written as text beside the chart, so the chart is decoration for a
 * screen reader (its label says what it shows).
 */
export default function RevenueChart({
  months,
  currency,
  height = 240,
}: {
  months: FinanceMonth[];
  currency: string;
  height?: number;
}) {
  const digits = currencyDigits(currency);
  const data = months.map((m) => ({ month: monthLabel(m.month, true), full: monthLabel(m.month), net: m.net }));
  return (
    <div role="img" aria-label={`Revenue by month in ${currency}`} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--mantine-color-default-border)" />
          <XAxis dataKey="month" tickLine={false} axisLine={false} fontSize={12} />
          <YAxis
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={64}
            tickFormatter={(v: number) =>
              new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(
                toMajor(v, digits),
              )
            }
          />
          <Tooltip
            cursor={{ fill: 'var(--mantine-color-default-hover)' }}
            formatter={(v) => [formatMoney(Number(v), currency), 'Revenue']}
            labelFormatter={(_, payload) => (payload?.[0]?.payload as { full?: string } | undefined)?.full ?? ''}
          />
          <Bar dataKey="net" fill="var(--mantine-color-teal-6)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
