import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { paymentKeys, publicPayments } from '@atrium/domain-documents';
import { browser } from '../lib/browser';

/**
 * POST /public/invoices/{id}/checkout?token=: a Stripe Checkout Session for the amount due now; the browser then
 * leaves for Stripe's page. A refusal (already paid, not set up, nothing due) reloads the summary, which says why.
 */
export function useCheckout(id: string, token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => publicPayments.checkout(id, token),
    onSuccess: ({ url }) => browser.go(url),
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void qc.invalidateQueries({ queryKey: paymentKeys.publicInvoice(id, token) });
    },
  });
}
