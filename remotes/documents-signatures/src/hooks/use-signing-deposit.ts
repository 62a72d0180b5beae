import { useQuery } from '@tanstack/react-query';
import { paymentKeys, publicPayments } from '@atrium/domain-documents';

/**
 * Sign and pay from one link: the invoice that goes with the contract (the first invoice in its package), asked
 * through the signing link while it is still good — the link is single-use, so it is asked with the signing steps
 * and kept for after the signature (never fetched again). A failure here never blocks signing: no payment step.
 */
export function useSigningDeposit(contractId: string, token: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.signingDeposit(contractId, token),
    queryFn: () => publicPayments.signingDeposit(contractId, token),
    enabled: enabled && Boolean(contractId && token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
