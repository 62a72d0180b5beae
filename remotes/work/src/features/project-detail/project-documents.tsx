import { useQuery } from '@tanstack/react-query';
import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  documentKeys,
  documents,
  formatMoney,
} from '@atrium/domain-documents/public';
import { Anchor, Badge, Button, Link, Table } from '@atrium/ui';
import { ListCard } from './list-card';

/**
 * The project's documents tab: its invoices, contracts and questionnaires (the documents slice's public call
 * GET /documents/project/{id}, newest first), each opening as the client sees it on the documents app's page.
 */
export function ProjectDocuments({ projectId }: { projectId: string }) {
  const list = useQuery({ queryKey: documentKeys.ofProject(projectId), queryFn: () => documents.ofProject(projectId) });
  return (
    <ListCard
      title="Documents"
      action={
        <Button size="xs" variant="default" component={Link} to="/documents">
          All documents
        </Button>
      }
      query={list}
      errorTitle="The documents could not be loaded"
      emptyText="No documents in this project yet."
    >
      {(rows) => (
        <Table aria-label="Project documents" verticalSpacing="xs">
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/documents/view/${encodeURIComponent(d._id)}`} fw={500}>
                    {d.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{DOCUMENT_TYPE_LABELS[d.type]}</Table.Td>
                <Table.Td>{d.number ?? ''}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{DOCUMENT_STATUS_LABELS[d.status]}</Badge>
                </Table.Td>
                <Table.Td ta="right">{d.total !== null && d.currency ? formatMoney(d.total, d.currency) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ListCard>
  );
}
