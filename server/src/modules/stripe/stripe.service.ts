import {
  PAYMENT_MESSAGES as M,
  STRIPE_CONNECT_RESULT_PARAM,
  STRIPE_CONNECT_RETURN_PATH,
  type StripeAccountStatus,
} from '@atrium/domain-documents/schemas';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { BusinessesService } from '../businesses/businesses.service';
import type { StripeAccount, StripeGateway } from './stripe.gateway';
import type { StripeAccountFlags, StripeAccountRow, StripeRepository } from './stripe.repository';

const flagsOf = (account: StripeAccount): StripeAccountFlags => ({
  chargesEnabled: account.charges_enabled === true,
  detailsSubmitted: account.details_submitted === true,
  payoutsEnabled: account.payouts_enabled === true,
});

/** What a business may charge with: its connected account, when card payment works for it. */
export interface ChargeAccount {
  stripeAccountId: string;
}

/**
 * A business's Stripe account through Stripe Connect: the platform (STRIPE_SECRET_KEY) creates an Express account
 * for the business and sends its owner through Stripe's onboarding; Checkout Sessions are then created on that
 * account (the Stripe-Account header), so the money is the business's own. Not configured → status says so, the
 * writes answer 409 with the slice's message.
 */
export class StripeService {
  constructor(
    private readonly repo: StripeRepository,
    private readonly deps: {
      config: Pick<Config, 'appUrl'>;
      gateway: StripeGateway | null;
      businesses: Pick<BusinessesService, 'requireRole' | 'requireManager'>;
    },
  ) {}

  get configured(): boolean {
    return this.deps.gateway !== null;
  }

  private toStatus(row: StripeAccountRow | null): StripeAccountStatus {
    return {
      configured: this.configured,
      connected: row !== null,
      accountId: row?.stripeAccountId ?? null,
      chargesEnabled: row?.chargesEnabled ?? false,
      detailsSubmitted: row?.detailsSubmitted ?? false,
      payoutsEnabled: row?.payoutsEnabled ?? false,
    };
  }

  private gateway() {
    if (!this.deps.gateway) throw new AppError('CONFLICT', M.platformNotConfigured);
    return this.deps.gateway;
  }

  async status(caller: BusinessCaller): Promise<StripeAccountStatus> {
    await this.deps.businesses.requireRole(caller.businessId, caller.userId);
    return this.toStatus(await this.repo.find(caller.businessId));
  }

  /** The onboarding address; the account is created on the first call (owner or admin). */
  async connect(caller: BusinessCaller & { email?: string | null }): Promise<{ url: string }> {
    await this.deps.businesses.requireManager(caller.businessId, caller.userId);
    const gateway = this.gateway();
    let row = await this.repo.find(caller.businessId);
    if (!row) {
      const account = await gateway.createAccount(M.stripeUnavailable, {
        email: caller.email,
        businessId: caller.businessId,
      });
      row = await this.repo.save(caller.businessId, account.id, flagsOf(account), caller.userId);
    }
    const back = (result: string) =>
      `${this.deps.config.appUrl}${STRIPE_CONNECT_RETURN_PATH}&${STRIPE_CONNECT_RESULT_PARAM}=${result}`;
    const url = await gateway.createAccountLink(M.stripeUnavailable, {
      account: row.stripeAccountId,
      returnUrl: back('return'),
      refreshUrl: back('refresh'),
    });
    return { url };
  }

  /** The flags read again from Stripe (the owner is back from onboarding). */
  async refresh(caller: BusinessCaller): Promise<StripeAccountStatus> {
    await this.deps.businesses.requireRole(caller.businessId, caller.userId);
    const row = await this.repo.find(caller.businessId);
    if (!row) return this.toStatus(null);
    const account = await this.gateway().retrieveAccount(M.stripeUnavailable, row.stripeAccountId);
    await this.repo.updateFlags(row.stripeAccountId, flagsOf(account));
    return this.toStatus(await this.repo.find(caller.businessId));
  }

  /** Forgets the connection; the Stripe account stays the business's (and connect would create another). */
  async disconnect(caller: BusinessCaller): Promise<StripeAccountStatus> {
    await this.deps.businesses.requireManager(caller.businessId, caller.userId);
    if (!(await this.repo.remove(caller.businessId))) throw new AppError('NOT_FOUND', M.notConnected);
    return this.toStatus(null);
  }

  /** account.updated: the connected account's flags (inside the webhook's transaction). Whether it is known. */
  applyAccountUpdated(account: StripeAccount, tx: Executor): Promise<boolean> {
    return this.repo.updateFlags(account.id, flagsOf(account), tx);
  }

  /** The account a business's invoices are paid into, or null when card payment does not work for it now. */
  async chargeAccount(businessId: string): Promise<ChargeAccount | null> {
    if (!this.configured) return null;
    const row = await this.repo.find(businessId);
    if (!row || !row.chargesEnabled) return null;
    return { stripeAccountId: row.stripeAccountId };
  }
}
