/**
 * The comms domain's documented public calls: all that apps other than the comms remote may use (import
 * `@atrium/domain-comms/public`). Today: the member's Gmail connection (the shared GmailCard in the profile's
 * integrations tab, the GmailGateModal in the campaign flow) and a project's emails (the work remote's project tab
 * "email": its threads, and sending or replying from the member's own mailbox).
 */
export { gmail } from './index';
export { gmailKeys } from './keys';
export {
  GMAIL_BLOCKED_EXTENSIONS,
  GMAIL_MAX_ATTACHMENT_BYTES,
  GMAIL_MAX_ATTACHMENTS,
  GMAIL_MAX_MESSAGE_BYTES,
  GMAIL_MAX_RECIPIENTS,
  GMAIL_MESSAGES,
  GMAIL_RESULT_PARAM,
  GMAIL_RETURN_PATHS,
  gmailSendSchema,
  type GmailMessage,
  type GmailOrigin,
  type GmailResult,
  type GmailSendInput,
  type GmailStatus,
  type GmailThread,
} from './gmail';
