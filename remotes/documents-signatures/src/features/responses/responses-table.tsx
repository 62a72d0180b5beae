import { Anchor, Link, Table, Text, formatPeriod } from '@atrium/ui';
import { RESPONSE_SOURCE_LABELS, type ResponseSummary } from '@atrium/domain-documents';
import { contactPath, responsePath } from '../../lib/paths';

/** When a submission came in: the day and time in the viewer's zone. */
export const submittedAt = (iso: string) => formatPeriod(iso, null, false);

/**
 * Submissions as rows: the contact (linked to their page), the form or questionnaire it answered, how many answers,
 * and when; the date opens the response. `withSource` false leaves out the form column (one questionnaire's page).
 */
export function ResponsesTable({ rows, withSource = true }: { rows: ResponseSummary[]; withSource?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Responses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Submitted</Table.Th>
            <Table.Th>Contact</Table.Th>
            {withSource && <Table.Th>Form / document</Table.Th>}
            <Table.Th ta="right">Answers</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r._id}>
              <Table.Td>
                <Anchor component={Link} to={responsePath(r._id)} fw={500}>
                  {submittedAt(r.createdAt)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {r.contact ? (
                  r.contactId ? (
                    <Anchor component={Link} to={contactPath(r.contactId)}>
                      {r.contact.name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{r.contact.name}</Text>
                  )
                ) : (
                  <Text size="sm" c="dimmed">
                    No contact
                  </Text>
                )}
                {r.contact?.email && (
                  <Text size="xs" c="dimmed">
                    {r.contact.email}
                  </Text>
                )}
              </Table.Td>
              {withSource && (
                <Table.Td>
                  <Text size="sm">{r.title}</Text>
                  <Text size="xs" c="dimmed">
                    {RESPONSE_SOURCE_LABELS[r.source]}
                  </Text>
                </Table.Td>
              )}
              <Table.Td ta="right">{r.answerCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
