// Debian's chromium (browsers cannot be downloaded here) and the flags every run uses: the Playwright suite
// (playwright.config.ts) and the browser benches (bench/app.mjs).
import { execSync } from 'node:child_process';

export function chromiumLaunchOptions() {
  return {
    executablePath:
      process.env.CHROMIUM_PATH ??
      execSync('command -v chromium || command -v chromium-browser', { encoding: 'utf8' }).trim(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}
