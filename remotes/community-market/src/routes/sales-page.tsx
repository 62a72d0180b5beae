import { TransactionsTable } from '../features/marketplace/transactions-table';

/** /dashboard/sales: what the caller sold in the marketplace. */
export default function SalesPage() {
  return <TransactionsTable kind="sales" />;
}
