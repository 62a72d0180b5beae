import { Badge } from '@atrium/ui';
import { DOCUMENT_STATUS_LABELS, type DocumentStatus } from '@atrium/domain-documents';

const COLORS: Record<DocumentStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'cyan',
  completed: 'green',
  paid: 'green',
  expired: 'orange',
};

export function StatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
