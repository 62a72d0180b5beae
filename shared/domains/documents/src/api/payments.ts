import type { ApiClient } from '@atrium/api-client';
import type {
  CheckoutAnswer,
  InvoicePayments,
  Payment,
  PaymentListAnswer,
  PaymentListParams,
  PublicInvoicePayment,
  PublicPaymentStatus,
  RefundInput,
  ResolveHeldInput,
  SigningDeposit,
  StripeAccountStatus,
  StripeConnectAnswer,
} from '../payments';

const enc = encodeURIComponent;

/**
 * The business's Stripe connection (integrations). GET /stripe/account-status answers `configured: false` when the
 * installation has no Stripe keys (never an error for that); its 500 is passed quietly by the client (spec).
 */
export function stripeApi(client: ApiClient) {
  return {
    status: async () => (await client.get<{ data: StripeAccountStatus }>('stripe/account-status')).data,
    /** POST /stripe/connect: creates the connected account when there is none; answers Stripe's onboarding URL. */
    connect: async () => (await client.post<{ data: StripeConnectAnswer }>('stripe/connect', {})).data,
    /** POST /stripe/refresh: the flags read again from Stripe (after the onboarding's return). */
    refresh: async () => (await client.post<{ data: StripeAccountStatus }>('stripe/refresh', {})).data,
    /** DELETE /stripe/account: forgets the connection (the Stripe account itself stays the business's). */
    disconnect: async () => (await client.delete<{ data: StripeAccountStatus }>('stripe/account'))?.data,
  };
}
export type StripeApi = ReturnType<typeof stripeApi>;

/** Payments of the business (finance) and of one invoice. */
export function paymentsApi(client: ApiClient) {
  return {
    list: (params: PaymentListParams = {}) => {
      const q: Record<string, string> = {};
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q[k] = String(v);
      return client.get<PaymentListAnswer>('payments', q);
    },
    ofInvoice: async (documentId: string) =>
      (await client.get<{ data: InvoicePayments }>(`documents/${enc(documentId)}/payments`)).data,
    resolve: async (id: string, input: ResolveHeldInput) =>
      (await client.post<{ data: Payment }>(`payments/${enc(id)}/resolve`, input)).data,
    refund: async (id: string, input: RefundInput = {}) =>
      (await client.post<{ data: Payment }>(`payments/${enc(id)}/refund`, input)).data,
  };
}
export type PaymentsApi = ReturnType<typeof paymentsApi>;

/**
 * The signed-out pay flow. The invoice's public link token (the same as /documents/view/{id}?token=): 404 NOT_FOUND
 * for an unknown, forged or revoked link (→ /document-not-found), 410 GONE when expired (→ /document-expired).
 */
export function publicPaymentsApi(client: ApiClient) {
  return {
    invoice: async (id: string, token: string) =>
      (await client.get<{ data: PublicInvoicePayment }>(`public/invoices/${enc(id)}/payment`, { token })).data,
    /** POST: 409 CONFLICT when card payment is not set up or nothing is due; then go to `url`. */
    checkout: async (id: string, token: string) =>
      (
        await client.post<{ data: CheckoutAnswer }>(
          `public/invoices/${enc(id)}/checkout`,
          {},
          {
            searchParams: { token },
          },
        )
      ).data,
    /** The invoice that goes with a contract, through the client's signing link (fetch it before signing). */
    signingDeposit: async (contractId: string, token: string) =>
      (await client.get<{ data: SigningDeposit }>(`public/documents/${enc(contractId)}/signing/deposit`, { token }))
        .data,
    /** What became of a Checkout Session (only the webhook marks anything paid; poll while 'pending'). */
    status: async (sessionId: string, key: string) =>
      (await client.get<{ data: PublicPaymentStatus }>('public/payments/status', { session_id: sessionId, key })).data,
  };
}
export type PublicPaymentsApi = ReturnType<typeof publicPaymentsApi>;
