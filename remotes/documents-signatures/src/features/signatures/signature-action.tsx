import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import { Button, Link } from '@atrium/ui';
import { WORKFLOW_FINAL_STATUSES, WORKFLOW_STATUS_LABELS, type Document } from '@atrium/domain-documents';
import { workflowPath } from './paths';
import { SendForSignatureDialog } from './send-for-signature';
import { useDocumentWorkflow } from './use-signatures';

type Doc = Pick<Document, '_id' | 'title' | 'type' | 'status' | 'signers' | 'contact' | 'expiresAt'> &
  Partial<Pick<Document, 'isTemplate' | 'contactId'>>;

/**
 * A contract's signature button: its workflow's status (opens it) while one is open or completed; otherwise "Send
 * for signature" for an owner or admin, on a contract that is not a template, completed or expired. `beforeOpen`
 * lets the editor save first (false: stay).
 */
export function SignatureAction({ doc, beforeOpen }: { doc: Doc; beforeOpen?: () => Promise<boolean> }) {
  const { user } = useSnapshot(sessionView);
  const enabled = doc.type === 'contract' && !doc.isTemplate;
  const q = useDocumentWorkflow(doc._id, enabled);
  const [opened, setOpened] = useState(false);
  const [preparing, setPreparing] = useState(false);
  if (!enabled || q.isPending) return null;
  const w = q.data;
  if (w && (!WORKFLOW_FINAL_STATUSES.includes(w.status) || w.status === 'completed'))
    return (
      <Button variant="light" component={Link} to={workflowPath(w._id)}>
        Signatures: {WORKFLOW_STATUS_LABELS[w.status]}
      </Button>
    );
  const manages = user?.role === 'owner' || user?.role === 'admin';
  if (!manages || doc.status === 'completed' || doc.status === 'expired') return null;
  return (
    <>
      <Button
        loading={preparing}
        onClick={async () => {
          setPreparing(true);
          try {
            if (!beforeOpen || (await beforeOpen())) setOpened(true);
          } finally {
            setPreparing(false);
          }
        }}
      >
        Send for signature
      </Button>
      <SendForSignatureDialog doc={doc} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
