import { useState } from 'react';
import { fieldErrorsOf } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Button,
  DraggableModal,
  Group,
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
  IconTrash,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  handleError,
  useNavigate,
} from '@atrium/ui';
import { SIGNATURE_LIMITS, type Document } from '@atrium/domain-documents';
import { invitationSummary } from './workflow-actions';
import { workflowPath } from './paths';
import { initialSendValues, moveRow, newRow, sendErrors, toCreateInput, type SendValues } from './send-values';
import { useWorkflowActions } from './use-signatures';

type Doc = Pick<Document, '_id' | 'title' | 'signers' | 'contact' | 'expiresAt'> & Partial<Pick<Document, 'contactId'>>;

/**
 * Send a contract for signature: the signers in signing order (clients and the business owner; move, add, remove),
 * one after another or in any order, the day the links expire and the reminder interval, a message for the
 * invitation. Checked with the slice's schema before the call; the server's field messages land on the same fields.
 */
export function SendForSignatureDialog({ doc, opened, onClose }: { doc: Doc; opened: boolean; onClose: () => void }) {
  return (
    <DraggableModal modalId="send-for-signature" opened={opened} onClose={onClose} title="Send for signature" size="lg">
      {/* Fresh values each time it opens (the contract's signers may have changed meanwhile). */}
      {opened && <SendForm doc={doc} onClose={onClose} />}
    </DraggableModal>
  );
}

function SendForm({ doc, onClose }: { doc: Doc; onClose: () => void }) {
  const navigate = useNavigate();
  const { createAndSend } = useWorkflowActions();
  const [v, setV] = useState<SendValues>(() => initialSendValues(doc));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const patch = (p: Partial<SendValues>) => setV((x) => ({ ...x, ...p }));
  const setRow = (i: number, p: Partial<SendValues['signers'][number]>) =>
    patch({ signers: v.signers.map((s, j) => (j === i ? { ...s, ...p } : s)) });
  const hasOwner = v.signers.some((s) => s.role === 'owner');
  const full = v.signers.length >= SIGNATURE_LIMITS.maxSigners;

  const submit = () => {
    const input = toCreateInput(doc._id, v);
    const found = sendErrors(input);
    setErrors(found);
    if (Object.keys(found).length) return;
    createAndSend.mutate(input, {
      onSuccess: (a) => {
        const text = `Sent for signature. ${invitationSummary(a, 'Invitation')}`;
        if (a.invitations.some((i) => i.email === 'failed')) toast.error(text);
        else toast.success(text);
        onClose();
        navigate(workflowPath(a.workflow._id));
      },
      onError: (e) => {
        const byField = fieldErrorsOf(e);
        if (byField) setErrors(byField);
        else handleError(e);
      },
    });
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        “{doc.title}”. Each signer gets an email with their own link; the business owner signs here in Atrium.
      </Text>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Signers, in signing order
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Signing order"
            value={v.signingOrder}
            onChange={(o) => patch({ signingOrder: o === 'any' ? 'any' : 'sequential' })}
            data={[
              { value: 'sequential', label: 'One after another' },
              { value: 'any', label: 'Any order' },
            ]}
          />
        </Group>
        {v.signers.map((s, i) => (
          <Paper key={s.key} withBorder p="xs" radius="md" aria-label={`Signer ${i + 1}`}>
            <Group align="flex-start" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} w={20} mt={30}>
                {i + 1}.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }} spacing="xs">
                <TextInput
                  label={s.role === 'owner' ? 'Business owner' : 'Client'}
                  placeholder="Name"
                  value={s.name}
                  error={errors[`signers.${i}.name`]}
                  onChange={(e) => setRow(i, { name: e.currentTarget.value })}
                />
                <TextInput
                  label="Email"
                  placeholder={s.role === 'owner' ? 'Optional' : 'name@example.com'}
                  value={s.email}
                  error={errors[`signers.${i}.email`]}
                  onChange={(e) => setRow(i, { email: e.currentTarget.value })}
                />
              </SimpleGrid>
              <Group gap={2} mt={26} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move signer ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => patch({ signers: moveRow(v.signers, i, -1) })}
                >
                  <IconChevronLeft size={16} style={{ transform: 'rotate(90deg)' }} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move signer ${i + 1} down`}
                  disabled={i === v.signers.length - 1}
                  onClick={() => patch({ signers: moveRow(v.signers, i, 1) })}
                >
                  <IconChevronRight size={16} style={{ transform: 'rotate(90deg)' }} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove signer ${i + 1}`}
                  onClick={() => patch({ signers: v.signers.filter((_, j) => j !== i) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
        {errors.signers && (
          <Text size="sm" c="red" role="alert">
            {errors.signers}
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() =>
              patch({
                signers: [
                  ...v.signers.filter((s) => s.role !== 'owner'),
                  newRow('client'),
                  ...v.signers.filter((s) => s.role === 'owner'),
                ],
              })
            }
          >
            Add a client signer
          </Button>
          {!hasOwner && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={full}
              onClick={() => patch({ signers: [...v.signers, newRow('owner')] })}
            >
              Add the business owner
            </Button>
          )}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Links expire on"
          type="date"
          value={v.expiresOn}
          error={errors.expiresAt}
          onChange={(e) => patch({ expiresOn: e.currentTarget.value })}
        />
        <TextInput
          label="Remind every (days)"
          description="0 turns reminders off"
          type="number"
          min={0}
          max={SIGNATURE_LIMITS.maxReminderDays}
          value={Number.isNaN(v.reminderIntervalDays) ? '' : String(v.reminderIntervalDays)}
          error={errors.reminderIntervalDays}
          onChange={(e) =>
            patch({ reminderIntervalDays: e.currentTarget.value === '' ? NaN : Number(e.currentTarget.value) })
          }
        />
      </SimpleGrid>
      <Textarea
        label="Message to the signers (optional)"
        value={v.message}
        maxLength={2000}
        autosize
        minRows={2}
        error={errors.message}
        onChange={(e) => patch({ message: e.currentTarget.value })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={createAndSend.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={createAndSend.isPending}>
          Send for signature
        </Button>
      </Group>
    </Stack>
  );
}
