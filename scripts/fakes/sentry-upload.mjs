// A local stand-in for the part of Sentry's web API a build's source-map upload speaks (test helper only):
//   GET  /api/0/organizations/{org}/chunk-upload/            the upload's options (where, how big, sha1, gzip)
//   POST /api/0/organizations/{org}/chunk-upload/            multipart chunks (file or file_gzip), named by sha1
//   POST /api/0/organizations/{org}/artifactbundle/assemble/ {checksum, chunks, projects, version}: missing
//                                                             chunks first, then "ok" once all have arrived
//   POST /api/0/organizations/{org}/releases/, PUT …/releases/{version}/   a named release
// Every request needs `Authorization: Bearer <token>`. Assembled bundles are kept (zip bytes) for the test to read.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';

/** Splits a multipart body into its parts' headers and bytes. */
function multipart(body, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  if (!boundary) return [];
  const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts = [];
  let at = body.indexOf(marker);
  while (at !== -1) {
    const next = body.indexOf(marker, at + marker.length);
    if (next === -1) break;
    const part = body.subarray(at + marker.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) parts.push({ head: part.subarray(0, split).toString('utf8'), data: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startSentryUploadFake({ token = 'sntrys_test_token' } = {}) {
  const chunks = new Map();
  const bundles = [];
  const releases = [];
  const requests = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const body = [];
    req.on('data', (c) => body.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(body);
      const url = new URL(req.url ?? '/', base);
      requests.push({ method: req.method, path: url.pathname });
      const json = (status, value) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${token}`) return json(401, { detail: 'Invalid token' });
      const org = /^\/api\/0\/organizations\/([^/]+)\//.exec(url.pathname)?.[1];
      if (!org) return json(404, { detail: 'Not found' });
      const rest = url.pathname.slice(`/api/0/organizations/${org}/`.length);
      if (rest === 'chunk-upload/' && req.method === 'GET') {
        return json(200, {
          url: `${base}/api/0/organizations/${org}/chunk-upload/`,
          chunkSize: 8 * 1024 * 1024,
          chunksPerRequest: 64,
          maxFileSize: 2 * 1024 * 1024 * 1024,
          maxRequestSize: 32 * 1024 * 1024,
          concurrency: 1,
          hashAlgorithm: 'sha1',
          compression: ['gzip'],
          accept: ['artifact_bundles', 'release_files', 'sources'],
        });
      }
      if (rest === 'chunk-upload/' && req.method === 'POST') {
        for (const part of multipart(raw, req.headers['content-type'])) {
          const field = /name="(file_gzip|file)"; filename="([0-9a-f]{40})"/.exec(part.head);
          if (!field) continue;
          const data = field[1] === 'file_gzip' ? gunzipSync(part.data) : part.data;
          if (createHash('sha1').update(data).digest('hex') !== field[2]) {
            return json(400, { detail: `Checksum mismatch for ${field[2]}` });
          }
          chunks.set(field[2], data);
        }
        return json(200, {});
      }
      if (rest === 'artifactbundle/assemble/' && req.method === 'POST') {
        const ask = JSON.parse(raw.toString('utf8'));
        const missingChunks = ask.chunks.filter((c) => !chunks.has(c));
        if (missingChunks.length) return json(200, { state: 'not_found', missingChunks, detail: null });
        const zip = Buffer.concat(ask.chunks.map((c) => chunks.get(c)));
        if (createHash('sha1').update(zip).digest('hex') !== ask.checksum) {
          return json(400, { state: 'error', missingChunks: [], detail: 'Bundle checksum mismatch' });
        }
        if (!bundles.some((b) => b.checksum === ask.checksum)) {
          bundles.push({ org, checksum: ask.checksum, projects: ask.projects, version: ask.version ?? null, zip });
        }
        return json(200, { state: 'ok', missingChunks: [], detail: null });
      }
      if (rest === 'releases/' && req.method === 'POST') {
        const r = JSON.parse(raw.toString('utf8'));
        releases.push(r);
        return json(201, { version: r.version, projects: (r.projects ?? []).map((slug) => ({ slug })) });
      }
      const release = /^releases\/([^/]+)\/$/.exec(rest);
      if (release && req.method === 'PUT') return json(200, { version: decodeURIComponent(release[1]) });
      if (rest === '' && req.method === 'GET') return json(200, { id: '1', slug: org, features: [] });
      json(404, { detail: 'Not found' });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    token,
    bundles,
    releases,
    requests,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
