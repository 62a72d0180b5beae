import { useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '@atrium/api-client';
import { useContactChoices } from '@atrium/domain-crm/public';
import {
  Badge,
  Button,
  Group,
  IconDownload,
  Link,
  Paper,
  SearchableSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  handleError,
  useNavigate,
} from '@atrium/ui';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_LABELS,
  documentKeys,
  documents,
  taxRateKeys,
  taxRates,
  type Document,
  type Signer,
} from '@atrium/domain-documents';
import { useProjectChoices } from '../../hooks/use-project-choices';
import { downloadPdf } from '../../lib/pdf-download';
import { viewPath } from '../../lib/paths';
import { BlocksEditor, blockKindsFor, emptyBodyText } from '../../components/blocks-editor';
import { draftOf, toUpdate, type DepositKind, type Draft } from './editor-values';
import { LineItemsEditor, TotalsPreview } from './line-items-editor';
import { SendDialog } from './send-dialog';
import { TaxRateForm } from './tax-rate-form';
import { useAutosave } from '../../hooks/use-autosave';
import { SaveStatus } from '../../components/save-status';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'SEK', 'NOK', 'DKK', 'NZD', 'INR'];

/**
 * The editor of a draft or a template: every change is saved by itself (debounced PUT /documents/{id}). `actions`
 * adds buttons to the header (the page's "Send for signature"), given `flush` to save pending changes first.
 */
