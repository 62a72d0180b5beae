import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { billingEvents, businessSubscriptions, subscriptionInvoices } from '../../db/schema';

export type SubscriptionRow = typeof businessSubscriptions.$inferSelect;
export type SubscriptionState = Pick<
  SubscriptionRow,
  'stripeSubscriptionId' | 'status' | 'tier' | 'priceId' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'lastEventAt'
> &
  Partial<Pick<SubscriptionRow, 'paymentFailed'>>;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;
export type NewInvoiceRow = Omit<InvoiceRow, 'updatedAt'>;

/** The businesses' Stripe Billing state: business_subscriptions, subscription_invoices, billing_events. */
export class SubscriptionsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async find(businessId: string, db: Executor = this.db, lock = false): Promise<SubscriptionRow | null> {
    const q = db.select().from(businessSubscriptions).where(eq(businessSubscriptions.businessId, businessId));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async byCustomer(customerId: string, db: Executor, lock = false): Promise<SubscriptionRow | null> {
    const q = db.select().from(businessSubscriptions).where(eq(businessSubscriptions.stripeCustomerId, customerId));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  /** The business's customer (kept if one is there already: the first one stays). */
  async saveCustomer(businessId: string, customerId: string): Promise<SubscriptionRow> {
    await this.db
      .insert(businessSubscriptions)
      .values({ businessId, stripeCustomerId: customerId })
      .onConflictDoNothing({ target: businessSubscriptions.businessId });
    return (await this.find(businessId))!;
  }

  async update(businessId: string, patch: Partial<SubscriptionState>, db: Executor): Promise<void> {
    await db
      .update(businessSubscriptions)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(businessSubscriptions.businessId, businessId));
  }

  /** Whether the event is new: its row is taken (a second delivery waits on the key, then finds it). */
  async takeEvent(id: string, type: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .insert(billingEvents)
      .values({ id, type, outcome: 'processing' })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    return rows.length > 0;
  }

  async setEventOutcome(id: string, outcome: string, tx: Executor): Promise<void> {
    await tx.update(billingEvents).set({ outcome }).where(eq(billingEvents.id, id));
  }

  async findInvoice(id: string, tx: Executor): Promise<InvoiceRow | null> {
    const [row] = await tx.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, id));
    return row ?? null;
  }

  async upsertInvoice(row: NewInvoiceRow, tx: Executor): Promise<void> {
    const { id: _id, businessId: _b, createdAt: _c, ...patch } = row;
    await tx
      .insert(subscriptionInvoices)
      .values(row)
      .onConflictDoUpdate({ target: subscriptionInvoices.id, set: { ...patch, updatedAt: new Date() } });
  }

  invoices(businessId: string, limit = 100): Promise<InvoiceRow[]> {
    return this.db
      .select()
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.businessId, businessId))
      .orderBy(desc(subscriptionInvoices.createdAt), desc(subscriptionInvoices.id))
      .limit(limit);
  }
}
