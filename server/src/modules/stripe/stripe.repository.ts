import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { stripeAccounts } from '../../db/schema';

export type StripeAccountRow = typeof stripeAccounts.$inferSelect;
export interface StripeAccountFlags {
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

/** The businesses' connected Stripe accounts (stripe_accounts), nothing else. */
export class StripeRepository {
  constructor(private readonly db: Database) {}

  async find(businessId: string, db: Executor = this.db): Promise<StripeAccountRow | null> {
    const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.businessId, businessId));
    return row ?? null;
  }

  /** Stores the business's account (a reconnect with another account replaces it). */
  async save(businessId: string, stripeAccountId: string, flags: StripeAccountFlags, createdBy: string) {
    const [row] = await this.db
      .insert(stripeAccounts)
      .values({ businessId, stripeAccountId, ...flags, createdBy })
      .onConflictDoUpdate({
        target: stripeAccounts.businessId,
        set: { stripeAccountId, ...flags, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }

  /** Stripe's flags of an account, wherever it is connected (account.updated, a refresh). Whether it was found. */
  async updateFlags(stripeAccountId: string, flags: StripeAccountFlags, db: Executor = this.db): Promise<boolean> {
    const rows = await db
      .update(stripeAccounts)
      .set({ ...flags, updatedAt: new Date() })
      .where(eq(stripeAccounts.stripeAccountId, stripeAccountId))
      .returning({ id: stripeAccounts.businessId });
    return rows.length > 0;
  }

  async remove(businessId: string): Promise<boolean> {
    const rows = await this.db
      .delete(stripeAccounts)
      .where(eq(stripeAccounts.businessId, businessId))
      .returning({ id: stripeAccounts.businessId });
    return rows.length > 0;
  }
}
