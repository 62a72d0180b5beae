import { Badge } from '@atrium/ui';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@atrium/domain-documents';

const COLORS: Record<PaymentStatus, string> = {
  pending: 'gray',
  succeeded: 'green',
  failed: 'red',
  expired: 'gray',
  refunded: 'orange',
  partially_refunded: 'yellow',
  held: 'grape',
  dismissed: 'gray',
};

/** A payment's status as every payments list of this remote shows it (the invoice's payments, finance). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
