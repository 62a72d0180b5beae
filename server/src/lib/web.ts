import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_ROOT, REMOTE_META, type RemotesManifest } from '@atrium/contracts';
import { AppError } from './errors';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What /remotes.json answers: each remote's entry and its static metadata (REMOTE_META in contracts: routes,
 * sidebar and '+ New' entries, public path prefixes, modals, search, widgets). A static table: the server never
 * loads remote code, and the host draws the shell without fetching any remote entry.
 */
export function remotesManifest(
  remotes: RemotesManifest['remotes'],
  companyDomain?: string,
  errorReporting?: RemotesManifest['errorReporting'],
): RemotesManifest {
  return {
    remotes: remotes.map((r) => ({ ...REMOTE_META[r.name], name: r.name, entry: r.entry })),
    ...(companyDomain ? { companyDomain } : {}),
    ...(errorReporting ? { errorReporting } : {}),
  };
}

/**
 * The host's production build at / (SPA fallback to index.html), /remotes.json from the environment, and the
 * not-found answers: JSON under /api, index.html for other GETs, plain text otherwise.
 */
export async function registerWeb(
  app: FastifyInstance,
  {
    webDir,
    remotes,
    companyDomain,
    errorReporting,
  }: {
    webDir: string;
    remotes: RemotesManifest['remotes'];
    companyDomain?: string;
    /** The browser apps' error reporting (a public DSN), when configured. */
    errorReporting?: RemotesManifest['errorReporting'];
  },
): Promise<void> {
  const manifest = remotesManifest(remotes, companyDomain, errorReporting);
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', NO_CACHE).send(manifest),
  );

  const hasWeb = existsSync(path.join(webDir, 'index.html')) && statSync(webDir).isDirectory();
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      cacheControl: false,
      etag: true,
      // The build's .br/.gz copies (shared/build/webpack.mjs) for a browser that accepts them; nothing compressed per request.
      preCompressed: true,
      lastModified: true,
      setHeaders(reply, filePath) {
        const rel = path.relative(webDir, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
      },
    });
  } else {
    app.log.warn({ webDir }, 'WEB_DIR has no index.html: the web app is not served (API only)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?', 1)[0] ?? '';
    if (urlPath === API_ROOT || urlPath.startsWith(`${API_ROOT}/`) || urlPath.startsWith('/api/')) {
      throw new AppError('NOT_FOUND', 'Route not found');
    }
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing script, stylesheet or hashed asset is a real 404: answering HTML would break it obscurely.
    const isAsset = urlPath.startsWith('/assets/') || /\.(?:m?js|css|map)$/i.test(urlPath);
    if (hasWeb && isPage && !isAsset) {
      return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
