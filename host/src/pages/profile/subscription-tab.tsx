import { EmbeddedRemotePage } from '../../shell/embedded-remote-page';

/**
 * /settings/profile/subscription: the same page as /subscription (the current business's plan, the plans, changes
 * and invoices), shown inside the tab — one page, whichever way the owner comes to it.
 */
export function SubscriptionTab() {
  return <EmbeddedRemotePage path="/subscription" />;
}
