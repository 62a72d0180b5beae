import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Playwright globalSetup (chained after stripe-fake.ts in playwright.config.ts): the local fake of Google's OAuth,
 * Calendar and Gmail APIs (server/test/fakes/google-cli.ts, a test helper, never shipped) for the whole run. The API
 * server is started with GOOGLE_OAUTH_*_URL, GOOGLE_CALENDAR_API_URL and GMAIL_API_URL pointing here, so the official
 * clients talk to it. Google sign-in keeps its own mock OIDC issuer (google-issuer.ts). The control server
 * (E2E_GOOGLE_FAKE_CONTROL) lets a spec act as Google's side (a client's reply arriving). A fake that cannot start
 * is reported and the run goes on: only gmail.spec.ts needs it.
 */
export default async function startGoogleFake(): Promise<() => Promise<void>> {
  const url = new URL(process.env.E2E_GOOGLE_FAKE_URL ?? 'http://127.0.0.1:3095');
  const server = path.resolve(__dirname, '../server');
  const child: ChildProcess = spawn(
    path.join(server, 'node_modules/.bin/tsx'),
    [
      path.join(server, 'test/fakes/google-cli.ts'),
      '--port',
      url.port,
      '--client-id',
      'atrium-e2e',
      '--client-secret',
      'atrium-e2e-secret',
    ],
    { cwd: server, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The Google fake did not start within 20 s.\n${stderr}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (/google fake listening/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The Google fake exited with ${code} before listening.\n${stderr}`));
    });
  });
  try {
    await started;
  } catch (error) {
    console.warn(`[e2e] ${(error as Error).message}\n[e2e] gmail.spec.ts will fail without it.`);
    if (child.exitCode === null) child.kill('SIGTERM');
    return async () => undefined;
  }
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
}
