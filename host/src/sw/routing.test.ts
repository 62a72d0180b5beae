import { cacheNames, isKeepLoaded, precacheList, remoteOrigins, routeFor, staleCaches } from './routing';

const origin = 'http://localhost:3000';
const get = (url: string, mode = 'no-cors') => routeFor({ url, method: 'GET', mode }, origin);

describe('service worker routing', () => {
  it('never touches the API, whatever the request', () => {
    expect(get(`${origin}/api/v1/contacts?page=1`)).toEqual({ strategy: 'bypass' });
    expect(get(`${origin}/api/v1/auth/auto-login`, 'cors')).toEqual({ strategy: 'bypass' });
    expect(get(`${origin}/api/v1/files/f1/download`, 'navigate')).toEqual({ strategy: 'bypass' });
    expect(get(`${origin}/api`, 'navigate')).toEqual({ strategy: 'bypass' });
  });

  it('leaves every method but GET alone', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      expect(routeFor({ url: `${origin}/remotes.json`, method, mode: 'cors' }, origin)).toEqual({ strategy: 'bypass' });
    }
  });

  it('serves page loads network-first with the shell as the fallback', () => {
    expect(get(`${origin}/contacts/c1?tab=notes`, 'navigate')).toEqual({ strategy: 'navigation' });
    expect(get(`${origin}/`, 'navigate')).toEqual({ strategy: 'navigation' });
  });

  it("takes the host's entry and /remotes.json from the network first, its hashed files from the cache first", () => {
    expect(get(`${origin}/main.js`)).toEqual({ strategy: 'network-first', cache: 'shell', cors: false });
    expect(get(`${origin}/remotes.json`, 'cors')).toEqual({ strategy: 'network-first', cache: 'remotes', cors: false });
    expect(get(`${origin}/assets/742.3fa9c01b.js`)).toEqual({ strategy: 'cache-first', cache: 'shell', cors: false });
    expect(get(`${origin}/assets/main.0a1b2c3d.css`)).toEqual({ strategy: 'cache-first', cache: 'shell', cors: false });
  });

  it('leaves other same-origin files alone (unhashed, source maps, the worker itself)', () => {
    expect(get(`${origin}/assets/742.3fa9c01b.js.map`)).toEqual({ strategy: 'bypass' });
    expect(get(`${origin}/assets/logo.png`)).toEqual({ strategy: 'bypass' });
    expect(get(`${origin}/sw.js`)).toEqual({ strategy: 'bypass' });
    expect(get(`${origin}/remoteEntry.js`)).toEqual({ strategy: 'bypass' });
  });

  it("takes a remote's entry from the network first and its hashed chunks from the cache first, in CORS mode", () => {
    expect(get('http://localhost:3001/remoteEntry.js')).toEqual({
      strategy: 'network-first',
      cache: 'remotes',
      cors: true,
    });
    expect(get('https://cdn.example.com/crm/remoteEntry.js')).toEqual({
      strategy: 'network-first',
      cache: 'remotes',
      cors: true,
    });
    expect(get('http://localhost:3001/assets/contacts-page.9f8e7d6c.js')).toEqual({
      strategy: 'cache-first',
      cache: 'remotes',
      cors: true,
    });
    expect(get('https://cdn.example.com/crm/assets/main.9f8e7d6c.css')).toEqual({
      strategy: 'cache-first',
      cache: 'remotes',
      cors: true,
    });
  });

  it('leaves anything else from another origin alone', () => {
    expect(get('https://api.open-meteo.com/v1/forecast?latitude=1')).toEqual({ strategy: 'bypass' });
    expect(get('https://images.example.com/photo.jpg')).toEqual({ strategy: 'bypass' });
    expect(get('http://localhost:3001/assets/contacts-page.js')).toEqual({ strategy: 'bypass' });
    expect(get('data:text/plain,hi')).toEqual({ strategy: 'bypass' });
    expect(get('not a url')).toEqual({ strategy: 'bypass' });
  });
});

describe('service worker caches', () => {
  it("names the shell's cache after the build and keeps the remotes' across host builds", () => {
    expect(cacheNames('abc')).toEqual({ shell: 'atrium-shell-abc', remotes: 'atrium-remotes-v1' });
    expect(cacheNames('def').remotes).toBe(cacheNames('abc').remotes);
  });

  it("deletes its own caches of other builds on activation, and nobody else's", () => {
    expect(
      staleCaches(
        ['atrium-shell-old', 'atrium-shell-new', 'atrium-remotes-v1', 'atrium-remotes-v0', 'other-app'],
        'new',
      ),
    ).toEqual(['atrium-shell-old', 'atrium-remotes-v0']);
  });

  it('precaches the page, its entry and the hashed chunks and stylesheets only', () => {
    expect(
      precacheList([
        'main.js',
        'main.js.map',
        'index.html',
        'remoteEntry.js',
        'sw.js',
        'assets/742.3fa9c01b.js',
        'assets/742.3fa9c01b.js.map',
        'assets/742.3fa9c01b.js.LICENSE.txt',
        'assets/main.0a1b2c3d.css',
      ]),
    ).toEqual(['/assets/742.3fa9c01b.js', '/assets/main.0a1b2c3d.css', '/index.html', '/main.js']);
  });

  it("reads the remotes' origins from /remotes.json", () => {
    expect(
      remoteOrigins({
        remotes: [
          { name: 'crm', entry: 'http://localhost:3001/remoteEntry.js' },
          { name: 'work', entry: 'http://localhost:3002/remoteEntry.js' },
          { name: 'admin', entry: 'http://localhost:3001/admin/remoteEntry.js' },
          { name: 'broken', entry: '/relative/remoteEntry.js' },
          { name: 'none' },
        ],
      }),
    ).toEqual(['http://localhost:3001', 'http://localhost:3002']);
    expect(remoteOrigins(null)).toEqual([]);
    expect(remoteOrigins({ remotes: 'x' })).toEqual([]);
  });

  it('recognises the page\'s "keep what I loaded" message', () => {
    expect(isKeepLoaded({ type: 'atrium-sw', event: 'keep-loaded', urls: [] })).toBe(true);
    expect(isKeepLoaded({ type: 'atrium-sw', event: 'keep-loaded' })).toBe(false);
    expect(isKeepLoaded({ type: 'other', event: 'keep-loaded', urls: [] })).toBe(false);
    expect(isKeepLoaded(null)).toBe(false);
  });
});
