import { lazySchemaResolver } from './lazy-schema';

/** A Standard Schema (what zod schemas are to the form) that wants a non-empty email. */
const schema = {
  '~standard': {
    version: 1 as const,
    vendor: 'test',
    validate: (value: unknown) =>
      (value as { email: string }).email ? { value } : { issues: [{ message: 'Email is required', path: ['email'] }] },
  },
};

describe('lazySchemaResolver', () => {
  it('fetches the schema once, on preload or on the first validation, and checks with it', async () => {
    const load = jest.fn(() => Promise.resolve(schema));
    const validate = lazySchemaResolver(load);
    expect(load).not.toHaveBeenCalled();
    validate.preload();
    validate.preload();
    expect(await validate({ email: '' })).toEqual({ email: 'Email is required' });
    expect(await validate({ email: 'a@b.co' })).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches again on the next validation after a fetch that failed', async () => {
    jest.useFakeTimers();
    try {
      const load = jest.fn().mockRejectedValue(new Error('chunk failed'));
      const validate = lazySchemaResolver(load);
      const first = validate({ email: '' });
      const settled = expect(first).rejects.toThrow('chunk failed');
      await jest.runAllTimersAsync();
      await settled;
      load.mockResolvedValue(schema);
      expect(await validate({ email: '' })).toEqual({ email: 'Email is required' });
    } finally {
      jest.useRealTimers();
    }
  });
});
