import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PaymentListParamsData } from '@atrium/domain-documents/schemas';
import type { Database, Executor } from '../../db/client';
import { payments, stripeEvents } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentFields = Partial<Omit<typeof payments.$inferInsert, 'id' | 'businessId' | 'createdAt'>>;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Statuses whose amount − amount_refunded is money received (the slice's RECEIVED_PAYMENT_STATUSES). */
const RECEIVED = ['succeeded', 'partially_refunded', 'refunded'] as const;

/** payments and stripe_events, nothing else. */
export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async insert(values: NewPayment, db: Executor = this.db): Promise<PaymentRow> {
    const [row] = await db.insert(payments).values(values).returning();
    return row!;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(payments).where(eq(payments.id, id));
  }

  async update(id: string, fields: PaymentFields, db: Executor = this.db): Promise<PaymentRow> {
    const [row] = await db
      .update(payments)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(payments.id, id))
      .returning();
    return row!;
  }

  /** A dismissal whose refund Stripe refused: held for review again (only while no refund was recorded). */
  async holdAgain(id: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ status: 'held', updatedAt: new Date() })
      .where(and(eq(payments.id, id), eq(payments.status, 'dismissed'), isNull(payments.refundedAt)));
  }

  async byId(businessId: string, id: string, db: Executor = this.db, lock = false): Promise<PaymentRow | null> {
    const query = db
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.businessId, businessId)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async bySession(sessionId: string, db: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await db.select().from(payments).where(eq(payments.stripeCheckoutSessionId, sessionId));
    return row ?? null;
  }

  async byPaymentIntent(stripeAccountId: string, paymentIntentId: string, db: Executor = this.db) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.stripePaymentIntentId, paymentIntentId), eq(payments.stripeAccountId, stripeAccountId)));
    return row ?? null;
  }

  /** Open card payments of an invoice (sessions a newer one replaces). */
  async pendingOf(businessId: string, documentId: string): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.businessId, businessId), eq(payments.documentId, documentId), eq(payments.status, 'pending')),
      );
  }

  /** Money received for an invoice: Σ amount − amount_refunded of received rows. */
  async receivedFor(businessId: string, documentId: string, db: Executor = this.db): Promise<number> {
    const [row] = await db
      .select({ received: sql<string>`coalesce(sum(${payments.amount} - ${payments.amountRefunded}), 0)` })
      .from(payments)
      .where(
        and(
          eq(payments.businessId, businessId),
          eq(payments.documentId, documentId),
          inArray(payments.status, [...RECEIVED]),
        ),
      );
    return Number(row?.received ?? 0);
  }

  async ofDocument(businessId: string, documentId: string): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.documentId, documentId)))
      .orderBy(desc(payments.createdAt), desc(payments.id));
  }

  async list(businessId: string, params: PaymentListParamsData): Promise<{ rows: PaymentRow[]; total: number }> {
    const where = and(
      eq(payments.businessId, businessId),
      params.status ? eq(payments.status, params.status) : undefined,
      params.documentId ? eq(payments.documentId, params.documentId) : undefined,
    );
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(payments)
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(params.limit)
        .offset((params.page - 1) * params.limit),
      this.db.select({ n: count() }).from(payments).where(where),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  }

  /**
   * Takes a webhook event id: true the first time. A concurrent delivery of the same id waits on the unique key until
   * the first transaction ends, then finds it there (false) — or takes it when the first rolled back.
   */
  async takeEvent(id: string, type: string, stripeAccountId: string | null, db: Executor): Promise<boolean> {
    const rows = await db
      .insert(stripeEvents)
      .values({ id, type, stripeAccountId, outcome: 'processing' })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    return rows.length > 0;
  }

  async setEventOutcome(id: string, outcome: string, db: Executor): Promise<void> {
    await db.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, id));
  }
}
