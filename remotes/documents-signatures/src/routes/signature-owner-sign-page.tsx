import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Alert, Anchor, Button, Link, Paper, Stack, Stepper, Text, Title, useNavigate, useParams } from '@atrium/ui';
import { SIGNATURE_MESSAGES, type Workflow } from '@atrium/domain-documents';
import { workflowDocumentPath, workflowPath } from '../features/signatures/paths';
import { ConsentStep, SignatureStep } from '../features/signatures/sign-steps';
import { useWorkflowActions } from '../features/signatures/use-signatures';
import { otherOwnerSigns, ownerMaySign } from '../features/signatures/workflow-actions';
import { WithWorkflow } from '../features/signatures/workflow-loader';

/**
 * /signatures/workflows/{workflowId}/business-owner-sign: the business owner's own signature, through the session —
 * consent to the disclosure, draw or type, finish. Only a member whose role is owner, when it is their turn.
 */
export default function SignatureOwnerSignPage() {
  const { workflowId = '' } = useParams();
  return <WithWorkflow id={workflowId}>{(w) => <OwnerSign workflow={w} />}</WithWorkflow>;
}

/** Why the owner cannot sign this one now (null: they can). */
function blocker(w: Workflow, role: string | undefined, userId: string | undefined): string | null {
  const owner = w.signers.find((s) => s.role === 'owner');
  if (!owner) return SIGNATURE_MESSAGES.noOwnerSigner;
  if (owner.status === 'signed') return 'You have already signed this document.';
  if (role !== 'owner') return SIGNATURE_MESSAGES.notOwner;
  if (otherOwnerSigns(w, userId)) return SIGNATURE_MESSAGES.anotherOwnerSigns;
  if (w.status === 'draft') return 'This workflow has not been sent yet: send it first.';
  if (w.status !== 'sent' && w.status !== 'in_progress') return SIGNATURE_MESSAGES.notOpen;
  if (!ownerMaySign(w, role, userId)) return 'The other signers sign first: you will be notified when it is your turn.';
  return null;
}

function OwnerSign({ workflow: w }: { workflow: Workflow }) {
  const { user } = useSnapshot(sessionView);
  const navigate = useNavigate();
  const actions = useWorkflowActions();
  const owner = w.signers.find((s) => s.role === 'owner');
  // The consent counts only when it is this owner's own.
  const consented = (owner?.status === 'consented' || !!owner?.consentedAt) && owner?.userId === user?.id;
  const [step, setStep] = useState(consented ? 1 : 0);
  const blocked = blocker(w, user?.role, user?.id);

  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={workflowPath(w._id)} size="sm">
        ← Back to the workflow
      </Anchor>
      <Title order={1} fz={24}>
        Sign “{w.documentTitle}”
      </Title>
      {blocked ? (
        <Alert color="blue" title="Nothing to sign here now">
          <Stack gap="xs">
            <Text size="sm">{blocked}</Text>
            <Button component={Link} to={workflowPath(w._id)} variant="light" w="fit-content">
              Back to the workflow
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Text size="sm" mb="md">
            Read the contract before you sign:{' '}
            <Anchor component={Link} to={workflowDocumentPath(w._id)}>
              view the document
            </Anchor>
            .
          </Text>
          <Stepper active={step} allowNextStepsSelect={false} size="sm">
            <Stepper.Step label="Consent" description="Electronic signature disclosure">
              <ConsentStep
                pending={actions.ownerConsent.isPending}
                error={actions.ownerConsent.error}
                onConsent={() => actions.ownerConsent.mutate(w._id, { onSuccess: () => setStep(1) })}
              />
            </Stepper.Step>
            <Stepper.Step label="Sign" description="Draw or type">
              <SignatureStep
                defaultName={owner?.name ?? ''}
                pending={actions.ownerSign.isPending}
                error={actions.ownerSign.error}
                onSign={(signature) =>
                  actions.ownerSign.mutate(
                    { id: w._id, signature },
                    {
                      onSuccess: (done) => {
                        toast.success(
                          done.status === 'completed'
                            ? 'Signed. Everyone has signed: the sealed PDF is ready.'
                            : 'Signed. The workflow waits for the other signers.',
                        );
                        navigate(workflowPath(w._id));
                      },
                    },
                  )
                }
              />
            </Stepper.Step>
          </Stepper>
        </Paper>
      )}
    </Stack>
  );
}
