import { TransactionsTable } from '../features/marketplace/transactions-table';

/** /dashboard/purchases: what the caller bought in the marketplace. */
export default function PurchasesPage() {
  return <TransactionsTable kind="purchases" />;
}
