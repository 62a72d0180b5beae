import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { paymentKeys, publicDocuments, publicPayments, type PaymentStatus } from '@atrium/domain-documents';

export { browser } from '../../lib/browser';
export { payPath } from '../../lib/paths';

/** Where a public error sends the visitor: an expired link, or one that is unknown, forged or incomplete. */
export function publicErrorPath(error: unknown): '/document-expired' | '/document-not-found' | null {
  if (!isApiError(error)) return null;
  if (error.status === 410) return '/document-expired';
  if (error.status === 404 || error.status === 400) return '/document-not-found';
  return null;
}

/** GET /public/invoices/{id}/payment?token=: the summary /invoices/pay shows (no retry: a bad link stays bad). */
export function useInvoicePayment(id: string, token: string) {
  return useQuery({
    queryKey: paymentKeys.publicInvoice(id, token),
    queryFn: () => publicPayments.invoice(id, token),
    enabled: Boolean(id && token),
    retry: false,
  });
}

/** The invoice's lines, for the summary (the same public view as /documents/view/{id}?token=). */
export function useInvoiceLines(id: string, token: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.publicInvoiceLines(id, token),
    queryFn: async () => (await publicDocuments.view(id, token)).document,
    enabled: enabled && Boolean(id && token),
    retry: false,
  });
}

export { useCheckout } from '../../hooks/use-checkout';

/** Statuses after which the payment's page stops asking. */
const SETTLED: readonly PaymentStatus[] = [
  'succeeded',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
  'held',
  'dismissed',
];

/**
 * GET /public/payments/status?session_id=&key=, asked again every `everyMs` while the payment is pending (only
 * Stripe's webhook marks it paid; a declined card keeps it pending while the Checkout is open), for at most `forMs`;
 * then `gaveUp` is true until `checkAgain`. `key` is the one the success URL carries (the server's HMAC).
 */
export function usePaymentStatus(sessionId: string, key: string, { everyMs = 2_000, forMs = 60_000 } = {}) {
  const [gaveUp, setGaveUp] = useState(false);
  const [round, setRound] = useState(0);
  const q = useQuery({
    queryKey: paymentKeys.publicStatus(sessionId),
    queryFn: () => publicPayments.status(sessionId, key),
    enabled: Boolean(sessionId && key),
    retry: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return !gaveUp && (!status || !SETTLED.includes(status)) && !query.state.error ? everyMs : false;
    },
  });
  const pending = q.data?.status === 'pending';
  useEffect(() => {
    if (!pending || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), forMs);
    return () => clearTimeout(timer);
  }, [pending, gaveUp, forMs, round]);
  const checkAgain = () => {
    setGaveUp(false);
    setRound((r) => r + 1);
    void q.refetch();
  };
  return { ...q, gaveUp: pending && gaveUp, checkAgain };
}
