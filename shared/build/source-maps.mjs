// Source maps for error reporting (issue #21 §5): production builds write hidden source maps (no sourceMappingURL
// comment in what is served), and when a Sentry-compatible server is configured the build uploads them as an
// artifact bundle with the official plugin, tags every chunk with a debug id (so a reported stack finds its map
// whatever the release), and deletes the .map files so they are never deployed. Not configured: nothing is sent
// anywhere and the maps stay beside the build for local debugging.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The upload's settings from the environment, or null when it is off. All of SENTRY_AUTH_TOKEN, SENTRY_ORG and
 * SENTRY_PROJECT are needed; SENTRY_URL points at a self-hosted or local server (default sentry.io);
 * SENTRY_RELEASE names the release (the one the browser SDK reports, see /remotes.json's errorReporting).
 * @param {Record<string, string | undefined>} env
 * @param {string} app  the app's federation name (the upload's log names it)
 * @param {string} outputDir  the build's output folder: its maps, and only those, are deleted after the upload
 */
export function sourceMapUploadOptions(env, app, outputDir) {
  const authToken = env.SENTRY_AUTH_TOKEN?.trim();
  const org = env.SENTRY_ORG?.trim();
  const project = env.SENTRY_PROJECT?.trim();
  if (!authToken || !org || !project) return null;
  const release = env.SENTRY_RELEASE?.trim();
  return {
    // The plugin's messages name the app whose build they come from.
    debug: false,
    errorHandler: (err) => console.warn(`[${app}] source maps were not uploaded: ${err.message}`),
    ...(env.SENTRY_URL?.trim() ? { url: env.SENTRY_URL.trim() } : {}),
    authToken,
    org,
    project,
    // No call home: the plugin's own usage telemetry goes to sentry.io whatever SENTRY_URL says.
    telemetry: false,
    // A release is named only when SENTRY_RELEASE is; debug ids tie events to maps without one.
    release: release ? { name: release, setCommits: false, finalize: true } : { create: false },
    // An absolute pattern: the plugin globs from the process's working directory otherwise.
    sourcemaps: { filesToDeleteAfterUpload: [path.join(outputDir, '**/*.map')] },
  };
}

/** The webpack plugins for the upload: the official plugin when configured, none otherwise. */
export function sourceMapUploadPlugins(env, app, outputDir) {
  const options = sourceMapUploadOptions(env, app, outputDir);
  if (!options) return [];
  // The plugin's CLI runs in this process and reads these. Its state (a response cache and an organisation →
  // server table in ~/.config/sentry) would otherwise send one build's upload to the server an earlier build
  // used: each build gets a fresh directory. No update check against npm, no usage data.
  process.env.SENTRY_CONFIG_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'atrium-sentry-cli-'));
  process.env.SENTRY_NO_CACHE ??= '1';
  process.env.SENTRY_CLI_NO_UPDATE_CHECK ??= '1';
  process.env.SENTRY_CLI_NO_TELEMETRY ??= '1';
  const { sentryWebpackPlugin } = require('@sentry/webpack-plugin');
  return [sentryWebpackPlugin(options)];
}
