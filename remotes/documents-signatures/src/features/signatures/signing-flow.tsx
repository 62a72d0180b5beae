import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Container,
  DraggableModal,
  Group,
  IconDownload,
  LoadError,
  PageSkeleton,
  Paper,
  Stack,
  Stepper,
  Text,
  Textarea,
  Title,
  formatDay,
  useNavigate,
} from '@atrium/ui';
import {
  ESIGN_DISCLOSURE,
  SIGNATURE_LIMITS,
  SIGNATURE_MESSAGES,
  declineInputSchema,
  publicSignatures,
  signatureKeys,
  type SignatureInput,
  type SigningSession,
  type SigningStepAnswer,
} from '@atrium/domain-documents';
import { DocumentView } from '../../components/document-view';
import { DepositAfterSigning, DepositAhead } from '../../components/deposit-after-signing';
import { useSigningDeposit } from '../../hooks/use-signing-deposit';
import { downloadPdf } from '../../lib/pdf-download';
import { ConsentStep, SignatureStep } from './sign-steps';
import { isNotYourTurn, signingErrorPage } from './signing-errors';
import { SignerStatusBadge } from './workflow-status';

type Finished = { kind: 'signed'; answer: SigningStepAnswer } | { kind: 'declined' };

/**
 * The signer's steps on their emailed link `/documents/view/{documentId}?token=sig_…` (no session): read the
 * contract, consent to the ESIGN disclosure, draw or type, finish — or decline with a reason. The link is single
 * use: after signing or declining the finished state comes from the step's answer (the session is not fetched
 * again). A refused link goes to the public error pages (signing-errors.ts).
 */
export function SigningFlow({ documentId, token }: { documentId: string; token: string }) {
  const navigate = useNavigate();
  const [finished, setFinished] = useState<Finished | null>(null);
  const q = useQuery({
    queryKey: signatureKeys.signing(documentId, token),
    queryFn: () => publicSignatures.session(documentId, token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    enabled: !finished,
  });
  // Sign and pay from one link: the invoice that goes with the contract, asked while the single-use link is good.
  const deposit = useSigningDeposit(documentId, token, q.isSuccess);
  const leaveFor = signingErrorPage(q.error);
  useEffect(() => {
    if (leaveFor) navigate(leaveFor, { replace: true });
  }, [leaveFor, navigate]);

  return (
    <Container size="md" py="xl">
      {finished ? (
        <>
          <FinishedCard finished={finished} from={q.data?.business.name} />
          {finished.kind === 'signed' && <DepositAfterSigning deposit={deposit.data?.deposit} />}
        </>
      ) : q.isPending || leaveFor ? (
        <PageSkeleton rows={8} />
      ) : q.isError ? (
        <LoadError
          title="The document could not be loaded"
          message={q.error.message}
          onRetry={() => void q.refetch()}
        />
      ) : (
        <>
          <DepositAhead deposit={deposit.data?.deposit} />
          <Steps session={q.data} documentId={documentId} token={token} onFinished={setFinished} />
        </>
      )}
    </Container>
  );
}

function Steps({
  session: s,
  documentId,
  token,
  onFinished,
}: {
  session: SigningSession;
  documentId: string;
  token: string;
  onFinished: (f: Finished) => void;
}) {
  const navigate = useNavigate();
  const consentedBefore = !!s.signer.consentedAt && s.signer.disclosureVersion === ESIGN_DISCLOSURE.version;
  const [step, setStep] = useState(0);
  const [consented, setConsented] = useState(consentedBefore);
  const [declining, setDeclining] = useState(false);
  const [notYourTurn, setNotYourTurn] = useState(!s.yourTurn);

  /** A refused link leaves for its page; "not your turn" is said here; anything else stays on its step. */
  const refused = (e: unknown) => {
    const page = signingErrorPage(e);
    if (page) navigate(page, { replace: true });
    else if (isNotYourTurn(e)) setNotYourTurn(true);
  };
  const consent = useMutation({
    mutationFn: () =>
      publicSignatures.consent(documentId, token, { disclosureVersion: ESIGN_DISCLOSURE.version, accepted: true }),
    onSuccess: () => {
      setConsented(true);
      setStep(2);
    },
    onError: refused,
  });
  const sign = useMutation({
    mutationFn: (signature: SignatureInput) => publicSignatures.sign(documentId, token, { signature }),
    onSuccess: (answer) => onFinished({ kind: 'signed', answer }),
    onError: refused,
  });

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} fz={22}>
          Review and sign
        </Title>
        <Text size="sm">
          {s.business.name} asks you to sign “{s.document.title}”.
        </Text>
        <Text size="sm" c="dimmed">
          Signing as {s.signer.name} ({s.signer.email}) · the link expires {formatDay(s.workflow.expiresAt)}
        </Text>
      </Stack>
      {s.workflow.message && (
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            Message from {s.business.name}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {s.workflow.message}
          </Text>
        </Paper>
      )}
      {notYourTurn && (
        <Alert color="blue" title="Not your turn yet">
          {SIGNATURE_MESSAGES.notYourTurn}
        </Alert>
      )}
      {s.signers.length > 1 && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Signers:
          </Text>
          {[...s.signers]
            .sort((a, b) => a.order - b.order)
            .map((x) => (
              <Group key={x.order} gap={4}>
                <Text size="sm">{x.name}</Text>
                <SignerStatusBadge status={x.status} />
              </Group>
            ))}
        </Group>
      )}
      <Stepper active={step} onStepClick={(i) => i < step && setStep(i)} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label="Review" description="Read the document">
          <Stack>
            <DocumentView doc={s.document} from={s.business.name} />
            <Group justify="space-between">
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void downloadPdf(() => publicSignatures.pdf(documentId, token), s.document.title)}
                >
                  Download PDF
                </Button>
                <Button variant="subtle" color="red" onClick={() => setDeclining(true)}>
                  Decline to sign
                </Button>
              </Group>
              <Button onClick={() => setStep(consented ? 2 : 1)} disabled={notYourTurn}>
                Continue
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Consent" description="Sign electronically">
          <ConsentStep
            pending={consent.isPending}
            error={signingErrorPage(consent.error) || isNotYourTurn(consent.error) ? null : consent.error}
            onConsent={() => consent.mutate()}
          />
        </Stepper.Step>
        <Stepper.Step label="Sign" description="Draw or type">
          <SignatureStep
            defaultName={s.signer.name}
            pending={sign.isPending}
            error={signingErrorPage(sign.error) || isNotYourTurn(sign.error) ? null : sign.error}
            onSign={(signature) => sign.mutate(signature)}
          />
        </Stepper.Step>
      </Stepper>
      <DeclineDialog
        opened={declining}
        onClose={() => setDeclining(false)}
        decline={(reason) => publicSignatures.decline(documentId, token, { reason })}
        onDeclined={() => onFinished({ kind: 'declined' })}
        onRefused={refused}
      />
    </Stack>
  );
}

