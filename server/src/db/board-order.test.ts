import { orderBetween, ORDER_STEP } from './board-order';

describe('orderBetween (board positions)', () => {
  test('an empty column starts at one step; the edges extend by a step', () => {
    expect(orderBetween(null, null)).toBe(ORDER_STEP);
    expect(orderBetween(null, 100)).toBe(100 - ORDER_STEP);
    expect(orderBetween(100, null)).toBe(100 + ORDER_STEP);
  });

  test('between two cards: their midpoint', () => {
    expect(orderBetween(1024, 2048)).toBe(1536);
  });

  test('keys too close to split ask for a renumbering (null)', () => {
    expect(orderBetween(1, 1)).toBeNull();
    expect(orderBetween(1, 1 + Number.EPSILON)).toBeNull();
    let a = 0;
    const b = 1;
    let splits = 0;
    for (let k = orderBetween(a, b); k !== null; k = orderBetween(a, b)) {
      a = k;
      splits += 1;
    }
    expect(splits).toBeGreaterThan(20);
  });
});
