// The worker itself (sw.ts) in a fake worker scope: an in-memory Cache Storage and a scripted network.
import { SW_NETWORK_FAILED } from './routing';

const ORIGIN = 'http://localhost:3000';
const CRM = 'http://localhost:3001';
const MANIFEST = { remotes: [{ name: 'crm', entry: `${CRM}/remoteEntry.js` }] };

class FakeCache {
  entries = new Map<string, Response>();
  async match(key: string | Request) {
    const r = this.entries.get(new URL(typeof key === 'string' ? key : key.url, ORIGIN).href);
    return r?.clone();
  }
  async put(key: string | Request, response: Response) {
    this.entries.set(new URL(typeof key === 'string' ? key : key.url, ORIGIN).href, response);
  }
  async add(request: Request) {
    const response = await fetch(request);
    if (!response.ok) throw new TypeError('bad status');
    await this.put(request, response);
  }
  async addAll(requests: Request[]) {
    for (const r of requests) await this.add(r);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(key: Request) {
    return this.entries.delete(key.url);
  }
}

class FakeCaches {
  stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(key: string, options: { cacheName?: string } = {}) {
    const names = options.cacheName ? [options.cacheName] : [...this.stores.keys()];
    for (const n of names) {
      const hit = await this.stores.get(n)?.match(key);
      if (hit) return hit;
    }
    return undefined;
  }
}

type Handler = (event: unknown) => void;

/** Loads sw.ts in a fresh fake scope; `server` answers the network (throw = the network is down). */
async function loadWorker(server: (url: string, init?: RequestInit) => Response) {
  const handlers = new Map<string, Handler>();
  const messages: unknown[] = [];
  const fakeCaches = new FakeCaches();
  let online = true;
  const network = jest.fn(async (input: string | Request, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return server(typeof input === 'string' ? input : input.url, init);
  });
  Object.assign(globalThis, {
    __ATRIUM_SHELL__: { version: 'build1', files: ['index.html', 'main.js', 'main.js.map', 'assets/a.0123abcd.js'] },
    caches: fakeCaches,
    fetch: network,
  });
  Object.defineProperty(globalThis, 'self', {
    configurable: true,
    value: {
      location: new URL(`${ORIGIN}/sw.js`),
      skipWaiting: jest.fn(async () => undefined),
      clients: {
        claim: jest.fn(async () => undefined),
        matchAll: async () => [{ postMessage: (m: unknown) => messages.push(m) }],
      },
      addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    },
  });
  await jest.isolateModulesAsync(async () => {
    await import('./sw');
  });

  async function lifecycle(type: 'install' | 'activate') {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  }
  /** What the worker answers (undefined: it let the browser fetch it). */
  async function request(url: string, mode: RequestMode | 'navigate' = 'no-cors'): Promise<Response | undefined> {
    let answer: Promise<Response> | undefined;
    const req = { url, method: 'GET', mode } as unknown as Request;
    handlers.get('fetch')!({ request: req, respondWith: (p: Promise<Response>) => (answer = p) });
    return answer;
  }
  return {
    fakeCaches,
    network,
    messages,
    lifecycle,
    request,
    setOnline: (value: boolean) => (online = value),
  };
}

const js = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'application/javascript' } });

function site(entryBody: { current: string }) {
  return (url: string) => {
    if (url === `${ORIGIN}/remotes.json`) return new Response(JSON.stringify(MANIFEST));
    if (url === `${CRM}/remoteEntry.js`) return js(entryBody.current);
    if (url.startsWith(`${CRM}/assets/`)) return js(`chunk ${url}`);
    if (url.startsWith('https://elsewhere.example/')) return js('elsewhere');
    if (url.endsWith('/missing.0123abcd.js')) return new Response('Not found', { status: 404 });
    if (url.startsWith(ORIGIN)) return new Response(`host ${new URL(url).pathname}`);
    throw new Error(`unexpected ${url}`);
  };
}

