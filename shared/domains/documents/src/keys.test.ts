import { documentKeys, taxRateKeys } from './keys';

test('every key starts with its entity, so invalidating .all reaches every view of it', () => {
  for (const key of [
    documentKeys.list({ type: 'invoice' }),
    documentKeys.one('d1'),
    documentKeys.preview('d1'),
    documentKeys.pdf('d1'),
    documentKeys.ofProject('p1'),
    documentKeys.publicView('d1', 't'),
  ]) {
    expect(key.slice(0, 1)).toEqual(documentKeys.all);
  }
  expect(taxRateKeys.list.slice(0, 1)).toEqual(taxRateKeys.all);
});
