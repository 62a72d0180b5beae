import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Button,
  ConfirmDialog,
  DraggableModal,
  Group,
  IconDownload,
  Link,
  Stack,
  Text,
  Textarea,
  handleError,
} from '@atrium/ui';
import {
  SIGNATURE_LIMITS,
  WORKFLOW_FINAL_STATUSES,
  signatures,
  type Workflow,
  type WorkflowSendAnswer,
} from '@atrium/domain-documents';
import { downloadPdf } from '../../lib/pdf-download';
import { ownerSignPath, workflowDocumentPath } from './paths';
import { useWorkflowActions } from './use-signatures';

/** Another owner consented first: the owner's signer is theirs (the server answers 403 to anyone else). */
export function otherOwnerSigns(w: Workflow, userId: string | undefined): boolean {
  const owner = w.signers.find((s) => s.role === 'owner');
  return !!owner?.userId && owner.userId !== userId;
}

/** Whether the signed-in member may sign this workflow as the business owner now. */
export function ownerMaySign(w: Workflow, role: string | undefined, userId?: string): boolean {
  const owner = w.signers.find((s) => s.role === 'owner');
  if (!owner || role !== 'owner') return false;
  if (otherOwnerSigns(w, userId)) return false;
  if (owner.status === 'signed' || owner.status === 'declined') return false;
  if (w.status !== 'sent' && w.status !== 'in_progress') return false;
  return w.signingOrder === 'any' || w.currentSignerId === owner._id;
}

/** What the send or reminder did, as a toast: how many were emailed, and whose email failed. */
export function invitationSummary(a: WorkflowSendAnswer, verb: 'Invitation' | 'Reminder'): string {
  const sent = a.invitations.filter((i) => i.email === 'sent').length;
  const failed = a.invitations
    .filter((i) => i.email === 'failed')
    .map((i) => a.workflow.signers.find((s) => s._id === i.signerId)?.name ?? i.signerId);
  const head =
    sent === 0
      ? `No ${verb.toLowerCase()} emailed`
      : `${verb}${sent > 1 ? 's' : ''} emailed to ${sent} signer${sent > 1 ? 's' : ''}`;
  return failed.length ? `${head}. Email failed for: ${failed.join(', ')}` : head;
}

/** The workflow's actions: send (a draft), remind and void (open ones), sign as the owner, the signed PDF. */
export function WorkflowActions({ workflow: w }: { workflow: Workflow }) {
  const { user } = useSnapshot(sessionView);
  const actions = useWorkflowActions();
  const [confirmRemind, setConfirmRemind] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const open = !WORKFLOW_FINAL_STATUSES.includes(w.status);
  const manages = user?.role === 'owner' || user?.role === 'admin';

  const report = (verb: 'Invitation' | 'Reminder') => (a: WorkflowSendAnswer) => {
    const text = invitationSummary(a, verb);
    if (a.invitations.some((i) => i.email === 'failed')) toast.error(text);
    else toast.success(text);
  };

  return (
    <Group gap="xs">
      <Button variant="default" component={Link} to={workflowDocumentPath(w._id)}>
        View document
      </Button>
      {w.status === 'completed' && (
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadPdf(() => signatures.signedPdf(w._id), `${w.documentTitle} (signed)`)}
        >
          Download signed PDF
        </Button>
      )}
      {ownerMaySign(w, user?.role, user?.id) && (
        <Button component={Link} to={ownerSignPath(w._id)}>
          Sign as business owner
        </Button>
      )}
      {manages && w.status === 'draft' && (
        <Button
          loading={actions.send.isPending}
          onClick={() =>
            actions.send.mutate(w._id, { onSuccess: report('Invitation'), onError: (e) => handleError(e) })
          }
        >
          Send
        </Button>
      )}
      {manages && open && w.status !== 'draft' && (
        <Button variant="default" onClick={() => setConfirmRemind(true)}>
          Send reminder
        </Button>
      )}
      {manages && open && (
        <Button variant="default" color="red" onClick={() => setVoiding(true)}>
          Void
        </Button>
      )}
      <ConfirmDialog
        opened={confirmRemind}
        title="Send a reminder"
        message="Email a reminder with their signing link to every invited signer who has not signed yet?"
        confirmLabel="Send reminder"
        loading={actions.remind.isPending}
        onCancel={() => setConfirmRemind(false)}
        onConfirm={() =>
          actions.remind.mutate(w._id, {
            onSuccess: (a) => {
              report('Reminder')(a);
              setConfirmRemind(false);
            },
            onError: (e) => handleError(e),
          })
        }
      />
      <DraggableModal
        modalId="void-workflow"
        opened={voiding}
        onClose={() => setVoiding(false)}
        title="Void this workflow"
        centered
      >
        <Stack>
          <Text size="sm">
            The signers' links stop working at once and nobody can sign this contract through this workflow any more.
            This cannot be undone.
          </Text>
          <Textarea
            label="Reason (optional)"
            description="Kept in the audit trail."
            value={reason}
            maxLength={SIGNATURE_LIMITS.voidReasonMax}
            autosize
            minRows={2}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setVoiding(false)} disabled={actions.void.isPending}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={actions.void.isPending}
              onClick={() =>
                actions.void.mutate(
                  { id: w._id, reason: reason.trim() },
                  {
                    onSuccess: () => {
                      toast.success('Workflow voided');
                      setVoiding(false);
                      setReason('');
                    },
                    onError: (e) => handleError(e),
                  },
                )
              }
            >
              Void workflow
            </Button>
          </Group>
        </Stack>
      </DraggableModal>
    </Group>
  );
}
