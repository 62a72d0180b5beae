import { openPostgres } from './client';

/** The pool survives the server closing one of its idle connections (a restart, failover, idle timeout). */
describe('PostgreSQL pool', () => {
  it("handles a lost idle connection (the pool's 'error' event) with a warning instead of crashing", async () => {
    // No connection is opened: the pool connects lazily, and the event is what pg emits for a dead idle client.
    const handle = openPostgres('postgres://nobody@127.0.0.1:1/none', { poolSize: 1 });
    if (handle.driver.kind !== 'postgres') throw new Error('unreachable');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      expect(() => handle.driver.kind === 'postgres' && handle.driver.pool.emit('error', lost)).not.toThrow();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('a connection was lost'));
    } finally {
      warn.mockRestore();
      await handle.close();
    }
  });
});
