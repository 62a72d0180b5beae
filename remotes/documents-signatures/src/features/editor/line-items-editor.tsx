import { ActionIcon, Button, Group, IconPlus, IconTrash, Select, Stack, Table, Text, TextInput } from '@atrium/ui';
import { formatMoney, formatRate, type TaxRate } from '@atrium/domain-documents';
import { newId, previewTotals, type Draft, type FieldErrors, type LineRow } from './editor-values';

interface LineItemsEditorProps {
  draft: Draft;
  taxRates: TaxRate[];
  onChange: (lines: LineRow[]) => void;
  errors: FieldErrors;
}

export const emptyLine = (): LineRow => ({
  id: newId(),
  description: '',
  quantity: '1',
  price: '',
  discountKind: 'percent',
  discount: '',
  taxRateId: null,
});

/** The invoice's line items: description, quantity, unit price, discount (percent or amount), tax rate. */
export function LineItemsEditor({ draft, taxRates, onChange, errors }: LineItemsEditorProps) {
  const lines = draft.lineItems;
  const set = (i: number, patch: Partial<LineRow>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const { totals } = previewTotals(draft, taxRates);
  const rateOptions = taxRates.map((r) => ({ value: r._id, label: `${r.name} (${formatRate(r.rate)})` }));
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing={4} aria-label="Line items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th w={90}>Qty</Table.Th>
              <Table.Th w={120}>Unit price</Table.Th>
              <Table.Th w={170}>Discount</Table.Th>
              <Table.Th w={170}>Tax</Table.Th>
              <Table.Th w={110} ta="right">
                Amount
              </Table.Th>
              <Table.Th w={40} aria-label="Remove" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => {
              const err = (f: string) => errors[`lineItems.${i}.${f}`];
              const n = i + 1;
              return (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Description ${n}`}
                      value={l.description}
                      onChange={(e) => set(i, { description: e.currentTarget.value })}
                      error={err('description')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Quantity ${n}`}
                      inputMode="decimal"
                      value={l.quantity}
                      onChange={(e) => set(i, { quantity: e.currentTarget.value })}
                      error={err('quantity')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Unit price ${n}`}
                      inputMode="decimal"
                      value={l.price}
                      onChange={(e) => set(i, { price: e.currentTarget.value })}
                      error={err('unitPrice')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <TextInput
                        aria-label={`Discount ${n}`}
                        inputMode="decimal"
                        value={l.discount}
                        onChange={(e) => set(i, { discount: e.currentTarget.value })}
                        error={err('discount.value') ?? err('discount')}
                        style={{ flex: 1 }}
                      />
                      <Select
                        aria-label={`Discount kind ${n}`}
                        data={[
                          { value: 'percent', label: '%' },
                          { value: 'amount', label: draft.currency },
                        ]}
                        value={l.discountKind}
                        onChange={(v) => set(i, { discountKind: v === 'amount' ? 'amount' : 'percent' })}
                        allowDeselect={false}
                        w={76}
                      />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Tax rate ${n}`}
                      placeholder="No tax"
                      data={rateOptions}
                      value={l.taxRateId}
                      onChange={(v) => set(i, { taxRateId: v })}
                      clearable
                      error={err('taxRateId')}
                    />
                  </Table.Td>
                  <Table.Td ta="right" data-testid={`line-amount-${n}`}>
                    {totals?.lines[i] ? formatMoney(totals.lines[i].total, draft.currency) : ''}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove line ${n}`}
                      onClick={() => onChange(lines.filter((_, j) => j !== i))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lines.length === 0 && (
        <Text size="sm" c="dimmed">
          No line items yet.
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        onClick={() => onChange([...lines, emptyLine()])}
      >
        Add line item
      </Button>
    </Stack>
  );
}

/** The invoice's live totals (the slice's computeInvoiceTotals over what is typed). */
export function TotalsPreview({ draft, taxRates }: { draft: Draft; taxRates: TaxRate[] }) {
  const { totals, error } = previewTotals(draft, taxRates);
  const money = (v: number) => formatMoney(v, draft.currency);
  if (!totals)
    return (
      <Text c="red" size="sm" role="alert">
        {error}
      </Text>
    );
  const row = (label: string, value: string, strong = false) => (
    <Group key={label} justify="space-between" w={320}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} align="flex-end" aria-label="Totals" role="group">
      {row('Subtotal', money(totals.subtotal))}
      {totals.discount > 0 && row('Discount', `−${money(totals.discount)}`)}
      {totals.taxes.map((t) => row(`${t.name} (${formatRate(t.rate)})`, money(t.amount)))}
      {row('Total', money(totals.total), true)}
      {totals.deposit > 0 && row('Deposit due', money(totals.deposit))}
      {totals.deposit > 0 && row('Balance', money(totals.balance))}
    </Stack>
  );
}