function DeclineDialog({
  opened,
  onClose,
  decline,
  onDeclined,
  onRefused,
}: {
  opened: boolean;
  onClose: () => void;
  decline: (reason: string) => Promise<SigningStepAnswer>;
  onDeclined: () => void;
  onRefused: (e: unknown) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: decline,
    onSuccess: onDeclined,
    onError: (e) => {
      if (signingErrorPage(e)) onRefused(e);
      else setProblem(e instanceof Error ? e.message : String(e));
    },
  });
  return (
    <DraggableModal modalId="decline-to-sign" opened={opened} onClose={onClose} title="Decline to sign">
      <Stack>
        <Text size="sm">
          The sender is told that you declined and why. The document cannot then be signed through this link.
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          value={reason}
          maxLength={SIGNATURE_LIMITS.declineReasonMax}
          autosize
          minRows={3}
          error={problem}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setProblem(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={m.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={m.isPending}
            onClick={() => {
              const parsed = declineInputSchema.safeParse({ reason });
              if (!parsed.success) setProblem(parsed.error.issues[0]?.message ?? SIGNATURE_MESSAGES.reasonRequired);
              else m.mutate(parsed.data.reason);
            }}
          >
            Decline
          </Button>
        </Group>
      </Stack>
    </DraggableModal>
  );
}

function FinishedCard({ finished, from }: { finished: Finished; from?: string }) {
  const sender = from ?? 'The sender';
  const [title, body] =
    finished.kind === 'declined'
      ? ['You declined to sign', `${sender} has been told. You can close this page.`]
      : finished.answer.workflowStatus === 'completed'
        ? [
            'Thank you — the document is signed',
            `Everyone has signed. ${sender} keeps the signed copy, sealed with a digital signature; ask them for a copy at any time.`,
          ]
        : [
            'Thank you — your signature is recorded',
            `${sender} will be told when everyone has signed. You can close this page.`,
          ];
  return (
    <Paper withBorder p="xl" radius="lg" maw={560} mx="auto">
      <Stack gap="sm">
        <Title order={1} fz={24}>
          {title}
        </Title>
        <Text>{body}</Text>
        <Text size="sm" c="dimmed">
          This signing link has now been used and will not open again.
        </Text>
      </Stack>
    </Paper>
  );
}
