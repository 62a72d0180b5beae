import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { makePagination, type Pagination } from '@atrium/contracts';
import {
  amountDueNow,
  formatMoney,
  PAYMENT_MESSAGES as M,
  type CheckoutAnswer,
  type InvoicePayments,
  type Payment,
  type PaymentListParamsData,
  type PublicInvoicePayment,
  type PublicPaymentStatus,
} from '@atrium/domain-documents/schemas';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { BusinessesService } from '../businesses/businesses.service';
import type { DocumentsService, InvoiceForPayment, ManualPaymentLedger } from '../documents/documents.service';
import type {
  StripeAccount,
  StripeCharge,
  StripeCheckoutSession,
  StripeEvent,
  StripeGateway,
  StripePaymentIntent,
} from '../stripe/stripe.gateway';
import type { StripeService } from '../stripe/stripe.service';
import type { PaymentRow, PaymentsRepository } from './payments.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

export function toPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    documentId: row.documentId,
    invoiceNumber: row.invoiceNumber,
    method: row.method,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    amountRefunded: row.amountRefunded,
    currency: row.currency,
    reason: row.reason,
    receivedAmount: row.receivedAmount,
    receivedCurrency: row.receivedCurrency,
    paidAt: iso(row.paidAt),
    refundedAt: iso(row.refundedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The marketplace's share of the Connect endpoint's events (modules/marketplace, bound in app.ts): its outcome when
 * the event is a marketplace purchase's, else null. Called inside the event's transaction, after its id was taken.
 */
export interface MarketplaceStripeEvents {
  applyStripeEvent(event: StripeEvent, tx: Executor): Promise<EventOutcome | null>;
}

/** What handling a webhook event did (stored on its stripe_events row; `duplicate` is never stored). */
export type EventOutcome =
  | 'applied'
  | 'held'
  | 'ignored'
  | 'duplicate'
  | 'already_applied'
  | 'awaiting_async'
  | 'unknown_session'
  | 'unknown_payment'
  | 'unknown_account'
  | 'account_mismatch'
  | 'no_change';

const SETTLEABLE = new Set(['pending', 'failed', 'expired']);
const REFUNDABLE = new Set(['succeeded', 'partially_refunded']);

/**
 * Payments of invoices: the public pay flow (an invoice's summary, a Checkout Session on the business's connected
 * account), the verified webhook that alone marks money received (each event once, in one transaction with its
 * effects), manual payments when an invoice is marked paid by hand, refunds, and payments held for review when what
 * Stripe reports differs from what the invoice expects.
 */
export class PaymentsService implements ManualPaymentLedger {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly deps: {
      config: Pick<Config, 'appUrl'>;
      /** The app secret: keys the success page's status key (an HMAC of the payment id). */
      secret: string;
      gateway: StripeGateway | null;
      stripe: Pick<StripeService, 'chargeAccount' | 'applyAccountUpdated'>;
      documents: Pick<DocumentsService, 'invoiceForPayment' | 'invoiceOf' | 'settleInvoice' | 'businessNameOf'>;
      /** Money moves (refund, apply or dismiss a held payment) are for owners and admins, as connecting Stripe is. */
      businesses: Pick<BusinessesService, 'requireManager'>;
      log?: (err: unknown, msg: string) => void;
      /** Marketplace purchases' events (their sessions, refunds and disputes); none in tests of invoices alone. */
      marketplace?: MarketplaceStripeEvents;
    },
  ) {}

  // ---- the public pay flow ----

  async publicInvoice(id: string, token: string): Promise<PublicInvoicePayment> {
    const invoice = await this.deps.documents.invoiceForPayment(id, token);
    const [received, account, businessName] = await Promise.all([
      this.repo.receivedFor(invoice.businessId, invoice.documentId),
      this.deps.stripe.chargeAccount(invoice.businessId),
      this.deps.documents.businessNameOf(invoice.businessId),
    ]);
    const paidInFull = isPaidInFull(invoice, received);
    const dueNow = paidInFull ? { kind: 'balance' as const, amount: 0 } : amountDueNow(invoice, received);
    return {
      invoice: {
        _id: invoice.documentId,
        number: invoice.number,
        title: invoice.title,
        currency: invoice.currency,
        total: invoice.total,
        deposit: invoice.deposit,
        paid: received,
        balance: Math.max(0, invoice.total - received),
        dueDate: invoice.dueDate,
        status: invoice.status,
      },
      business: { name: businessName },
      dueNow,
      cardPayment: account !== null && dueNow.amount > 0,
      cardPaymentMessage: account === null ? M.notConfigured : null,
      paidInFull,
    };
  }

  /**
   * A Checkout Session for what is due now, on the business's connected account. The pending payment row is written
   * first (its id is the session's metadata and idempotency key); if Stripe refuses, the row is removed again.
   * Older open sessions of the invoice are expired (best effort: one paid meanwhile still arrives by webhook and is
   * held if it would overpay).
   */
  async checkout(id: string, token: string): Promise<CheckoutAnswer> {
    const invoice = await this.deps.documents.invoiceForPayment(id, token);
    const gateway = this.deps.gateway;
    const account = gateway ? await this.deps.stripe.chargeAccount(invoice.businessId) : null;
    if (!gateway || !account) throw new AppError('CONFLICT', M.notConfigured);
    const received = await this.repo.receivedFor(invoice.businessId, invoice.documentId);
    if (invoice.status === 'paid' || isPaidInFull(invoice, received)) throw new AppError('CONFLICT', M.alreadyPaid);
    const due = amountDueNow(invoice, received);
    if (due.amount <= 0) throw new AppError('CONFLICT', M.nothingDue);
    const older = await this.repo.pendingOf(invoice.businessId, invoice.documentId);
    const payment = await this.repo.insert({
      businessId: invoice.businessId,
      documentId: invoice.documentId,
      invoiceNumber: invoice.number,
      method: 'card',
      kind: due.kind,
      status: 'pending',
      amount: due.amount,
      currency: invoice.currency,
      stripeAccountId: account.stripeAccountId,
    });
    const app = this.deps.config.appUrl;
    let session: StripeCheckoutSession;
    try {
      session = await gateway.createCheckoutSession(M.stripeUnavailable, {
        account: account.stripeAccountId,
        amount: due.amount,
        currency: invoice.currency,
        productName: `${invoice.number ? `Invoice ${invoice.number}` : 'Invoice'}: ${invoice.title}`.slice(0, 250),
        successUrl: `${app}/invoice-payment-success?session_id={CHECKOUT_SESSION_ID}&key=${this.statusKey(payment.id)}`,
        cancelUrl: `${app}/invoices/pay?id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}&canceled=1`,
        metadata: {
          business: invoice.businessId,
          document: invoice.documentId,
          payment: payment.id,
          kind: due.kind,
        },
        idempotencyKey: `atrium-checkout-${payment.id}`,
        customerEmail: invoice.contactEmail,
      });
    } catch (err) {
      await this.repo.remove(payment.id);
      throw err;
    }
    if (!session.url) {
      await this.repo.remove(payment.id);
      throw new AppError('SERVICE_UNAVAILABLE', M.stripeUnavailable);
    }
    await this.repo.update(payment.id, { stripeCheckoutSessionId: session.id });
    for (const old of older) {
      if (old.stripeCheckoutSessionId && old.stripeAccountId) {
        await gateway.expireCheckoutSession(old.stripeAccountId, old.stripeCheckoutSessionId);
      }
    }
    return {
      url: session.url,
      paymentId: payment.id,
      sessionId: session.id,
      amount: due.amount,
      currency: invoice.currency,
      kind: due.kind,
    };
  }

  /**
   * The success page's key for a payment: HMAC-SHA256(app secret, payment id), put in success_url beside the
   * session id. The status call needs both, so a session id seen elsewhere (history, Referer, Stripe) reads nothing.
   */
  statusKey(paymentId: string): string {
    return createHmac('sha256', this.deps.secret).update(`payment-status:${paymentId}`).digest('base64url');
  }

  /**
   * What /invoice-payment-success shows: read only (the webhook is what marks money received). An unknown session or
   * a key that is not the payment's → 404, the same answer, so neither tells anything.
   */
  async publicStatus(sessionId: string, key: string): Promise<PublicPaymentStatus> {
    const payment = await this.repo.bySession(sessionId);
    if (!payment || !sameKey(key, this.statusKey(payment.id))) throw new AppError('NOT_FOUND', M.sessionNotFound);
    const invoice = payment.documentId
      ? await this.deps.documents.invoiceOf(payment.businessId, payment.documentId)
      : null;
    const received = invoice ? await this.repo.receivedFor(payment.businessId, invoice.documentId) : 0;
    return {
      status: payment.status,
      amount: payment.amount,
      currency: payment.currency,
      kind: payment.kind,
      invoice: {
        number: invoice?.number ?? payment.invoiceNumber,
        title: invoice?.title ?? '',
        paidInFull: invoice ? isPaidInFull(invoice, received) : false,
        balance: invoice ? Math.max(0, invoice.total - received) : 0,
      },
      business: { name: await this.deps.documents.businessNameOf(payment.businessId) },
    };
  }

  // ---- the webhook ----

  /** A delivery: 400 unless its signature verifies on the raw body (nothing read, nothing changed). */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<EventOutcome> {
    const event = this.deps.gateway?.verifyEvent(rawBody, signature) ?? null;
    if (!event) throw new AppError('VALIDATION_ERROR', M.invalidSignature);
    return this.processEvent(event);
  }

  /**
   * Each event id once: its row and all its effects in one transaction. What must be asked of Stripe is asked
   * before the transaction opens (`prefetch`), so no pool connection or event-id lock waits on Stripe.
   */
  async processEvent(event: StripeEvent): Promise<EventOutcome> {
    const asked = await this.prefetch(event);
    return this.repo.transaction(async (tx) => {
      if (!(await this.repo.takeEvent(event.id, event.type, event.account ?? null, tx))) return 'duplicate';
      const outcome = await this.apply(event, tx, asked);
      await this.repo.setEventOutcome(event.id, outcome, tx);
      return outcome;
    });
  }

  /**
   * Stripe's answers an event's handling needs, asked outside any transaction: for a charge.refunded of a payment
   * intent not known here and a charge without our metadata, the intent's metadata (is it one of ours, not settled
   * yet?). 503 when Stripe does not answer (the webhook is delivered again); nothing is stored meanwhile.
   */
  private async prefetch(event: StripeEvent): Promise<Prefetched> {
    if (event.type !== 'charge.refunded' || !this.deps.gateway) return {};
    const charge = event.data.object as unknown as StripeCharge;
    const account = event.account ?? null;
    const intent = idOf(charge.payment_intent);
    if (!account || !intent || charge.metadata?.payment || charge.metadata?.kind === 'marketplace') return {};
    if (await this.repo.byPaymentIntent(account, intent)) return {};
    const pi = await this.deps.gateway.retrievePaymentIntent(M.stripeUnavailable, account, intent);
    return { intentMetadata: pi.metadata ?? {} };
  }

  private async apply(event: StripeEvent, tx: Executor, asked: Prefetched = {}): Promise<EventOutcome> {
    const market = await this.deps.marketplace?.applyStripeEvent(event, tx);
    if (market) return market;
    const account = event.account ?? null;
    const object = event.data.object as unknown;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = object as StripeCheckoutSession;
        if (session.payment_status === 'paid') return this.settlePaid(session, account, tx);
        return this.onSession(session, account, tx, (p) =>
          this.repo
            .update(p.id, { stripePaymentIntentId: idOf(session.payment_intent) }, tx)
            .then(() => 'awaiting_async'),
        );
      }
      case 'checkout.session.async_payment_succeeded':
        return this.settlePaid(object as StripeCheckoutSession, account, tx);
      case 'checkout.session.async_payment_failed':
        return this.onSession(object as StripeCheckoutSession, account, tx, async (p) => {
          if (!SETTLEABLE.has(p.status)) return 'already_applied';
          await this.repo.update(p.id, { status: 'failed', reason: 'The payment failed' }, tx);
          return 'applied';
        });
      case 'checkout.session.expired':
        return this.onSession(object as StripeCheckoutSession, account, tx, async (p) => {
          if (p.status !== 'pending') return 'no_change';
          await this.repo.update(p.id, { status: 'expired' }, tx);
          return 'applied';
        });
      case 'payment_intent.payment_failed':
        return this.onPaymentFailed(object as StripePaymentIntent, account, tx);
      case 'charge.refunded':
        return this.onRefunded(object as StripeCharge, account, tx, asked);
      case 'account.updated':
        return (await this.deps.stripe.applyAccountUpdated(object as StripeAccount, tx))
          ? 'applied'
          : 'unknown_account';
      default:
        return 'ignored';
    }
  }

  /** The session's payment of this account, or the outcome saying why there is none. */
  private async onSession(
    session: StripeCheckoutSession,
    account: string | null,
    tx: Executor,
    fn: (payment: PaymentRow) => Promise<EventOutcome>,
  ): Promise<EventOutcome> {
    const payment = await this.repo.bySession(session.id, tx);
    if (!payment) return 'unknown_session';
    if (payment.stripeAccountId !== account) return 'account_mismatch';
    return fn(payment);
  }

  /**
   * Money arrived for a session. The invoice is locked first, then the payment (the order every path takes). Applied
   * only when the currency and amount are what the payment expected and the invoice is not overpaid by it; held
   * for review otherwise.
   */
  private async settlePaid(
    session: StripeCheckoutSession,
    account: string | null,
    tx: Executor,
  ): Promise<EventOutcome> {
    return this.onSession(session, account, tx, async (found) => {
      const invoice = found.documentId
        ? await this.deps.documents.invoiceOf(found.businessId, found.documentId, tx, true)
        : null;
      const payment = (await this.repo.byId(found.businessId, found.id, tx, true))!;
      if (!SETTLEABLE.has(payment.status)) return 'already_applied';
      const paidAmount = session.amount_total ?? 0;
      const paidCurrency = (session.currency ?? '').toUpperCase();
      const paymentIntent = idOf(session.payment_intent);
      const received = invoice ? await this.repo.receivedFor(invoice.businessId, invoice.documentId, tx) : 0;
      let reason: string | null = null;
      if (!invoice) reason = 'The invoice no longer exists';
      else if (paidCurrency !== payment.currency) reason = M.heldCurrencyMismatch(payment.currency, paidCurrency);
      else if (paidAmount !== payment.amount)
        reason = M.heldAmountMismatch(
          formatMoney(payment.amount, payment.currency),
          formatMoney(paidAmount, payment.currency),
        );
      else if (received + paidAmount > invoice.total) reason = M.heldOverpaid;
      if (reason !== null) {
        await this.repo.update(
          payment.id,
          {
            status: 'held',
            reason,
            receivedAmount: paidAmount,
            receivedCurrency: paidCurrency,
            stripePaymentIntentId: paymentIntent,
            paidAt: new Date(),
          },
          tx,
        );
        this.deps.log?.(new Error(reason), `payment ${payment.id} held for review`);
        return 'held';
      }
      await this.repo.update(
        payment.id,
        { status: 'succeeded', reason: null, stripePaymentIntentId: paymentIntent, paidAt: new Date() },
        tx,
      );
      await this.deps.documents.settleInvoice(
        invoice!.businessId,
        invoice!.documentId,
        received + paidAmount >= invoice!.total,
        tx,
      );
      return 'applied';
    });
  }

  private async paymentOfIntent(intent: StripePaymentIntent, account: string | null, tx: Executor) {
    if (!account) return null;
    const byIntent = await this.repo.byPaymentIntent(account, intent.id, tx);
    if (byIntent) return byIntent;
    const businessId = intent.metadata?.business;
    const paymentId = intent.metadata?.payment;
    if (!businessId || !paymentId) return null;
    const row = await this.repo.byId(businessId, paymentId, tx);
    return row && row.stripeAccountId === account ? row : null;
  }

  private async onPaymentFailed(
    intent: StripePaymentIntent,
    account: string | null,
    tx: Executor,
  ): Promise<EventOutcome> {
    const payment = await this.paymentOfIntent(intent, account, tx);
    if (!payment) return 'unknown_payment';
    const locked = (await this.repo.byId(payment.businessId, payment.id, tx, true))!;
    if (locked.status !== 'pending') return 'no_change';
    const reason = intent.last_payment_error?.message ?? 'The payment failed';
    // A Checkout Session stays open after a declined card and the client may pay with another one: the payment
    // stays pending (the decline kept as its reason) until the session ends — completed, expired or async failed.
    await this.repo.update(
      locked.id,
      {
        ...(locked.stripeCheckoutSessionId ? {} : { status: 'failed' as const }),
        reason,
        stripePaymentIntentId: intent.id,
      },
      tx,
    );
    return 'applied';
  }

  /**
   * charge.refunded carries the charge's whole refunded amount so far: stored as is (a replayed or reordered event
   * changes nothing), the invoice reopened when it is no longer paid in full.
   */
  private async onRefunded(
    charge: StripeCharge,
    account: string | null,
    tx: Executor,
    asked: Prefetched,
  ): Promise<EventOutcome> {
    const intent = idOf(charge.payment_intent);
    if (!account || !intent) return 'unknown_payment';
    const found = await this.repo.byPaymentIntent(account, intent, tx);
    if (!found) {
      // Stripe does not order deliveries: a refund may arrive before the payment's own completion. If the charge is
      // one of ours, refuse (nothing kept) so Stripe delivers it again later; a charge made outside Atrium is ignored.
      if (await this.isOurIntent(account, charge.metadata, tx, asked.intentMetadata)) {
        throw new AppError('CONFLICT', M.notSettledYet);
      }
      return 'unknown_payment';
    }
    const invoice = found.documentId
      ? await this.deps.documents.invoiceOf(found.businessId, found.documentId, tx, true)
      : null;
    const payment = (await this.repo.byId(found.businessId, found.id, tx, true))!;
    const now = new Date();
    if (payment.status === 'held' || payment.status === 'dismissed') {
      // Money held for review and given back in Stripe (dismissed here, or refunded in Stripe's dashboard): nothing
      // was applied and nothing is ever counted — status dismissed, which neither "received" nor finance's revenue
      // counts. amount/currency stay what the invoice expected; what came and went back is receivedAmount in
      // receivedCurrency (a currency-mismatch hold never mixes the two).
      const kept = payment.receivedAmount ?? payment.amount;
      if (charge.amount_refunded < kept) return 'no_change';
      if (payment.status === 'dismissed' && payment.refundedAt) return 'no_change';
      await this.repo.update(payment.id, { status: 'dismissed', refundedAt: now }, tx);
      return 'applied';
    }
    if (SETTLEABLE.has(payment.status)) throw new AppError('CONFLICT', M.notSettledYet);
    if (!['succeeded', 'partially_refunded', 'refunded'].includes(payment.status)) return 'no_change';
    const refunded = Math.min(charge.amount_refunded, payment.amount);
    if (refunded <= payment.amountRefunded) return 'no_change';
    await this.repo.update(
      payment.id,
      {
        amountRefunded: refunded,
        status: refunded >= payment.amount ? 'refunded' : 'partially_refunded',
        refundedAt: now,
      },
      tx,
    );
    if (invoice) {
      const received = await this.repo.receivedFor(invoice.businessId, invoice.documentId, tx);
      await this.deps.documents.settleInvoice(
        invoice.businessId,
        invoice.documentId,
        isPaidInFull(invoice, received),
        tx,
      );
    }
    return 'applied';
  }

  /**
   * Whether a payment intent is a payment of ours, by the charge's metadata or (when the charge has none) the
   * intent's, asked of Stripe before the transaction (`prefetch`).
   */
  private async isOurIntent(
    account: string,
    chargeMetadata: Record<string, string> | null | undefined,
    tx: Executor,
    intentMetadata?: Record<string, string>,
  ) {
    const metadata = chargeMetadata?.payment ? chargeMetadata : intentMetadata;
    if (!metadata?.payment || !metadata.business) return false;
    const row = await this.repo.byId(metadata.business, metadata.payment, tx);
    return row !== null && row.stripeAccountId === account;
  }

  // ---- manual payments (ManualPaymentLedger) ----

  /** The invoice was marked paid by hand: what is still due is recorded as received now, by hand. */
  async recordManualPayment(invoice: InvoiceForPayment, userId: string, tx: Executor): Promise<void> {
    const received = await this.repo.receivedFor(invoice.businessId, invoice.documentId, tx);
    const left = invoice.total - received;
    if (left <= 0) return;
    await this.repo.insert(
      {
        businessId: invoice.businessId,
        documentId: invoice.documentId,
        invoiceNumber: invoice.number,
        method: 'manual',
        kind: received > 0 ? 'balance' : 'full',
        status: 'succeeded',
        amount: left,
        currency: invoice.currency,
        paidAt: new Date(),
        createdBy: userId,
      },
      tx,
    );
  }

  // ---- signed-in reads and actions ----

  async list(
    caller: BusinessCaller,
    params: PaymentListParamsData,
  ): Promise<{ data: Payment[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.list(caller.businessId, params);
    return { data: rows.map(toPayment), pagination: makePagination(total, params.page, params.limit) };
  }

  async ofInvoice(caller: BusinessCaller, documentId: string): Promise<InvoicePayments> {
    const invoice = await this.deps.documents.invoiceOf(caller.businessId, documentId);
    if (!invoice) throw new AppError('NOT_FOUND', 'Document not found');
    const [rows, paid] = await Promise.all([
      this.repo.ofDocument(caller.businessId, documentId),
      this.repo.receivedFor(caller.businessId, documentId),
    ]);
    return {
      payments: rows.map(toPayment),
      currency: invoice.currency,
      total: invoice.total,
      paid,
      balance: Math.max(0, invoice.total - paid),
    };
  }

  /**
   * A held payment after review: `apply` counts what was received (same currency only; the invoice settles as
   * usual), `dismiss` gives the money back through a Stripe refund. The dismissal is recorded at once (status
   * dismissed, before Stripe is asked), so the payment can no longer be applied; charge.refunded then dates the
   * refund. If Stripe refuses or does not answer, the payment is held again and the error answered (dismissing again
   * is safe: the refund's idempotency key is the payment's).
   */
  async resolveHeld(caller: BusinessCaller, id: string, action: 'apply' | 'dismiss'): Promise<Payment> {
    await this.deps.businesses.requireManager(caller.businessId, caller.userId);
    const found = await this.repo.byId(caller.businessId, id);
    if (!found) throw new AppError('NOT_FOUND', M.paymentNotFound);
    if (found.status === 'dismissed') throw new AppError('CONFLICT', M.dismissedAlready);
    if (action === 'dismiss') {
      if (found.status !== 'held') throw new AppError('CONFLICT', M.notHeld);
      const gateway = this.deps.gateway;
      const { stripeAccountId: account, stripePaymentIntentId: intent } = found;
      if (!gateway || !account || !intent) throw new AppError('CONFLICT', M.notConfigured);
      await this.repo.transaction(async (tx) => {
        const locked = (await this.repo.byId(caller.businessId, id, tx, true))!;
        if (locked.status === 'dismissed') throw new AppError('CONFLICT', M.dismissedAlready);
        if (locked.status !== 'held') throw new AppError('CONFLICT', M.notHeld);
        await this.repo.update(id, { status: 'dismissed' }, tx);
      });
      try {
        await gateway.createRefund(M.stripeUnavailable, {
          account,
          paymentIntent: intent,
          idempotencyKey: `atrium-dismiss-${found.id}`,
        });
      } catch (err) {
        await this.repo.holdAgain(id);
        throw err;
      }
      return toPayment((await this.repo.byId(caller.businessId, id))!);
    }
    const row = await this.repo.transaction(async (tx) => {
      const invoice = found.documentId
        ? await this.deps.documents.invoiceOf(found.businessId, found.documentId, tx, true)
        : null;
      const payment = (await this.repo.byId(caller.businessId, id, tx, true))!;
      if (payment.status === 'dismissed') throw new AppError('CONFLICT', M.dismissedAlready);
      if (payment.status !== 'held') throw new AppError('CONFLICT', M.notHeld);
      if (!invoice) throw new AppError('CONFLICT', 'The invoice no longer exists');
      const amount = payment.receivedAmount ?? payment.amount;
      const currency = payment.receivedCurrency ?? payment.currency;
      if (currency !== invoice.currency) {
        throw new AppError('CONFLICT', M.heldCurrencyMismatch(invoice.currency, currency));
      }
      const updated = await this.repo.update(payment.id, { status: 'succeeded', amount, reason: null }, tx);
      const received = await this.repo.receivedFor(invoice.businessId, invoice.documentId, tx);
      await this.deps.documents.settleInvoice(invoice.businessId, invoice.documentId, received >= invoice.total, tx);
      return updated;
    });
    return toPayment(row);
  }

  /**
   * Refunds a card payment through Stripe (all that is left without an amount); charge.refunded records it. Each
   * request has its own idempotency key (the SDK's retries of this one call reuse it): two refunds of the same amount
   * before the webhook are two refunds, and one larger than Stripe has left is Stripe's 409, not a silent replay.
   */
  async refund(caller: BusinessCaller, id: string, amount: number | undefined): Promise<Payment> {
    await this.deps.businesses.requireManager(caller.businessId, caller.userId);
    const payment = await this.repo.byId(caller.businessId, id);
    if (!payment) throw new AppError('NOT_FOUND', M.paymentNotFound);
    if (payment.method !== 'card' || !REFUNDABLE.has(payment.status) || !payment.stripePaymentIntentId) {
      throw new AppError('CONFLICT', M.notRefundable);
    }
    const left = payment.amount - payment.amountRefunded;
    if (amount !== undefined && amount > left) {
      throw new AppError('VALIDATION_ERROR', M.refundTooLarge, [{ field: 'amount', message: M.refundTooLarge }]);
    }
    if (!this.deps.gateway || !payment.stripeAccountId) throw new AppError('CONFLICT', M.notConfigured);
    await this.deps.gateway.createRefund(M.stripeUnavailable, {
      account: payment.stripeAccountId,
      paymentIntent: payment.stripePaymentIntentId,
      amount: amount ?? left,
      idempotencyKey: `atrium-refund-${payment.id}-${randomUUID()}`,
    });
    return toPayment((await this.repo.byId(caller.businessId, id))!);
  }
}

/** Prefetched Stripe answers of a webhook event (see `prefetch`). */
interface Prefetched {
  intentMetadata?: Record<string, string>;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isPaidInFull(invoice: { total: number }, received: number): boolean {
  return invoice.total > 0 && received >= invoice.total;
}
