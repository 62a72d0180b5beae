import * as z from 'zod';
import { pageQuerySchema, paginationSchema, type Pagination } from '@atrium/contracts';

/*
 * Card payments of invoices through Stripe, and the business's Stripe connection (docs/requirements.md
 * "Payments server"). Amounts are integers in the currency's minor units (as the invoice totals).
 */

export const PAYMENT_MESSAGES = {
  /** Neither the installation's Stripe keys nor (for a business) a connected account with charges enabled. */
  notConfigured: 'Card payment is not set up',
  /** The installation has no Stripe keys (STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET unset). */
  platformNotConfigured: 'Stripe is not configured on this installation',
  notConnected: 'This business has not connected a Stripe account',
  chargesDisabled: 'The connected Stripe account cannot take card payments yet (onboarding not finished)',
  stripeUnavailable: 'Stripe did not answer. Please try again in a moment.',
  alreadyPaid: 'This invoice is already paid',
  notInvoice: 'Only invoices can be paid',
  nothingDue: 'Nothing is due on this invoice',
  paymentNotFound: 'Payment not found',
  sessionNotFound: 'Payment not found',
  invalidSignature: 'Invalid Stripe signature',
  invalidPayload: 'Invalid webhook payload',
  notHeld: 'Only a payment held for review can be resolved',
  /** A held payment dismissed: its refund is asked of Stripe at once; it can no longer be applied. */
  dismissedAlready: 'This payment was dismissed and is being given back; it can no longer be applied',
  notRefundable: 'Only a succeeded card payment can be refunded',
  refundTooLarge: 'The refund is larger than what is left of the payment',
  heldAmountMismatch: (expected: string, received: string) =>
    `Paid amount ${received} differs from the expected ${expected}`,
  heldCurrencyMismatch: (expected: string, received: string) => `Paid in ${received} but the invoice is in ${expected}`,
  heldOverpaid: 'The invoice was already paid when this payment arrived',
  /** A refund event came before the payment's completion (Stripe does not order deliveries): Stripe retries it. */
  notSettledYet: 'The payment is not settled yet; deliver this event again later',
} as const;

export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
  'held',
  'dismissed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  held: 'Held for review',
  dismissed: 'Dismissed',
};
/** Statuses whose amount − amountRefunded counts as received. */
export const RECEIVED_PAYMENT_STATUSES = ['succeeded', 'partially_refunded', 'refunded'] as const;

