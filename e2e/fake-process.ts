import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Runs one of the server's test fakes (server/test/fakes/*.ts, test helpers never shipped) as its own process for the
 * whole e2e run, through the server's tsx, so the e2e package needs none of the server's dependencies. Resolves with
 * the teardown once the fake prints its "listening" line. A fake that cannot start is reported and the run goes on:
 * only the specs that need it fail, on their own.
 */
export async function startFakeProcess(opts: {
  name: string;
  script: string;
  args: string[];
  ready: RegExp;
  neededBy: string;
}): Promise<() => Promise<void>> {
  const server = path.resolve(__dirname, '../server');
  const child: ChildProcess = spawn(
    path.join(server, 'node_modules/.bin/tsx'),
    [path.join(server, opts.script), ...opts.args],
    {
      cwd: server,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The ${opts.name} did not start within 20 s.\n${stderr}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (opts.ready.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The ${opts.name} exited with ${code} before listening.\n${stderr}`));
    });
  });
  try {
    await started;
  } catch (error) {
    console.warn(`[e2e] ${(error as Error).message}\n[e2e] ${opts.neededBy} will fail without it.`);
    if (child.exitCode === null) child.kill('SIGTERM');
    return async () => undefined;
  }
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
