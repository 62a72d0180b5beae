// Keeps child processes running, as a process manager would: a child that exits on its own (a crash, an
// out-of-memory kill) is started again after a pause that doubles on every quick failure (1 s up to 30 s) and
// starts over once the child has stayed up for a minute. stop() ends every child and restarts none.
import { spawn } from 'node:child_process';

/**
 * @param {{ minDelayMs?: number, maxDelayMs?: number, healthyAfterMs?: number, log?: (line: string) => void }} [options]
 */
export function supervisor(options = {}) {
  const { minDelayMs = 1_000, maxDelayMs = 30_000, healthyAfterMs = 60_000, log = (l) => console.error(l) } = options;
  const services = [];
  let stopping = false;

  /**
   * Runs `cmd args` and restarts it whenever it exits while the supervisor is not stopping.
   * @param {string} name
   * @param {string} cmd
   * @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, onLine?: (line: string) => void }} [opts]
   */
  function run(name, cmd, args, opts = {}) {
    const service = { name, child: null, restarts: 0, delay: minDelayMs, timer: null };
    services.push(service);
    const start = () => {
      service.timer = null;
      const startedAt = Date.now();
      const child = spawn(cmd, args, {
        cwd: opts.cwd,
        env: { ...process.env, ...opts.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      service.child = child;
      for (const stream of [child.stdout, child.stderr]) {
        stream.on('data', (buf) => {
          for (const line of buf.toString().split('\n')) if (line.trim()) (opts.onLine ?? log)(line);
        });
      }
      child.on('exit', (code, signal) => {
        service.child = null;
        if (stopping) return;
        if (Date.now() - startedAt >= healthyAfterMs) service.delay = minDelayMs;
        log(`[${name}] exited (${signal ?? code}); restarting in ${Math.round(service.delay / 1000)} s`);
        service.restarts += 1;
        service.timer = setTimeout(start, service.delay);
        service.delay = Math.min(service.delay * 2, maxDelayMs);
      });
    };
    start();
    return service;
  }

  /** Ends every child (SIGTERM, then SIGKILL after `graceMs`); resolves when all have exited. */
  async function stop(graceMs = 12_000) {
    stopping = true;
    await Promise.all(
      services.map(async (service) => {
        if (service.timer) clearTimeout(service.timer);
        const child = service.child;
        if (!child) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(kill);
      }),
    );
  }

  return { run, stop, services };
}