export const PAYMENT_METHODS = ['card', 'manual'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** deposit: the schedule's deposit; balance: what is left after earlier payments; full: the whole total at once. */
export const PAYMENT_KINDS = ['deposit', 'balance', 'full'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

// ---- Stripe connection (integrations) ----

/**
 * Where Stripe's onboarding sends the owner back: the business settings' integrations tab with `stripe=return`
 * (finished or left: call POST /stripe/refresh) or `stripe=refresh` (the link expired: POST /stripe/connect again).
 */
export const STRIPE_CONNECT_RETURN_PATH = '/businesses/settings?tab=integrations';
export const STRIPE_CONNECT_RESULT_PARAM = 'stripe';

/** GET /stripe/account-status. */
export const stripeAccountStatusSchema = z.object({
  /** The installation has its Stripe keys. */
  configured: z.boolean(),
  /** The business has a connected Stripe account (onboarding may not be finished). */
  connected: z.boolean(),
  accountId: z.string().nullable(),
  chargesEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
});
export type StripeAccountStatus = z.infer<typeof stripeAccountStatusSchema>;

/** POST /stripe/connect: Stripe's onboarding address (an account link); the browser goes there. */
export const stripeConnectAnswerSchema = z.object({ url: z.string() });
export type StripeConnectAnswer = z.infer<typeof stripeConnectAnswerSchema>;

// ---- the public pay flow ----

const publicTokenField = z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200);
/** ?token= of a public invoice call (the invoice's document link token). */
export const publicInvoiceQuerySchema = z.object({ token: publicTokenField });

/** The amount due now: the deposit while nothing is paid (when the schedule has one), else what is left. */
export function amountDueNow(
  totals: { total: number; deposit: number },
  received: number,
): {
  kind: PaymentKind;
  amount: number;
} {
  const left = Math.max(0, totals.total - received);
  if (received <= 0 && totals.deposit > 0 && totals.deposit < totals.total)
    return { kind: 'deposit', amount: totals.deposit };
  return { kind: received > 0 ? 'balance' : 'full', amount: left };
}

/** GET /public/invoices/{id}/payment?token=: what /invoices/pay shows. */
export const publicInvoicePaymentSchema = z.object({
  invoice: z.object({
    _id: z.string(),
    number: z.string().nullable(),
    title: z.string(),
    currency: z.string(),
    total: z.number().int(),
    deposit: z.number().int(),
    /** Received so far (net of refunds). */
    paid: z.number().int(),
    /** total − paid. */
    balance: z.number().int(),
    dueDate: z.string().nullable(),
    status: z.string(),
  }),
  business: z.object({ name: z.string() }),
  /** What the pay button pays now (0 / kind 'balance' when nothing is due). */
  dueNow: z.object({ kind: z.enum(PAYMENT_KINDS), amount: z.number().int() }),
  /** Card payment works (Stripe configured, the business connected with charges enabled). */
  cardPayment: z.boolean(),
  /** Why not, when cardPayment is false (PAYMENT_MESSAGES.notConfigured); null otherwise. */
  cardPaymentMessage: z.string().nullable(),
  paidInFull: z.boolean(),
});
export type PublicInvoicePayment = z.infer<typeof publicInvoicePaymentSchema>;

/** POST /public/invoices/{id}/checkout?token=: a Checkout Session for dueNow; the browser goes to `url`. */
export const checkoutAnswerSchema = z.object({
  url: z.string(),
  paymentId: z.string(),
  sessionId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  kind: z.enum(PAYMENT_KINDS),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/**
 * GET /public/payments/status?session_id=&key=: what /invoice-payment-success shows and polls. `key` is the
 * server's HMAC of the payment, put in the success URL with the session id: a session id alone (browser history,
 * Referer, Stripe's own URLs) reads nothing.
 */
export const paymentStatusQuerySchema = z.object({
  session_id: z.string({ error: 'session_id is required' }).trim().min(1, 'session_id is required').max(300),
  key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(200),
});
export const publicPaymentStatusSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  invoice: z.object({
    number: z.string().nullable(),
    title: z.string(),
    paidInFull: z.boolean(),
    balance: z.number().int(),
  }),
  business: z.object({ name: z.string() }),
});
export type PublicPaymentStatus = z.infer<typeof publicPaymentStatusSchema>;

// ---- sign and pay from one link ----

/**
 * GET /public/documents/{contractId}/signing/deposit?token=sig_…: the invoice that goes with a contract — the
 * first invoice in the contract's package (draft, sent or viewed; a draft is sent then, without an e-mail) — as the
 * client's signing link reaches it, so the
 * client pays the deposit on the same visit after signing. `token` is that invoice's own link token (derived from
 * the signing token and registered as an ordinary document link), good for /invoices/pay and the checkout after the
 * signing link is spent. `deposit` is null when the contract has no such invoice, or for the business owner's
 * signer.
 */
export const signingDepositSchema = z.object({
  deposit: z
    .object({
      invoiceId: z.string(),
      token: z.string(),
      payment: publicInvoicePaymentSchema,
    })
    .nullable(),
});
export type SigningDeposit = z.infer<typeof signingDepositSchema>;

export const SIGNING_DEPOSIT_TEXTS = {
  /** Shown with the signing steps, before the client signs. */
  ahead: (amount: string, what: string) => `After signing, you can pay the ${what} of ${amount} here.`,
  nextTitle: (what: string) => `Next: pay the ${what}`,
  invoiceLine: (invoice: string, business: string) => `${invoice} from ${business}`,
  notSetUp: (business: string) =>
    `Card payment is not set up for this invoice. To pay another way, please contact ${business}.`,
  paid: 'The invoice is paid in full. Thank you!',
} as const;

// ---- signed-in reads and actions ----

export const paymentSchema = z.object({
  _id: z.string(),
  documentId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  amountRefunded: z.number().int(),
  currency: z.string(),
  reason: z.string().nullable(),
  receivedAmount: z.number().int().nullable(),
  receivedCurrency: z.string().nullable(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /documents/{id}/payments: the invoice's payments (newest first) and what is received and left. */
export const invoicePaymentsSchema = z.object({
  payments: z.array(paymentSchema),
  currency: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
});
export type InvoicePayments = z.infer<typeof invoicePaymentsSchema>;

/** GET /payments: the business's payments (finance), newest first. */
export const paymentListParamsSchema = pageQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES, { error: `Status must be one of: ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  documentId: z.string().trim().min(1).max(100).optional(),
});
export type PaymentListParamsData = z.output<typeof paymentListParamsSchema>;
export interface PaymentListParams {
  page?: number;
  limit?: number;
  status?: PaymentStatus;
  documentId?: string;
}
export const paymentListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(paymentSchema),
  pagination: paginationSchema,
});
export interface PaymentListAnswer {
  success: true;
  data: Payment[];
  pagination: Pagination;
}

/** POST /payments/{id}/resolve: a held payment applied to its invoice, or dismissed (refund it in Stripe). */
export const resolveHeldInputSchema = z.object({
  action: z.enum(['apply', 'dismiss'], { error: "Action must be 'apply' or 'dismiss'" }),
});
export type ResolveHeldInput = z.input<typeof resolveHeldInputSchema>;

/** POST /payments/{id}/refund: refunds through Stripe (all that is left without an amount); the webhook records it. */
export const refundInputSchema = z.object({
  amount: z
    .number({ error: 'Amount must be a whole number of minor units (cents) above 0' })
    .int('Amount must be a whole number of minor units (cents) above 0')
    .positive('Amount must be a whole number of minor units (cents) above 0')
    .optional(),
});
export type RefundInput = z.input<typeof refundInputSchema>;
