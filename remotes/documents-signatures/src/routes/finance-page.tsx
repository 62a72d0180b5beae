import { Navigate, Stack, Tabs, Title, useNavigate, useParams } from '@atrium/ui';
import { FINANCE_TABS, FINANCE_TAB_LABELS, isFinanceTab, type FinanceTab } from '@atrium/domain-documents';
import { OverviewPanel } from '../features/finance/overview-panel';
import { InvoicesPanel } from '../features/finance/invoices-panel';
import { PaymentsPanel } from '../features/finance/payments-panel';
import { ExportPanel } from '../features/finance/export-panel';

const PANELS: Record<FinanceTab, () => React.JSX.Element> = {
  overview: OverviewPanel,
  invoices: InvoicesPanel,
  payments: PaymentsPanel,
  export: ExportPanel,
};

/**
 * /finance and /finance/{tab}: overview, invoices, payments and export (docs/requirements.md "Finance"). An unknown
 * tab goes to the overview (replace: Back does not return to the bad address).
 */
export default function FinancePage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  if (tab !== undefined && !isFinanceTab(tab)) return <Navigate to="/finance" replace />;
  const current: FinanceTab = tab ?? 'overview';
  const Panel = PANELS[current];
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Finance
      </Title>
      <Tabs value={current} onChange={(v) => v && navigate(v === 'overview' ? '/finance' : `/finance/${v}`)}>
        <Tabs.List>
          {FINANCE_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {FINANCE_TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Panel />
    </Stack>
  );
}
