import { Badge } from '@atrium/ui';
import type { TransactionStatus } from '@atrium/domain-market';

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  refunded: 'Refunded',
  disputed: 'Disputed',
  expired: 'Not completed',
};

const COLORS: Record<TransactionStatus, string> = {
  pending: 'yellow',
  paid: 'teal',
  refunded: 'gray',
  disputed: 'red',
  expired: 'gray',
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]}>
      {TRANSACTION_STATUS_LABELS[status]}
    </Badge>
  );
}
