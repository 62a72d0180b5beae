import type { ReactNode } from 'react';
import { Box, Divider, Group, Paper, Stack, Table, Text, TextInput, Title, formatDay } from '@atrium/ui';
import {
  DOCUMENT_TYPE_LABELS,
  QUESTION_KIND_LABELS,
  formatMoney,
  formatRate,
  type Document,
  type DocumentBlock,
} from '@atrium/domain-documents';
import { StatusBadge } from './status-badge';

type Viewed = Omit<Document, 'contactId' | 'projectId' | 'templateId' | 'isTemplate'>;

/**
 * A document as the client sees it: merge tags already resolved by the server, its rich text already sanitised
 * there, invoice lines and the server's totals; questions read-only — unless `body` replaces the blocks (a
 * questionnaire being answered through its link: the answering form renders the blocks itself).
 */
export function DocumentView({ doc, from, body }: { doc: Viewed; from?: string; body?: ReactNode }) {
  const money = (v: number) => formatMoney(v, doc.currency ?? 'USD');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {DOCUMENT_TYPE_LABELS[doc.type]}
              {doc.number ? ` ${doc.number}` : ''}
              {from ? ` · from ${from}` : ''}
            </Text>
            <Title order={1} fz={28}>
              {doc.title}
            </Title>
            {doc.contact && <Text size="sm">For {doc.contact.name}</Text>}
          </Stack>
          <Stack gap={4} align="flex-end">
            <StatusBadge status={doc.status} />
            {doc.dueDate && <Text size="sm">Due {formatDay(doc.dueDate)}</Text>}
            {doc.expiresAt && <Text size="sm">Expires {formatDay(doc.expiresAt)}</Text>}
          </Stack>
        </Group>
        {body ?? doc.blocks.map((b) => <BlockView key={b.id} block={b} />)}
        {doc.type === 'invoice' && doc.lineItems.length > 0 && (
          <Table aria-label="Line items" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {doc.lineItems.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{money(l.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{money(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {doc.totals && (
          <Stack gap={4} align="flex-end" role="group" aria-label="Totals">
            <Line label="Subtotal" value={money(doc.totals.subtotal)} />
            {doc.totals.discount > 0 && <Line label="Discount" value={`−${money(doc.totals.discount)}`} />}
            {doc.totals.taxes.map((t) => (
              <Line key={t.taxRateId} label={`${t.name} (${formatRate(t.rate)})`} value={money(t.amount)} />
            ))}
            <Line label="Total" value={money(doc.totals.total)} strong />
            {doc.totals.deposit > 0 && <Line label="Deposit due" value={money(doc.totals.deposit)} />}
            {doc.totals.deposit > 0 && <Line label="Balance" value={money(doc.totals.balance)} />}
          </Stack>
        )}
        {doc.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {doc.notes}
          </Text>
        )}
        {doc.type === 'contract' && doc.signers.length > 0 && (
          <Group grow>
            {doc.signers.map((s) => (
              <Stack key={s.role} gap={2}>
                <Divider />
                <Text size="sm" fw={500}>
                  {s.name || (s.role === 'owner' ? 'Business owner' : 'Client')}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.role === 'owner' ? 'Business owner' : 'Client'}
                </Text>
              </Stack>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" w={320}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/** One block as the client sees it. */
export function BlockView({ block }: { block: DocumentBlock }) {
  switch (block.type) {
    case 'richText':
      // Sanitised by the server on every write (docs/requirements.md "Documents").
      return <Box className="document-text" dangerouslySetInnerHTML={{ __html: block.html }} />;
    case 'heading':
      return <Title order={(block.level + 1) as 2 | 3 | 4}>{block.text}</Title>;
    case 'clause':
      return (
        <Stack gap={4}>
          <Text fw={600}>{block.title}</Text>
          <Box dangerouslySetInnerHTML={{ __html: block.html }} />
        </Stack>
      );
    case 'question':
      return (
        <Stack gap={4}>
          <TextInput
            label={block.label}
            description={block.help ?? QUESTION_KIND_LABELS[block.kind]}
            withAsterisk={block.required}
            placeholder={block.options.length ? block.options.join(' / ') : undefined}
            disabled
          />
        </Stack>
      );
    case 'divider':
      return <Divider />;
    case 'pageBreak':
      return <Divider variant="dashed" label="Page break" labelPosition="center" />;
  }
}
