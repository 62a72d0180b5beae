import { WorkerPool, workerScript } from './worker-pool';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('workerScript', () => {
  it('finds the built entry beside the bundle, and the source entry (loaded through tsx) from the sources', () => {
    expect(workerScript('pdf-worker', 'file:///srv/atrium/server/dist/main.js')).toEqual({
      url: new URL('file:///srv/atrium/server/dist/pdf-worker.js'),
      source: false,
    });
    expect(workerScript('pdf-worker', 'file:///srv/atrium/server/src/lib/worker-pool.ts')).toEqual({
      url: new URL('file:///srv/atrium/server/src/workers/pdf-worker.ts'),
      source: true,
    });
    // This file's own view (jest runs the sources).
    expect(workerScript('pdf-worker').source).toBe(true);
  });
});

describe('WorkerPool', () => {
  const pools: WorkerPool[] = [];
  afterAll(async () => Promise.all(pools.map((p) => p.close())));
  const pool = (options: Partial<ConstructorParameters<typeof WorkerPool>[0]>) => {
    const p = new WorkerPool({ entry: 'pdf-worker', ...options });
    pools.push(p);
    return p;
  };
  const unknownTask = (p: WorkerPool) => p.run('no-such-task', {}).catch((error: Error) => error.message);

  it('starts threads on demand up to its size, keeps the first warm and ends the spare one when idle', async () => {
    const p = pool({ size: 2, idleMs: 300, keepOne: true });
    expect(p.threadCount).toBe(0);
    const answers = await Promise.all([unknownTask(p), unknownTask(p), unknownTask(p)]);
    expect(answers).toEqual(Array(3).fill('Unknown worker task no-such-task'));
    expect(p.threadCount).toBe(2);
    await sleep(1_000);
    expect(p.threadCount).toBe(1);
    expect(await unknownTask(p)).toBe('Unknown worker task no-such-task');
  });

  it('ends every idle thread when not keeping one (tests), and refuses work once closed', async () => {
    const p = pool({ size: 1, idleMs: 200, keepOne: false });
    await unknownTask(p);
    expect(p.threadCount).toBe(1);
    await sleep(800);
    expect(p.threadCount).toBe(0);
    await p.close();
    await expect(p.run('render', {})).rejects.toThrow('The pdf-worker worker pool is closed');
  });
});
