import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, DraggableModal, Group, Stack, Text, TextInput, handleError } from '@atrium/ui';
import { toast } from '@atrium/event-bus';
import { DOCUMENT_MESSAGES, documentKeys, documents, type DocumentSendAnswer } from '@atrium/domain-documents';
import { absoluteLink } from '../../lib/paths';

const EMAIL_TEXT: Record<DocumentSendAnswer['email'], string> = {
  sent: DOCUMENT_MESSAGES.sent,
  no_email: DOCUMENT_MESSAGES.sentNoEmail,
  failed: DOCUMENT_MESSAGES.sentMailFailed,
};

interface SendDialogProps {
  documentId: string;
  /** The merge tags that will render empty (from GET /documents/{id}/preview); null while not asked. */
  unresolvedTags: string[];
  /** Called with whether the document was sent. */
  onClose: (sent: boolean) => void;
}

/**
 * Confirms sending (listing the merge tags that will render empty first), sends (status → sent) and shows the
 * public link to copy.
 */
export function SendDialog({ documentId, unresolvedTags, onClose }: SendDialogProps) {
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<DocumentSendAnswer | null>(null);
  const send = async () => {
    setSending(true);
    try {
      const answer = await documents.send(documentId);
      setSent(answer);
      client.setQueryData(documentKeys.one(documentId), answer.document);
      void client.invalidateQueries({ queryKey: documentKeys.all });
      toast.success(EMAIL_TEXT[answer.email]);
    } catch (e) {
      handleError(e);
    } finally {
      setSending(false);
    }
  };
  const link = sent ? absoluteLink(sent.link.url) : '';
  return (
    <DraggableModal
      modalId="send-document"
      opened
      onClose={() => onClose(!!sent)}
      title={sent ? 'Document sent' : 'Send this document?'}
      centered
      size="lg"
    >
      {sent ? (
        <Stack>
          <Text size="sm">{EMAIL_TEXT[sent.email]}</Text>
          <TextInput label="Link for the client" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() =>
                void navigator.clipboard?.writeText(link).then(
                  () => toast.success('Link copied'),
                  () => toast.error('Could not copy the link: select it and copy it yourself'),
                )
              }
            >
              Copy link
            </Button>
            <Button onClick={() => onClose(true)}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {unresolvedTags.length > 0 ? (
            <Alert color="yellow" title="Some fields have no value">
              <Text size="sm">These fields will show as empty to the client:</Text>
              <Box component="ul" mt={4} mb={0} fz="sm" aria-label="Fields without a value">
                {unresolvedTags.map((t) => (
                  <li key={t}>{`{{${t}}}`}</li>
                ))}
              </Box>
            </Alert>
          ) : (
            <Text size="sm">The client gets a link to view it. Its content cannot change once it is sent.</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={sending}>
              Cancel
            </Button>
            <Button onClick={() => void send()} loading={sending}>
              {unresolvedTags.length > 0 ? 'Send anyway' : 'Send'}
            </Button>
          </Group>
        </Stack>
      )}
    </DraggableModal>
  );
}