describe('service worker', () => {
  it('precaches the shell and /remotes.json on install, and deletes old versions on activate', async () => {
    const w = await loadWorker(site({ current: 'v1' }));
    await w.fakeCaches.open('atrium-shell-old');
    await w.fakeCaches.open('someone-else');
    await w.lifecycle('install');
    await w.lifecycle('activate');
    expect((await w.fakeCaches.keys()).sort()).toEqual(['atrium-remotes-v1', 'atrium-shell-build1', 'someone-else']);
    const shell = w.fakeCaches.stores.get('atrium-shell-build1')!;
    expect([...shell.entries.keys()].sort()).toEqual([
      `${ORIGIN}/assets/a.0123abcd.js`,
      `${ORIGIN}/index.html`,
      `${ORIGIN}/main.js`,
    ]);
    expect(await w.fakeCaches.match(`${ORIGIN}/remotes.json`)).toBeDefined();
  });

  it('never answers or stores an API request', async () => {
    const w = await loadWorker(site({ current: 'v1' }));
    await w.lifecycle('install');
    expect(await w.request(`${ORIGIN}/api/v1/contacts`, 'cors')).toBeUndefined();
    expect(await w.request(`${ORIGIN}/api/v1/files/f1/download`, 'navigate')).toBeUndefined();
    expect(w.network).not.toHaveBeenCalledWith(expect.stringContaining('/api/'), expect.anything());
  });

  it("serves a remote's entry from the network while it answers — a redeploy at once — and the last one offline", async () => {
    const entry = { current: 'v1' };
    const w = await loadWorker(site(entry));
    await w.lifecycle('install');
    expect(await (await w.request(`${CRM}/remoteEntry.js`))!.text()).toBe('v1');
    expect(w.network).toHaveBeenLastCalledWith(`${CRM}/remoteEntry.js`, { mode: 'cors', credentials: 'omit' });

    entry.current = 'v2';
    expect(await (await w.request(`${CRM}/remoteEntry.js`))!.text()).toBe('v2');

    w.setOnline(false);
    expect(await (await w.request(`${CRM}/remoteEntry.js`))!.text()).toBe('v2');
    expect(w.messages).toContainEqual(SW_NETWORK_FAILED);
  });

  it("keeps a remote's hashed chunks as they load and serves them from the cache, offline too", async () => {
    const w = await loadWorker(site({ current: 'v1' }));
    await w.lifecycle('install');
    const chunk = `${CRM}/assets/contacts.89abcdef.js`;
    expect(await (await w.request(chunk))!.text()).toBe(`chunk ${chunk}`);
    w.network.mockClear();
    w.setOnline(false);
    expect(await (await w.request(chunk))!.text()).toBe(`chunk ${chunk}`);
    expect(w.network).not.toHaveBeenCalled();
  });

  it('stores nothing from an origin that is not a remote, and no error answer', async () => {
    const w = await loadWorker(site({ current: 'v1' }));
    await w.lifecycle('install');
    await w.request('https://elsewhere.example/assets/x.89abcdef.js');
    await w.request(`${ORIGIN}/assets/missing.0123abcd.js`);
    expect(await w.fakeCaches.match('https://elsewhere.example/assets/x.89abcdef.js')).toBeUndefined();
    expect(await w.fakeCaches.match(`${ORIGIN}/assets/missing.0123abcd.js`)).toBeUndefined();
  });

  it("answers a page load from the network, and with the shell's page only when the network fails", async () => {
    const w = await loadWorker(site({ current: 'v1' }));
    await w.lifecycle('install');
    expect(await (await w.request(`${ORIGIN}/contacts`, 'navigate'))!.text()).toBe('host /contacts');
    expect(await w.fakeCaches.match(`${ORIGIN}/contacts`)).toBeUndefined();
    w.setOnline(false);
    expect(await (await w.request(`${ORIGIN}/contacts`, 'navigate'))!.text()).toBe('host /index.html');
  });
});
