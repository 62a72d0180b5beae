import { and, count, eq } from 'drizzle-orm';
import { API_ROOT, IMAGE_MAX_BYTES } from '@atrium/contracts';
import {
  MARKET_MESSAGES as M,
  listingListAnswerSchema,
  listingSchema,
  moderationListAnswerSchema,
  reviewListAnswerSchema,
  reviewSchema,
  transactionListAnswerSchema,
  transactionSchema,
  type Listing,
} from '@atrium/domain-market/schemas';
import {
  businessMembers,
  marketListingImages,
  marketListings,
  marketReviewReports,
  marketReviews,
  marketTransactions,
  stripeEvents,
} from '../../db/schema';
import { appWithStripeFake, dataOf as ok, errorOf, signedInAgent, type TestApp } from '../../../test/helpers';
import { multipart, TINY_PNG } from '../../../test/security-helpers';
import { type FakeStripe } from '../../../test/fakes/stripe';

const SECRET = 'whsec_test_marketplace_secret';
type Signed = Awaited<ReturnType<typeof signedInAgent>>;
type Agent = Signed['agent'];
type Json = Record<string, unknown>;

const LISTING = { title: 'Logo design', price: 4900, category: 'design', delivery: 'service' };

describe('marketplace', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let seller: Signed;
  let buyer: Signed;
  let stranger: Signed;
  let community: string;
  let privateCommunity: string;
  let accountId: string;

  beforeAll(async () => {
    ({ fake, t } = await appWithStripeFake({ webhookSecret: SECRET }));
    seller = await signedInAgent(t.app, { firstName: 'Sam' });
    buyer = await signedInAgent(t.app, { firstName: 'Bea' });
    stranger = await signedInAgent(t.app, { firstName: 'Eve' });
    community = (ok(await seller.agent.post('/communities', { name: `Makers ${Date.now()}` }), 201) as Json)
      ._id as string;
    ok(await buyer.agent.post(`/communities/${community}/join`, {}));
    privateCommunity = (
      ok(await seller.agent.post('/communities', { name: `Inner ${Date.now()}`, visibility: 'private' }), 201) as Json
    )._id as string;
    ok(await seller.agent.post('/stripe/connect', {}));
    accountId = (ok(await seller.agent.get('/stripe/account-status')) as { accountId: string }).accountId;
    await fake.completeOnboarding(accountId);
    ok(await seller.agent.post('/stripe/refresh', {}));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const db = () => t.database.db;
  const webhook = (event: Json) => {
    const body = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: `${API_ROOT}/stripe/webhook`,
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(body) },
      payload: body,
    });
  };
  const create = async (body: Json = {}, agent: Agent = seller.agent) =>
    listingSchema.parse(
      ok(await agent.post('/marketplace/listings', { ...LISTING, communityId: community, ...body }), 201),
    ) as Listing;
  const listingCount = async () => (await db().select({ n: count() }).from(marketListings))[0]!.n;
  const imageCount = async (listingId: string) =>
    (
      await db().select({ n: count() }).from(marketListingImages).where(eq(marketListingImages.listingId, listingId))
    )[0]!.n;
  const search = async (query: string, agent: Agent = buyer.agent) =>
    listingListAnswerSchema.parse((await agent.get(`/marketplace/listings?${query}`)).json());
  const upload = (agent: Agent, listingId: string, name: string, content: Buffer | string, type: string) => {
    const { payload, headers } = multipart(name, content, type, 'image');
    return agent.post(`/marketplace/listings/${listingId}/images`, payload, { headers });
  };
  /** Buys a listing through the fake Checkout: the session paid and its event delivered. */
  const buy = async (listingId: string, agent: Agent = buyer.agent) => {
    const c = ok(await agent.post(`/marketplace/listings/${listingId}/checkout`, {})) as {
      url: string;
      transactionId: string;
      sessionId: string;
    };
    const completed = await fake.pay(c.sessionId, { deliver: false });
    expect((await webhook(completed)).statusCode).toBe(200);
    return { ...c, completed };
  };
  const transaction = async (id: string, agent: Agent = buyer.agent) =>
    transactionSchema.parse(ok(await agent.get(`/marketplace/transactions/${id}`)));

  describe('listings', () => {
    it.each([
      [0, M.priceTooLow],
      [-500, M.priceTooLow],
      [99, M.priceTooLow],
      [100_000_000, M.priceTooHigh],
      [12.5, M.priceWhole],
      ['lots', 'Price is required'],
    ])('refuses the price %p with a clear message and stores nothing', async (price, message) => {
      const before = await listingCount();
      const res = await seller.agent.post('/marketplace/listings', { ...LISTING, communityId: community, price });
      expect(errorOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(errorOf(res).details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'price' })]));
      expect(JSON.stringify(errorOf(res).details)).toContain(message.split(' ')[0]!);
      expect(await listingCount()).toBe(before);
    });

    it('refuses a currency that is not offered, an unknown category and a missing title', async () => {
      for (const bad of [{ currency: 'JPY' }, { category: 'weapons' }, { title: '' }, { delivery: 'ship' }]) {
        const res = await seller.agent.post('/marketplace/listings', { ...LISTING, communityId: community, ...bad });
        expect(res.statusCode).toBe(400);
      }
    });

    it('keeps text plain: markup and scripts dropped; a title that is only markup is refused', async () => {
      const l = await create({
        title: '<b>Brand</b> kit<script>alert(1)</script>',
        description: '<img src=x onerror=alert(1)>Two <i>rounds</i> of changes',
      });
      expect(l.title).toBe('Brand kit');
      expect(l.description).toBe('Two rounds of changes');
      const res = await seller.agent.post('/marketplace/listings', {
        ...LISTING,
        communityId: community,
        title: '<script>alert(1)</script>',
      });
      expect(errorOf(res)).toMatchObject({ status: 400, error: M.emptyText });
    });

    it('listing needs membership: 403 in a public community, 404 in a private one', async () => {
      const before = await listingCount();
      const pub = await stranger.agent.post('/marketplace/listings', { ...LISTING, communityId: community });
      expect(errorOf(pub)).toMatchObject({ status: 403, error: M.membersOnly });
      const priv = await stranger.agent.post('/marketplace/listings', { ...LISTING, communityId: privateCommunity });
      expect(errorOf(priv)).toMatchObject({ status: 404 });
      expect(await listingCount()).toBe(before);
    });

    it('only the seller edits or deletes; the buyer gets 403 and nothing changes', async () => {
      const l = await create();
      expect(errorOf(await buyer.agent.put(`/marketplace/listings/${l._id}`, { price: 100 }))).toMatchObject({
        status: 403,
        error: M.sellerOnly,
      });
      expect(errorOf(await buyer.agent.delete(`/marketplace/listings/${l._id}`))).toMatchObject({ status: 403 });
      const edited = listingSchema.parse(
        ok(await seller.agent.put(`/marketplace/listings/${l._id}`, { price: 5500, title: 'Logo + icon' })),
      );
      expect(edited).toMatchObject({ price: 5500, title: 'Logo + icon', mine: true });
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${l._id}`))).price).toBe(5500);
      expect(errorOf(await seller.agent.put(`/marketplace/listings/${l._id}`, { price: 0 })).status).toBe(400);
      ok(await seller.agent.delete(`/marketplace/listings/${l._id}`));
      expect((await buyer.agent.get(`/marketplace/listings/${l._id}`)).statusCode).toBe(404);
      const [row] = await db().select().from(marketListings).where(eq(marketListings.id, l._id));
      expect(row!.status).toBe('archived');
    });

    it('a private community’s listings reach its members only (404, absent from search, for others)', async () => {
      const l = await create({ communityId: privateCommunity, title: 'Secret consulting zebra' });
      for (const path of [
        `/marketplace/listings/${l._id}`,
        `/marketplace/listings/${l._id}/images`,
        `/marketplace/listings/${l._id}/reviews`,
      ]) {
        expect((await stranger.agent.get(path)).statusCode).toBe(404);
      }
      expect((await stranger.agent.post(`/marketplace/listings/${l._id}/checkout`, {})).statusCode).toBe(404);
      expect((await search('q=zebra', stranger.agent)).data).toHaveLength(0);
      expect((await search('q=zebra', seller.agent)).data.map((x) => x._id)).toEqual([l._id]);
    });

    it('searches by text, category, delivery, currency and price range, sorted', async () => {
      const tag = `q${Date.now()}`;
      const a = await create({ title: `${tag} copywriting`, category: 'writing', price: 2000 });
      const b = await create({ title: `${tag} laptop stand`, category: 'equipment', delivery: 'product', price: 9000 });
      const c = await create({ title: `${tag} audit`, category: 'finance', price: 50000, currency: 'EUR' });
      await create({ title: `${tag} paused`, status: 'paused' });
      const ids = async (q: string) => (await search(`q=${tag}&${q}`)).data.map((x) => x._id);
      expect(await ids('')).toEqual([c._id, b._id, a._id]);
      expect(await ids('category=writing')).toEqual([a._id]);
      expect(await ids('delivery=product')).toEqual([b._id]);
      expect(await ids('currency=EUR')).toEqual([c._id]);
      expect(await ids('minPrice=5000&maxPrice=10000')).toEqual([b._id]);
      expect(await ids('sort=price_asc')).toEqual([a._id, b._id, c._id]);
      expect(await ids('sort=price_desc')).toEqual([c._id, b._id, a._id]);
      expect((await search(`q=${tag.toUpperCase()}%20LAPTOP`)).data.map((x) => x._id)).toEqual([b._id]);
      expect((await buyer.agent.get('/marketplace/listings?minPrice=500&maxPrice=100')).statusCode).toBe(400);
      const mine = listingListAnswerSchema.parse((await seller.agent.get('/marketplace/listings/mine')).json());
      expect(mine.data.some((x) => x.status === 'paused')).toBe(true);
    });
  });

  describe('images', () => {
    it('takes png/jpeg/webp/gif by their bytes up to 2 MB; refuses the rest and stores nothing', async () => {
      const l = await create();
      expect((await upload(seller.agent, l._id, 'x.svg', '<svg/>', 'image/svg+xml')).statusCode).toBe(415);
      expect((await upload(seller.agent, l._id, 'x.png', '<html></html>', 'image/png')).statusCode).toBe(415);
      expect((await upload(seller.agent, l._id, 'x.png', TINY_PNG, 'text/html')).statusCode).toBe(415);
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
      expect((await upload(seller.agent, l._id, 'big.png', big, 'image/png')).statusCode).toBe(413);
      expect((await upload(buyer.agent, l._id, 'x.png', TINY_PNG, 'image/png')).statusCode).toBe(403);
      expect(await imageCount(l._id)).toBe(0);
      const image = ok(await upload(seller.agent, l._id, 'x.png', TINY_PNG, 'image/png'), 201) as { _id: string };
      const bytes = await buyer.agent.get(`/marketplace/listings/${l._id}/images/${image._id}`);
      expect(bytes.statusCode).toBe(200);
      expect(bytes.headers['content-type']).toBe('image/png');
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${l._id}`))).images).toHaveLength(1);
      expect((await buyer.agent.delete(`/marketplace/listings/${l._id}/images/${image._id}`)).statusCode).toBe(403);
      ok(await seller.agent.delete(`/marketplace/listings/${l._id}/images/${image._id}`));
      expect(await imageCount(l._id)).toBe(0);
    });

    it('at most 8 per listing (409 for the ninth)', async () => {
      const l = await create();
      for (let i = 0; i < 8; i++) ok(await upload(seller.agent, l._id, 'x.png', TINY_PNG, 'image/png'), 201);
      expect(errorOf(await upload(seller.agent, l._id, 'x.png', TINY_PNG, 'image/png'))).toMatchObject({
        status: 409,
        error: M.tooManyImages,
      });
      expect(await imageCount(l._id)).toBe(8);
    });
  });

  describe('purchases', () => {
    it('a buyer cannot buy their own listing', async () => {
      const l = await create();
      expect(errorOf(await seller.agent.post(`/marketplace/listings/${l._id}/checkout`, {}))).toMatchObject({
        status: 403,
        error: M.ownListing,
      });
      expect(listingSchema.parse(ok(await seller.agent.get(`/marketplace/listings/${l._id}`))).checkout).toEqual({
        available: false,
        message: M.ownListing,
      });
    });

    it('503 "not set up" when the seller’s business has no Stripe account, and when Stripe is not configured', async () => {
      const other = await signedInAgent(t.app, { firstName: 'Nia' });
      ok(await other.agent.post(`/communities/${community}/join`, {}));
      const l = await create({}, other.agent);
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${l._id}`))).checkout).toEqual({
        available: false,
        message: M.sellerNotSetUp,
      });
      expect(errorOf(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {}))).toMatchObject({
        status: 503,
        error: M.sellerNotSetUp,
      });
      const bare = await t.sibling({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
      const bareBuyer = await signedInAgent(bare, { firstName: 'Kai' });
      const mine = await create();
      const res = await bareBuyer.agent.post(`/marketplace/listings/${mine._id}/checkout`, {});
      expect(errorOf(res)).toMatchObject({ status: 503, error: M.paymentsNotSetUp });
      const seen = listingSchema.parse(ok(await bareBuyer.agent.get(`/marketplace/listings/${mine._id}`)));
      expect(seen.checkout).toEqual({ available: false, message: M.paymentsNotSetUp });
      expect(
        (
          await db().select({ n: count() }).from(marketTransactions).where(eq(marketTransactions.listingId, mine._id))
        )[0]!.n,
      ).toBe(0);
    });

    it('Checkout on the seller’s account; the verified webhook marks it paid once, however often delivered', async () => {
      const l = await create({ price: 12_345 });
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${l._id}`))).checkout.available).toBe(
        true,
      );
      const c = ok(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {})) as {
        url: string;
        transactionId: string;
        sessionId: string;
      };
      const session = fake.sessions.get(c.sessionId)!;
      expect(session).toMatchObject({ account: accountId, amount_total: 12_345, currency: 'usd' });
      expect(session.success_url).toContain(`/dashboard/transaction/${c.transactionId}`);
      expect((await transaction(c.transactionId)).status).toBe('pending');
      expect((await transaction(c.transactionId)).receipt).toBeNull();
      const completed = await fake.pay(c.sessionId, { deliver: false });
      // A forged delivery changes nothing.
      const forged = await t.app.inject({
        method: 'POST',
        url: `${API_ROOT}/stripe/webhook`,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: JSON.stringify(completed),
      });
      expect(forged.statusCode).toBe(400);
      expect((await transaction(c.transactionId)).status).toBe('pending');
      for (let i = 0; i < 3; i++) expect((await webhook(completed)).statusCode).toBe(200);
      const paid = await transaction(c.transactionId);
      expect(paid).toMatchObject({ status: 'paid', role: 'buyer', amount: 12_345, canReview: true });
      expect(paid.receipt).toMatchObject({ amount: 12_345, currency: 'USD', description: 'Logo design' });
      expect(
        (
          await db()
            .select()
            .from(stripeEvents)
            .where(eq(stripeEvents.id, String(completed.id)))
        ).length,
      ).toBe(1);
      const purchases = transactionListAnswerSchema.parse((await buyer.agent.get('/marketplace/purchases')).json());
      expect(purchases.data.filter((x) => x._id === c.transactionId)).toHaveLength(1);
      const sales = transactionListAnswerSchema.parse((await seller.agent.get('/marketplace/sales')).json());
      expect(sales.data.find((x) => x._id === c.transactionId)).toMatchObject({ role: 'seller', status: 'paid' });
      expect((await stranger.agent.get(`/marketplace/transactions/${c.transactionId}`)).statusCode).toBe(404);
      expect(
        transactionListAnswerSchema.parse((await stranger.agent.get('/marketplace/purchases')).json()).data,
      ).toHaveLength(0);
    });

    it('refund and dispute events update the status, each once', async () => {
      const l = await create();
      const { transactionId, sessionId } = await buy(l._id);
      const pi = fake.sessions.get(sessionId)!.payment_intent!;
      const charge = [...fake.charges.values()].find((x) => x.payment_intent === pi)!;
      const partial = fake.event('charge.refunded', { ...charge, amount_refunded: 900 }, accountId);
      expect((await webhook(partial)).statusCode).toBe(200);
      expect((await webhook(partial)).statusCode).toBe(200);
      expect(await transaction(transactionId)).toMatchObject({ status: 'paid', amountRefunded: 900 });
      const dispute = {
        id: 'dp_1',
        object: 'dispute',
        charge: charge.id,
        payment_intent: pi,
        status: 'needs_response',
      };
      expect((await webhook(fake.event('charge.dispute.created', dispute, accountId))).statusCode).toBe(200);
      expect((await transaction(transactionId)).status).toBe('disputed');
      const won = fake.event('charge.dispute.closed', { ...dispute, status: 'won' }, accountId);
      expect((await webhook(won)).statusCode).toBe(200);
      expect((await transaction(transactionId)).status).toBe('paid');
      const full = fake.event('charge.refunded', { ...charge, amount_refunded: LISTING.price }, accountId);
      expect((await webhook(full)).statusCode).toBe(200);
      expect(await transaction(transactionId, seller.agent)).toMatchObject({
        status: 'refunded',
        amountRefunded: LISTING.price,
      });
    });

    it('a refund delivered before the payment → 409 and nothing kept; an expired session ends the purchase', async () => {
      const l = await create();
      const c = ok(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {})) as {
        transactionId: string;
        sessionId: string;
      };
      const completed = await fake.pay(c.sessionId, { deliver: false });
      const pi = fake.sessions.get(c.sessionId)!.payment_intent!;
      const charge = [...fake.charges.values()].find((x) => x.payment_intent === pi)!;
      const early = fake.event('charge.refunded', { ...charge, amount_refunded: LISTING.price }, accountId);
      expect((await webhook(early)).statusCode).toBe(409);
      expect(
        (
          await db()
            .select()
            .from(stripeEvents)
            .where(eq(stripeEvents.id, String(early.id)))
        ).length,
      ).toBe(0);
      expect((await webhook(completed)).statusCode).toBe(200);
      expect((await webhook(early)).statusCode).toBe(200);
      expect((await transaction(c.transactionId)).status).toBe('refunded');

      const c2 = ok(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {})) as {
        transactionId: string;
        sessionId: string;
      };
      const session = fake.sessions.get(c2.sessionId)!;
      const expired = fake.event('checkout.session.expired', { ...session, status: 'expired' }, accountId);
      expect((await webhook(expired)).statusCode).toBe(200);
      expect((await transaction(c2.transactionId)).status).toBe('expired');
    });

    it('a session event that arrives before its session id is written still marks the purchase paid (metadata)', async () => {
      const l = await create();
      const c = ok(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {})) as {
        transactionId: string;
        sessionId: string;
      };
      await db()
        .update(marketTransactions)
        .set({ stripeCheckoutSessionId: null })
        .where(eq(marketTransactions.id, c.transactionId));
      const completed = await fake.pay(c.sessionId, { deliver: false });
      // Another connected account's event naming this purchase changes nothing.
      const foreign = { ...completed, id: `${String(completed.id)}_foreign`, account: 'acct_someone_else' };
      expect((await webhook(foreign)).statusCode).toBe(200);
      expect((await transaction(c.transactionId)).status).toBe('pending');
      expect((await webhook(completed)).statusCode).toBe(200);
      expect(await transaction(c.transactionId)).toMatchObject({ status: 'paid', amount: LISTING.price });
      const [row] = await db().select().from(marketTransactions).where(eq(marketTransactions.id, c.transactionId));
      expect(row!.stripeCheckoutSessionId).toBe(c.sessionId);
    });

    const txCount = async (listingId: string) =>
      (
        await db().select({ n: count() }).from(marketTransactions).where(eq(marketTransactions.listingId, listingId))
      )[0]!.n;

    it('a seller removed from the listing’s private community still manages it, but nobody can buy it (409)', async () => {
      const club = (
        ok(
          await stranger.agent.post('/communities', { name: `Club ${Date.now()}`, visibility: 'private' }),
          201,
        ) as Json
      )._id as string;
      for (const member of [seller, buyer]) {
        await member.agent.post(`/communities/${club}/join`, {});
        ok(await stranger.agent.put(`/communities/${club}/members/${member.body.user.id}`, { status: 'active' }));
      }
      const l = await create({ communityId: club, title: 'Club service' });
      const image = ok(await upload(seller.agent, l._id, 'a.png', TINY_PNG, 'image/png'), 201) as { _id: string };
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${l._id}`))).checkout.available).toBe(
        true,
      );
      ok(await stranger.agent.delete(`/communities/${club}/members/${seller.body.user.id}`));
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${l._id}`))).checkout).toEqual({
        available: false,
        message: M.sellerLeftCommunity,
      });
      expect(errorOf(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {}))).toMatchObject({
        status: 409,
        error: M.sellerLeftCommunity,
      });
      expect(await txCount(l._id)).toBe(0);
      // The seller can still see, pause, edit, remove images from and delete it.
      expect(listingSchema.parse(ok(await seller.agent.get(`/marketplace/listings/${l._id}`))).mine).toBe(true);
      expect(
        listingSchema.parse(ok(await seller.agent.put(`/marketplace/listings/${l._id}`, { status: 'paused' }))).status,
      ).toBe('paused');
      ok(await seller.agent.delete(`/marketplace/listings/${l._id}/images/${image._id}`));
      ok(await seller.agent.delete(`/marketplace/listings/${l._id}`));
      const [row] = await db().select().from(marketListings).where(eq(marketListings.id, l._id));
      expect(row!.status).toBe('archived');
    });

    it('a seller who no longer belongs to the selling business: not for sale (409), the business is not charged', async () => {
      const l = await create({ title: 'Ex-employee service' });
      const [listing] = await db().select().from(marketListings).where(eq(marketListings.id, l._id));
      const where = and(
        eq(businessMembers.businessId, listing!.businessId!),
        eq(businessMembers.userId, seller.body.user.id),
      );
      const [membership] = await db().select().from(businessMembers).where(where);
      await db().delete(businessMembers).where(where);
      try {
        expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${l._id}`))).checkout).toEqual({
          available: false,
          message: M.sellerLeftBusiness,
        });
        expect(errorOf(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {}))).toMatchObject({
          status: 409,
          error: M.sellerLeftBusiness,
        });
        expect(await txCount(l._id)).toBe(0);
      } finally {
        await db().insert(businessMembers).values(membership!);
      }
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${l._id}`))).checkout.available).toBe(
        true,
      );
    });

    it('a session paid for another amount is never counted as a sale', async () => {
      const l = await create();
      const c = ok(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {})) as {
        transactionId: string;
        sessionId: string;
      };
      expect((await webhook(await fake.pay(c.sessionId, { deliver: false, amountTotal: 100 }))).statusCode).toBe(200);
      expect(await transaction(c.transactionId)).toMatchObject({ status: 'pending', paidAt: null });
      // Held (its payment intent recorded): its refund and dispute are recorded, not refused forever.
      const pi = fake.sessions.get(c.sessionId)!.payment_intent!;
      const charge = [...fake.charges.values()].find((x) => x.payment_intent === pi)!;
      const dispute = {
        id: 'dp_held',
        object: 'dispute',
        charge: charge.id,
        payment_intent: pi,
        status: 'needs_response',
      };
      expect((await webhook(fake.event('charge.dispute.created', dispute, accountId))).statusCode).toBe(200);
      expect((await transaction(c.transactionId)).status).toBe('disputed');
      const won = fake.event('charge.dispute.closed', { ...dispute, status: 'won' }, accountId);
      expect((await webhook(won)).statusCode).toBe(200);
      expect(await transaction(c.transactionId)).toMatchObject({ status: 'pending', paidAt: null });
      const refund = fake.event('charge.refunded', { ...charge, amount_refunded: 100 }, accountId);
      expect((await webhook(refund)).statusCode).toBe(200);
      expect(await transaction(c.transactionId)).toMatchObject({
        status: 'pending',
        amountRefunded: 100,
        paidAt: null,
      });
      // A marketplace charge's dispute before its payment intent is recorded: 409, so Stripe delivers it again.
      const early = fake.event(
        'charge.dispute.created',
        { ...dispute, id: 'dp_early', payment_intent: 'pi_not_recorded', charge: { ...charge, id: 'ch_early' } },
        accountId,
      );
      expect((await webhook(early)).statusCode).toBe(409);
    });
  });

  describe('reviews', () => {
    let listingId: string;
    let transactionId: string;
    beforeAll(async () => {
      listingId = (await create({ title: 'Reviewed service' }))._id;
      transactionId = (await buy(listingId)).transactionId;
    });
    const reviewCount = async () =>
      (await db().select({ n: count() }).from(marketReviews).where(eq(marketReviews.transactionId, transactionId)))[0]!
        .n;

    it('no review without a completed purchase; not someone else’s; not outside 1–5', async () => {
      const l = await create();
      const pending = ok(await buyer.agent.post(`/marketplace/listings/${l._id}/checkout`, {})) as {
        transactionId: string;
      };
      expect(
        errorOf(await buyer.agent.post(`/marketplace/transactions/${pending.transactionId}/review`, { rating: 5 })),
      ).toMatchObject({ status: 409, error: M.reviewNeedsPurchase });
      expect(
        (await stranger.agent.post(`/marketplace/transactions/${transactionId}/review`, { rating: 5 })).statusCode,
      ).toBe(404);
      expect(
        (await seller.agent.post(`/marketplace/transactions/${transactionId}/review`, { rating: 5 })).statusCode,
      ).toBe(404);
      for (const rating of [0, 6, 3.5]) {
        expect(
          (await buyer.agent.post(`/marketplace/transactions/${transactionId}/review`, { rating })).statusCode,
        ).toBe(400);
      }
      expect(await reviewCount()).toBe(0);
    });

    it('one review per purchase, sanitised; the listing’s rating follows; the seller answers', async () => {
      const review = reviewSchema.parse(
        ok(
          await buyer.agent.post(`/marketplace/transactions/${transactionId}/review`, {
            rating: 4,
            text: 'Quick <script>alert(1)</script>and <b>clear</b>',
          }),
          201,
        ),
      );
      expect(review).toMatchObject({
        rating: 4,
        text: 'Quick and clear',
        status: 'visible',
        authorName: 'Bea Lovelace',
      });
      expect(
        errorOf(await buyer.agent.post(`/marketplace/transactions/${transactionId}/review`, { rating: 1 })),
      ).toMatchObject({ status: 409, error: M.reviewExists });
      expect(await reviewCount()).toBe(1);
      expect((await transaction(transactionId)).canReview).toBe(false);
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${listingId}`))).rating).toEqual({
        average: 4,
        count: 1,
      });
      const list = reviewListAnswerSchema.parse(
        (await stranger.agent.get(`/marketplace/listings/${listingId}/reviews`)).json(),
      );
      expect(list.data.map((r) => r._id)).toEqual([review._id]);
      expect(list.rating).toEqual({ average: 4, count: 1 });
      expect((await buyer.agent.put(`/marketplace/reviews/${review._id}/answer`, { text: 'Me too' })).statusCode).toBe(
        403,
      );
      const answered = reviewSchema.parse(
        ok(await seller.agent.put(`/marketplace/reviews/${review._id}/answer`, { text: 'Thanks <b>Bea</b>!' })),
      );
      expect(answered.answer).toBe('Thanks Bea!');
      const byUser = reviewListAnswerSchema.parse(
        (await stranger.agent.get(`/marketplace/users/${seller.body.user.id}/reviews`)).json(),
      );
      expect(byUser.data.map((r) => r._id)).toContain(review._id);
    });

    it('a deleted community’s reviews are no longer public: their author and the seller only', async () => {
      const gone = (ok(await seller.agent.post('/communities', { name: `Gone ${Date.now()}` }), 201) as Json)
        ._id as string;
      ok(await buyer.agent.post(`/communities/${gone}/join`, {}));
      const l = await create({ communityId: gone, title: 'Soon orphaned' });
      const bought = await buy(l._id);
      const review = reviewSchema.parse(
        ok(await buyer.agent.post(`/marketplace/transactions/${bought.transactionId}/review`, { rating: 1 }), 201),
      );
      const listed = async (agent: Agent) =>
        reviewListAnswerSchema
          .parse((await agent.get(`/marketplace/users/${seller.body.user.id}/reviews?limit=100`)).json())
          .data.map((r) => r._id);
      expect(await listed(stranger.agent)).toContain(review._id);
      expect((await seller.agent.delete(`/communities/${gone}`)).statusCode).toBeLessThan(300);
      const [row] = await db().select().from(marketReviews).where(eq(marketReviews.id, review._id));
      expect(row!.communityId).toBeNull();
      expect(await listed(stranger.agent)).not.toContain(review._id);
      expect(
        errorOf(await stranger.agent.post(`/marketplace/reviews/${review._id}/report`, { reason: 'x' })),
      ).toMatchObject({ status: 404, error: M.reviewNotFound });
      expect(await listed(buyer.agent)).toContain(review._id);
      expect(await listed(seller.agent)).toContain(review._id);
      ok(await seller.agent.put(`/marketplace/reviews/${review._id}/answer`, { text: 'Sorry' }));
      expect((await seller.agent.post(`/marketplace/reviews/${review._id}/hide`, {})).statusCode).toBe(404);
    });

    it('reported once per person; the community’s moderators hide and restore it; others may not', async () => {
      const [row] = await db().select().from(marketReviews).where(eq(marketReviews.transactionId, transactionId));
      const id = row!.id;
      const reported = reviewSchema.parse(
        ok(await stranger.agent.post(`/marketplace/reviews/${id}/report`, { reason: 'Looks <i>fake</i>' })),
      );
      expect(reported).toMatchObject({ reportCount: 1, reportedByMe: true });
      expect(
        errorOf(await stranger.agent.post(`/marketplace/reviews/${id}/report`, { reason: 'Again' })),
      ).toMatchObject({
        status: 409,
        error: M.alreadyReported,
      });
      const queue = moderationListAnswerSchema.parse(
        (await seller.agent.get('/marketplace/reviews/moderation')).json(),
      );
      expect(queue.data.find((r) => r._id === id)?.reports).toEqual([
        expect.objectContaining({ reason: 'Looks fake', reporterName: 'Eve Lovelace' }),
      ]);
      expect(
        moderationListAnswerSchema.parse((await buyer.agent.get('/marketplace/reviews/moderation')).json()).data,
      ).toHaveLength(0);
      expect(errorOf(await buyer.agent.post(`/marketplace/reviews/${id}/hide`, {}))).toMatchObject({
        status: 403,
        error: M.moderatorsOnly,
      });
      // The seller owns the community but does not judge reviews of their own listing; a moderator does.
      expect(errorOf(await seller.agent.post(`/marketplace/reviews/${id}/hide`, {}))).toMatchObject({
        status: 403,
        error: M.notOwnReviews,
      });
      const mod = await signedInAgent(t.app, { firstName: 'Mo' });
      ok(await mod.agent.post(`/communities/${community}/join`, {}));
      ok(await seller.agent.put(`/communities/${community}/members/${mod.body.user.id}`, { role: 'moderator' }));
      expect(reviewSchema.parse(ok(await mod.agent.post(`/marketplace/reviews/${id}/hide`, {}))).status).toBe('hidden');
      expect(
        reviewListAnswerSchema.parse((await buyer.agent.get(`/marketplace/listings/${listingId}/reviews`)).json()).data,
      ).toHaveLength(0);
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${listingId}`))).rating).toEqual({
        average: null,
        count: 0,
      });
      const hidden = moderationListAnswerSchema.parse(
        (await seller.agent.get('/marketplace/reviews/moderation?status=hidden')).json(),
      );
      expect(hidden.data.map((r) => r._id)).toContain(id);
      expect((await stranger.agent.post(`/marketplace/reviews/${id}/report`, { reason: 'x' })).statusCode).toBe(404);
      expect(errorOf(await seller.agent.post(`/marketplace/reviews/${id}/restore`, {}))).toMatchObject({
        status: 403,
        error: M.notOwnReviews,
      });
      expect(reviewSchema.parse(ok(await mod.agent.post(`/marketplace/reviews/${id}/restore`, {}))).status).toBe(
        'visible',
      );
      // Nor does the review's author, made a moderator.
      ok(await seller.agent.put(`/communities/${community}/members/${buyer.body.user.id}`, { role: 'moderator' }));
      expect(errorOf(await buyer.agent.post(`/marketplace/reviews/${id}/hide`, {}))).toMatchObject({
        status: 403,
        error: M.notOwnReviews,
      });
      ok(await seller.agent.put(`/communities/${community}/members/${buyer.body.user.id}`, { role: 'member' }));
      expect(listingSchema.parse(ok(await buyer.agent.get(`/marketplace/listings/${listingId}`))).rating.count).toBe(1);
      const [after] = await db()
        .select()
        .from(marketListings)
        .where(and(eq(marketListings.id, listingId)));
      expect(after).toMatchObject({ ratingSum: 4, ratingCount: 1 });
    });

    it('a restore resolves the old reports: the queue shows only new ones, and their reporter may report again', async () => {
      const [row] = await db().select().from(marketReviews).where(eq(marketReviews.transactionId, transactionId));
      const id = row!.id;
      // Restored by the previous test: out of the reported queue, the old report kept as resolved.
      const queue = async (agent: Agent, status = 'reported') =>
        moderationListAnswerSchema.parse((await agent.get(`/marketplace/reviews/moderation?status=${status}`)).json())
          .data;
      expect((await queue(seller.agent)).map((r) => r._id)).not.toContain(id);
      const old = await db().select().from(marketReviewReports).where(eq(marketReviewReports.reviewId, id));
      expect(old).toEqual([expect.objectContaining({ reason: 'Looks fake', resolvedAt: expect.any(Date) })]);
      expect(old[0]!.resolvedBy).not.toBeNull();
      const review = reviewSchema.parse(
        ok(await stranger.agent.post(`/marketplace/reviews/${id}/report`, { reason: 'Still fake' })),
      );
      expect(review).toMatchObject({ reportCount: 1, reportedByMe: true });
      expect(
        errorOf(await stranger.agent.post(`/marketplace/reviews/${id}/report`, { reason: 'Again' })),
      ).toMatchObject({ status: 409, error: M.alreadyReported });
      const item = (await queue(seller.agent)).find((r) => r._id === id)!;
      expect(item.reports).toEqual([expect.objectContaining({ reason: 'Still fake', reporterName: 'Eve Lovelace' })]);
      expect(item.reportCount).toBe(1);
      // The seller owns the community but may not judge their own listing's review: the queue says so.
      expect(item.canModerate).toBe(false);
      const mod = await signedInAgent(t.app, { firstName: 'Max' });
      ok(await mod.agent.post(`/communities/${community}/join`, {}));
      ok(await seller.agent.put(`/communities/${community}/members/${mod.body.user.id}`, { role: 'moderator' }));
      expect((await queue(mod.agent)).find((r) => r._id === id)?.canModerate).toBe(true);
      const paged = moderationListAnswerSchema.parse(
        (await mod.agent.get('/marketplace/reviews/moderation?limit=1&page=1')).json(),
      );
      expect(paged.data).toHaveLength(1);
      expect(paged.pagination).toMatchObject({ page: 1, limit: 1 });
    });

    it('deleting a bought listing archives it: out of search and 404, its purchase and receipt kept', async () => {
      const l = await create({ title: `Archived ${Date.now()}` });
      const bought = await buy(l._id);
      ok(await seller.agent.delete(`/marketplace/listings/${l._id}`));
      expect((await search(`q=${encodeURIComponent(l.title)}`)).data).toHaveLength(0);
      expect((await buyer.agent.get(`/marketplace/listings/${l._id}`)).statusCode).toBe(404);
      expect((await seller.agent.get(`/marketplace/listings/${l._id}`)).statusCode).toBe(404);
      const kept = await transaction(bought.transactionId);
      expect(kept).toMatchObject({ status: 'paid', listingTitle: l.title });
      expect(kept.receipt?.description).toBe(l.title);
    });
  });

  describe('blocks', () => {
    it('a listing whose seller blocked the caller, or whom the caller blocked, is out of search and answers 404', async () => {
      const tag = `b${Date.now()}`;
      const other = await signedInAgent(t.app, { firstName: 'Otto' });
      ok(await other.agent.post(`/communities/${community}/join`, {}));
      const l = await create({ title: `${tag} bookkeeping` }, other.agent);
      const ids = async (agent: Agent, q = '') => (await search(`q=${tag}${q}`, agent)).data.map((x) => x._id);
      expect(await ids(buyer.agent)).toEqual([l._id]);
      expect(await ids(stranger.agent, `&communityId=${community}`)).toEqual([l._id]);

      ok(await buyer.agent.post(`/users/${other.body.user.id}/block`, {}));
      ok(await other.agent.post(`/users/${stranger.body.user.id}/block`, {}));
      for (const agent of [buyer.agent, stranger.agent]) {
        expect(await ids(agent)).toEqual([]);
        expect(await ids(agent, `&communityId=${community}`)).toEqual([]);
        expect(await ids(agent, `&sellerId=${other.body.user.id}`)).toEqual([]);
        for (const path of [
          `/marketplace/listings/${l._id}`,
          `/marketplace/listings/${l._id}/images`,
          `/marketplace/listings/${l._id}/reviews`,
        ]) {
          expect(errorOf(await agent.get(path))).toMatchObject({ status: 404, error: M.listingNotFound });
        }
        expect((await agent.post(`/marketplace/listings/${l._id}/checkout`, {})).statusCode).toBe(404);
      }
      // The seller still sees their own listing; someone uninvolved still finds it.
      expect(listingSchema.parse(ok(await other.agent.get(`/marketplace/listings/${l._id}`))).mine).toBe(true);
      expect(await ids(seller.agent)).toEqual([l._id]);

      ok(await buyer.agent.delete(`/users/${other.body.user.id}/block`));
      expect(await ids(buyer.agent)).toEqual([l._id]);
      ok(await other.agent.delete(`/users/${stranger.body.user.id}/block`));
      expect(await ids(stranger.agent)).toEqual([l._id]);
    });

    it('reviews by someone either side blocked are left out of the caller’s lists (and 404 to report)', async () => {
      const l = await create({ title: `Blocked review ${Date.now()}` });
      const author = await signedInAgent(t.app, { firstName: 'Ria' });
      const bought = await buy(l._id, author.agent);
      const review = reviewSchema.parse(
        ok(await author.agent.post(`/marketplace/transactions/${bought.transactionId}/review`, { rating: 2 }), 201),
      );
      const reviewIds = async (agent: Agent, path = `/marketplace/listings/${l._id}/reviews`) =>
        reviewListAnswerSchema.parse((await agent.get(path)).json()).data.map((r) => r._id);
      const sellerReviews = `/marketplace/users/${seller.body.user.id}/reviews?limit=100`;
      expect(await reviewIds(stranger.agent)).toEqual([review._id]);

      ok(await stranger.agent.post(`/users/${author.body.user.id}/block`, {}));
      ok(await author.agent.post(`/users/${buyer.body.user.id}/block`, {}));
      for (const agent of [stranger.agent, buyer.agent]) {
        const list = reviewListAnswerSchema.parse((await agent.get(`/marketplace/listings/${l._id}/reviews`)).json());
        expect(list.data).toEqual([]);
        expect(list.rating).toEqual({ average: null, count: 0 });
        expect(await reviewIds(agent, sellerReviews)).not.toContain(review._id);
        expect(errorOf(await agent.post(`/marketplace/reviews/${review._id}/report`, { reason: 'x' }))).toMatchObject({
          status: 404,
          error: M.reviewNotFound,
        });
      }
      // The seller and the author themselves still see it.
      expect(await reviewIds(seller.agent)).toEqual([review._id]);
      expect(await reviewIds(author.agent, sellerReviews)).toContain(review._id);
      ok(await stranger.agent.delete(`/users/${author.body.user.id}/block`));
      ok(await author.agent.delete(`/users/${buyer.body.user.id}/block`));
      expect(await reviewIds(buyer.agent)).toEqual([review._id]);
    });
  });
});
