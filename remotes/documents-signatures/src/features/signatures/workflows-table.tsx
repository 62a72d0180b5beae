import { ActionIcon, Anchor, IconDownload, Link, Table, Text, Tooltip, formatInstant } from '@atrium/ui';
import type { WorkflowSummary } from '@atrium/domain-documents';
import { SigningProgress, WorkflowStatusBadge } from './workflow-status';
import { workflowPath } from './paths';

interface WorkflowsTableProps {
  rows: WorkflowSummary[];
  /** With it, completed rows get a "Download signed PDF" button. */
  onDownload?: (row: WorkflowSummary) => void;
}

/** Workflows: the document (opens the workflow), the signers and their progress, status, sent and updated dates. */
export function WorkflowsTable({ rows, onDownload }: WorkflowsTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Signature workflows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Signers</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>{onDownload ? 'Completed' : 'Updated'}</Table.Th>
            {onDownload && <Table.Th w={48} aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((w) => (
            <Table.Tr key={w._id}>
              <Table.Td maw={320}>
                <Anchor component={Link} to={workflowPath(w._id)} fw={500}>
                  {w.documentTitle}
                </Anchor>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" truncate title={w.signerNames.join(', ')}>
                  {w.signerNames.join(', ')}
                </Text>
                <SigningProgress signed={w.signedCount} total={w.signerCount} />
              </Table.Td>
              <Table.Td>
                <WorkflowStatusBadge status={w.status} />
              </Table.Td>
              <Table.Td>{formatInstant(w.sentAt)}</Table.Td>
              <Table.Td>{formatInstant(onDownload ? w.completedAt : w.updatedAt)}</Table.Td>
              {onDownload && (
                <Table.Td>
                  {w.status === 'completed' && (
                    <Tooltip label="Download signed PDF">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Download signed PDF of ${w.documentTitle}`}
                        onClick={() => onDownload(w)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