export function DocumentEditor({
  doc,
  actions,
}: {
  doc: Document;
  actions?: (ctx: { flush: () => Promise<boolean> }) => ReactNode;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(doc));
  const patch = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));
  const { update, errors: localErrors } = useMemo(() => toUpdate(draft, doc.type), [draft, doc.type]);
  const autosave = useAutosave(update, async (body) => {
    const saved = await documents.update(doc._id, body);
    client.setQueryData(documentKeys.one(doc._id), saved);
    void client.invalidateQueries({ queryKey: documentKeys.list({}).slice(0, 2) });
  });
  const serverErrors = (autosave.state === 'failed' && fieldErrorsOf(autosave.error)) || {};
  const errors = { ...serverErrors, ...localErrors };
  const contacts = useContactChoices(draft.contactId ? [draft.contactId] : []);
  const projectChoices = useProjectChoices(doc.project);
  const rates = useQuery({ queryKey: taxRateKeys.list, queryFn: taxRates.list, enabled: doc.type === 'invoice' });
  const [addingRate, setAddingRate] = useState(false);
  const [sendTags, setSendTags] = useState<string[] | null>(null);
  const [preparing, setPreparing] = useState(false);

  const startSend = async () => {
    setPreparing(true);
    try {
      if (!(await autosave.flush())) {
        handleError(autosave.error ?? new Error(DOCUMENT_MESSAGES.saveFailed), {
          message: DOCUMENT_MESSAGES.saveFailed,
        });
        return;
      }
      const preview = await documents.preview(doc._id);
      setSendTags(preview.unresolvedTags);
    } catch (e) {
      handleError(e);
    } finally {
      setPreparing(false);
    }
  };

  const signer = (role: Signer['role']) => draft.signers.find((s) => s.role === role) ?? { role, name: '', email: '' };
  const setSigner = (role: Signer['role'], p: Partial<Signer>) =>
    patch({
      signers: (['owner', 'client'] as const).map((r) => (r === role ? { ...signer(r), ...p } : signer(r))),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ flex: 1 }}>
          <Group gap="xs">
            <Badge variant="light">{DOCUMENT_TYPE_LABELS[doc.type]}</Badge>
            {doc.number && (
              <Text size="sm" c="dimmed">
                {doc.number}
              </Text>
            )}
            {doc.isTemplate && <Badge color="grape">Template</Badge>}
            <SaveStatus state={autosave.state} onRetry={() => void autosave.retry()} />
          </Group>
          <TextInput
            aria-label="Title"
            placeholder="Title"
            size="lg"
            value={draft.title}
            onChange={(e) => patch({ title: e.currentTarget.value })}
            error={errors.title}
          />
        </Stack>
        <Group gap="xs" mt={30}>
          <Button variant="default" component={Link} to={viewPath(doc._id)}>
            Preview
          </Button>
          {!doc.isTemplate && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void autosave.flush().then(() => downloadPdf(() => documents.pdf(doc._id), draft.title))}
            >
              PDF
            </Button>
          )}
          {!doc.isTemplate && (
            <Button onClick={() => void startSend()} loading={preparing}>
              Send
            </Button>
          )}
          {actions?.({ flush: () => autosave.flush() })}
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SearchableSelect
            label="Client"
            placeholder={contacts.isPending ? 'Loading contacts…' : 'Choose a contact'}
            data={contacts.choices}
            value={draft.contactId}
            onChange={(v) => patch({ contactId: v })}
            error={errors.contactId}
          />
          <SearchableSelect
            label="Project"
            placeholder={projectChoices.isPending ? 'Loading projects…' : 'Choose a project'}
            data={projectChoices.choices}
            value={draft.projectId}
            onChange={(v) => patch({ projectId: v })}
            error={errors.projectId}
          />
          {doc.type === 'invoice' && (
            <>
              <Select
                label="Currency"
                data={CURRENCIES.includes(draft.currency) ? CURRENCIES : [draft.currency, ...CURRENCIES]}
                value={draft.currency}
                onChange={(v) => patch({ currency: v ?? 'USD' })}
                allowDeselect={false}
                searchable
                error={errors.currency}
              />
              <TextInput
                label="Due date"
                type="date"
                value={draft.dueDate ?? ''}
                onChange={(e) => patch({ dueDate: e.currentTarget.value || null })}
                error={errors.dueDate}
              />
            </>
          )}
          {doc.type === 'contract' && (
            <TextInput
              label="Expires on"
              type="date"
              value={draft.expiresAt ?? ''}
              onChange={(e) => patch({ expiresAt: e.currentTarget.value || null })}
              error={errors.expiresAt}
            />
          )}
        </SimpleGrid>
      </Paper>

      {doc.type === 'contract' && (
        <Paper withBorder p="md" radius="md">
          <Title order={3} fz="md" mb="sm">
            Signers
          </Title>
          <Stack gap="xs">
            {(['owner', 'client'] as const).map((role, i) => (
              <Group key={role} grow align="flex-start">
                <TextInput
                  label={role === 'owner' ? 'Business owner' : 'Client'}
                  placeholder="Name"
                  value={signer(role).name}
                  onChange={(e) => setSigner(role, { name: e.currentTarget.value })}
                />
                <TextInput
                  label="Email"
                  value={signer(role).email}
                  onChange={(e) => setSigner(role, { email: e.currentTarget.value })}
                  error={errors[`signers.${i}.email`]}
                />
              </Group>
            ))}
          </Stack>
        </Paper>
      )}

      <Paper withBorder p="md" radius="md">
        <Title order={3} fz="md" mb="sm">
          Content
        </Title>
        <BlocksEditor
          kinds={blockKindsFor(doc.type)}
          emptyText={emptyBodyText(doc.type)}
          blocks={draft.blocks}
          onChange={(blocks) => patch({ blocks })}
          errors={errors}
        />
      </Paper>

      {doc.type === 'invoice' && (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={3} fz="md">
              Line items
            </Title>
            {!addingRate && (
              <Button variant="subtle" size="compact-sm" onClick={() => setAddingRate(true)}>
                New tax rate
              </Button>
            )}
          </Group>
          {addingRate && <TaxRateForm onDone={() => setAddingRate(false)} />}
          <LineItemsEditor
            draft={draft}
            taxRates={rates.data ?? []}
            onChange={(lineItems) => patch({ lineItems })}
            errors={errors}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <Stack gap="xs">
              <Group align="flex-end" gap="xs">
                <Select
                  label="Payment schedule"
                  data={[
                    { value: 'none', label: 'Pay in full' },
                    { value: 'deposit_percent', label: 'Deposit (%) + balance' },
                    { value: 'deposit_amount', label: 'Deposit (amount) + balance' },
                  ]}
                  value={draft.deposit.kind}
                  onChange={(v) =>
                    patch({ deposit: { kind: (v ?? 'none') as DepositKind, value: draft.deposit.value } })
                  }
                  allowDeselect={false}
                  w={230}
                />
                {draft.deposit.kind !== 'none' && (
                  <TextInput
                    aria-label="Deposit"
                    placeholder={draft.deposit.kind === 'deposit_percent' ? '50' : '100.00'}
                    inputMode="decimal"
                    value={draft.deposit.value}
                    onChange={(e) => patch({ deposit: { ...draft.deposit, value: e.currentTarget.value } })}
                    error={errors['paymentSchedule.value']}
                    w={120}
                  />
                )}
              </Group>
              <Textarea
                label="Notes"
                autosize
                minRows={2}
                value={draft.notes}
                onChange={(e) => patch({ notes: e.currentTarget.value })}
                error={errors.notes}
              />
            </Stack>
            <TotalsPreview draft={draft} taxRates={rates.data ?? []} />
          </SimpleGrid>
        </Paper>
      )}

      {sendTags && (
        <SendDialog
          documentId={doc._id}
          unresolvedTags={sendTags}
          // Once sent its content is frozen: the author goes on to what the client sees.
          onClose={(sent) => (sent ? navigate(viewPath(doc._id)) : setSendTags(null))}
        />
      )}
    </Stack>
  );
}
