import { useState } from 'react';
import { fieldErrorsOf } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Button, Group, IconDownload, Paper, Stack, Text, TextInput, downloadText, handleError } from '@atrium/ui';
import { finance, type FinanceExportKind } from '@atrium/domain-documents';
import { defaultExportRange } from './finance-params';

/** /finance/export: the CSV of invoices or payments between two days, for an accountant. */
export function ExportPanel() {
  const [range, setRange] = useState(defaultExportRange);
  const [busy, setBusy] = useState<FinanceExportKind | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const run = async (kind: FinanceExportKind) => {
    setBusy(kind);
    setErrors({});
    try {
      const out = await finance.exportCsv({ kind, ...range });
      downloadText(out.csv, out.filename);
      toast.success(`${out.rows} ${out.rows === 1 ? 'row' : 'rows'} exported to ${out.filename}`);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields);
      else handleError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={640}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A CSV file for your accountant: invoices created, or payments made, between two days (both included, UTC).
          Amounts are in the invoice&apos;s currency, with a currency column; nothing is added across currencies.
        </Text>
        <Group align="flex-start">
          <TextInput
            type="date"
            label="From"
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.currentTarget.value }))}
            error={errors.from}
            w={180}
          />
          <TextInput
            type="date"
            label="To"
            value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.currentTarget.value }))}
            error={errors.to}
            w={180}
          />
        </Group>
        <Group>
          <Button
            leftSection={<IconDownload size={16} />}
            loading={busy === 'invoices'}
            disabled={busy !== null}
            onClick={() => void run('invoices')}
          >
            Export invoices
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={busy === 'payments'}
            disabled={busy !== null}
            onClick={() => void run('payments')}
          >
            Export payments
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
