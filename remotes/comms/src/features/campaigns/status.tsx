import { Badge } from '@atrium/ui';
import type { CampaignStatus, RecipientStatus } from '@atrium/domain-comms';

const COLORS: Record<CampaignStatus | RecipientStatus, string> = {
  scheduled: 'blue',
  sending: 'yellow',
  sent: 'green',
  cancelled: 'gray',
  failed: 'red',
  queued: 'gray',
  bounced: 'orange',
  unknown: 'grape',
};
export const STATUS_LABELS: Record<CampaignStatus | RecipientStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
  failed: 'Failed',
  queued: 'Queued',
  bounced: 'Bounced',
  unknown: 'Unknown',
};

export function StatusBadge({ status }: { status: CampaignStatus | RecipientStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
