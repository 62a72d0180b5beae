import {
  LISTING_PRICE_MAX,
  listingInputSchema,
  listingSearchSchema,
  minorToPrice,
  priceToMinor,
  reviewInputSchema,
} from './marketplace';

const base = { communityId: 'c1', title: 'Logo design', price: 4900, category: 'design', delivery: 'service' };

describe('marketplace schemas', () => {
  it('accepts a listing and defaults its currency and status', () => {
    const parsed = listingInputSchema.parse(base);
    expect(parsed.currency).toBe('USD');
    expect(parsed.status).toBe('active');
  });
  it.each([0, -100, 99, 12.5, LISTING_PRICE_MAX + 1])('refuses the price %p', (price) => {
    expect(listingInputSchema.safeParse({ ...base, price }).success).toBe(false);
  });
  it('refuses a currency that is not offered', () => {
    expect(listingInputSchema.safeParse({ ...base, currency: 'JPY' }).success).toBe(false);
  });
  it('refuses a price range upside down', () => {
    expect(listingSearchSchema.safeParse({ minPrice: '500', maxPrice: '100' }).success).toBe(false);
    expect(listingSearchSchema.parse({ minPrice: '100', maxPrice: '500' }).sort).toBe('newest');
  });
  it('ratings are whole numbers from 1 to 5', () => {
    expect(reviewInputSchema.safeParse({ rating: 0 }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ rating: 6 }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ rating: 4.5 }).success).toBe(false);
    expect(reviewInputSchema.parse({ rating: 5 }).text).toBe('');
  });
  it('converts a form price to minor units and back', () => {
    expect(priceToMinor('49')).toBe(4900);
    expect(priceToMinor('49.9')).toBe(4990);
    expect(priceToMinor('49,05')).toBe(4905);
    expect(priceToMinor('4.999')).toBeNaN();
    expect(priceToMinor('-1')).toBeNaN();
    expect(minorToPrice(4905)).toBe('49.05');
  });
});
