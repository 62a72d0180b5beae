import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import {
  Alert,
  Button,
  Container,
  Group,
  IconDownload,
  Link,
  LoadError,
  PageSkeleton,
  useNavigate,
  useParams,
  useSearchParams,
} from '@atrium/ui';
import {
  FORM_MESSAGES,
  documentKeys,
  documents,
  isEditable,
  isSignerToken,
  publicDocuments,
  publicForms,
} from '@atrium/domain-documents';
import { BlockView, DocumentView } from '../components/document-view';
import { AnswerForm } from '../features/forms/answer-form';
import { downloadPdf } from '../lib/pdf-download';
import { editorPath } from '../lib/paths';
import { SignatureAction } from '../features/signatures/signature-action';
import { InvoicePaymentsPanel } from '../features/payments/invoice-payments-panel';
import { payPath } from '../features/payments/use-public-payment';

// A signer's link (token sig_…) shows the signing steps instead (features/signatures, loaded only for it).
const SigningFlow = lazy(() => import('../features/signatures/signing-flow').then((m) => ({ default: m.SigningFlow })));

/**
 * /documents/view/{id}: what the client sees. With ?token= (the link that was sent) it is the signed-out call
 * GET /public/documents/{id}; an unknown or forged link goes to /document-not-found, an expired one to
 * /document-expired. Without a token a member sees the preview of their business's document (a contract with its
 * signature button). A signer's token (`sig_…`) is no document link: it opens the signing steps.
 */
export default function DocumentViewPage() {
  const { id = '' } = useParams();
  const [url] = useSearchParams();
  const token = url.get('token') ?? '';
  if (isSignerToken(token))
    return (
      <Suspense fallback={<PageSkeleton rows={8} />}>
        <SigningFlow documentId={id} token={token} />
      </Suspense>
    );
  return <DocumentLinkView id={id} token={token} />;
}

function DocumentLinkView({ id, token }: { id: string; token: string }) {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: token ? documentKeys.publicView(id, token) : documentKeys.preview(id),
    queryFn: async () => {
      if (token) {
        const answer = await publicDocuments.view(id, token);
        return { doc: answer.document, from: answer.business.name, editable: false };
      }
      const preview = await documents.preview(id);
      return { doc: preview.document, from: undefined, editable: isEditable(preview.document) };
    },
    retry: false,
  });

  const status = q.isError && isApiError(q.error) ? q.error.status : null;
  useEffect(() => {
    if (status === 410) navigate('/document-expired', { replace: true });
    else if (status === 404 || status === 400) navigate('/document-not-found', { replace: true });
  }, [status, navigate]);

  return (
    <Container size="md" py="xl">
      {q.isPending || status === 410 || status === 404 || status === 400 ? (
        <PageSkeleton rows={8} />
      ) : q.isError ? (
        <LoadError
          title="The document could not be loaded"
          message={q.error.message}
          onRetry={() => void q.refetch()}
        />
      ) : (
        <>
          <Group justify="flex-end" mb="sm">
            {!token && (
              <Button variant="subtle" component={Link} to="/documents">
                Back to documents
              </Button>
            )}
            {!token && q.data.doc.type === 'contract' && <SignatureAction doc={q.data.doc} />}
            {q.data.editable && (
              <Button variant="default" component={Link} to={editorPath(id)}>
                Edit
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                void downloadPdf(() => (token ? publicDocuments.pdf(id, token) : documents.pdf(id)), q.data.doc.title)
              }
            >
              Download PDF
            </Button>
            {/* The client pays from the invoice link (the pay page says when card payment is not set up). */}
            {token && q.data.doc.type === 'invoice' && q.data.doc.status !== 'paid' && (
              <Button component={Link} to={payPath(id, token)}>
                Pay invoice
              </Button>
            )}
          </Group>
          {token && q.data.doc.type === 'questionnaire' && q.data.doc.status === 'completed' && (
            <Alert color="blue" mb="sm">
              {FORM_MESSAGES.alreadyAnswered}
            </Alert>
          )}
          <DocumentView
            doc={q.data.doc}
            from={q.data.from}
            body={
              // A questionnaire opened through its link is answered there, once.
              token && q.data.doc.type === 'questionnaire' && q.data.doc.status !== 'completed' ? (
                <AnswerForm
                  blocks={q.data.doc.blocks}
                  renderBlock={(b) => <BlockView block={b} />}
                  submitLabel="Submit answers"
                  onSubmit={async ({ answers }) =>
                    (await publicForms.answerQuestionnaire(id, token, { answers })).message
                  }
                  uploadFile={(file) => publicForms.uploadQuestionnaireFile(id, token, file)}
                />
              ) : undefined
            }
          />
          {/* The owner's view of an invoice: its payments (card, marked paid, held for review). */}
          {!token && q.data.doc.type === 'invoice' && (
            <InvoicePaymentsPanel documentId={id} status={q.data.doc.status} />
          )}
        </>
      )}
    </Container>
  );
}
