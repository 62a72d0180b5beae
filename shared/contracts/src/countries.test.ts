import { COUNTRIES } from './countries';

describe('country list', () => {
  it('has the 35 countries of the spec with their phone codes and flags', () => {
    expect(COUNTRIES).toHaveLength(35);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(35);
    expect(COUNTRIES.find((c) => c.code === 'IE')).toEqual({
      code: 'IE',
      name: 'Ireland',
      flag: '🇮🇪',
      phoneCode: '+353',
    });
    expect(COUNTRIES.filter((c) => c.phoneCode === '+1').map((c) => c.code)).toEqual(['US', 'CA']);
    expect(COUNTRIES.at(-1)?.code).toBe('PH');
  });
});
