// Serves a production build folder: immutable caching for hashed assets, no caching for entry files
// (remoteEntry.js, index.html) so a redeployed remote reaches every browser on next load, and CORS so
// the host's origin may load a remote's scripts. The build's precompressed copies (x.js.br, x.js.gz: webpack.mjs)
// answer a browser that accepts them (Vary: Accept-Encoding); nothing is compressed per request.
import http from 'node:http';
import sirv from 'sirv';

export function serveStatic({ dir, port, host = '0.0.0.0', spa = false, allowOrigin = '*' }) {
  const assets = sirv(dir, {
    single: spa,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', allowOrigin);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader(
        'Cache-Control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': allowOrigin, 'Access-Control-Allow-Methods': 'GET' });
      return res.end();
    }
    if (req.url === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end('{"ok":true}');
    }
    assets(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': allowOrigin });
      res.end('Not found');
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
