/**
 * A local fake of Open-Meteo's forecast (`GET /v1/forecast`) and geocoding (`GET /v1/search`) APIs for tests and e2e
 * — a test helper, never shipped. It answers the shapes the real services answer for the parameters the weather
 * module sends (current=temperature_2m,weather_code, temperature_unit=fahrenheit, timezone=auto), and Open-Meteo's
 * error body (`{ error: true, reason }`, 400) for a request it cannot serve. One server serves both roots.
 *
 * - `places`: what the geocoder knows (name, admin1, country, country_code, latitude, longitude); a search answers
 *   every place whose name starts with `name` (case-insensitive), `{ generationtime_ms }` without `results` for none.
 * - `weatherAt(lat, lon)`: the current conditions of a point (temperature °F, WMO weather code, local time).
 * - `failNext(n)` answers the next n requests 500; `requests` records every path and query.
 *
 * CLI (e2e): `tsx server/test/fakes/open-meteo.ts --port 12120`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePlace {
  name: string;
  admin1?: string;
  country: string;
  country_code: string;
  latitude: number;
  longitude: number;
}

export interface FakeCurrent {
  /** °F (the module asks for Fahrenheit). */
  temperature: number;
  weather_code: number;
  /** The location's local time, Open-Meteo's ISO 8601 without seconds or zone (timezone=auto): '2026-11-27T10:00'. */
  time: string;
}

export const DEFAULT_PLACES: FakePlace[] = [
  {
    name: 'Springfield',
    admin1: 'Illinois',
    country: 'United States',
    country_code: 'US',
    latitude: 39.80172,
    longitude: -89.64371,
  },
  {
    name: 'Springfield',
    admin1: 'Missouri',
    country: 'United States',
    country_code: 'US',
    latitude: 37.21533,
    longitude: -93.29824,
  },
  {
    name: "St. John's",
    admin1: 'Newfoundland and Labrador',
    country: 'Canada',
    country_code: 'CA',
    latitude: 47.56494,
    longitude: -52.70931,
  },
  {
    name: 'Berlin',
    admin1: 'Land Berlin',
    country: 'Germany',
    country_code: 'DE',
    latitude: 52.52437,
    longitude: 13.41053,
  },
];

export interface FakeOpenMeteo {
  url: string;
  server: Server;
  places: FakePlace[];
  /** Current conditions by "lat,lon" (as the module sends them, rounded to 0.01°); `fallback` elsewhere. */
  current: Map<string, FakeCurrent>;
  fallback: FakeCurrent;
  requests: { path: string; query: Record<string, string> }[];
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startFakeOpenMeteo(opts: { port?: number; host?: string } = {}): Promise<FakeOpenMeteo> {
  let failures = 0;
  const fake = {
    places: [...DEFAULT_PLACES],
    current: new Map<string, FakeCurrent>(),
    fallback: { temperature: 68, weather_code: 2, time: '2026-11-27T10:00' } as FakeCurrent,
    requests: [] as FakeOpenMeteo['requests'],
    failNext(n: number) {
      failures = n;
    },
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    fake.requests.push({ path: url.pathname, query });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return send(405, { error: true, reason: 'Method not allowed' });
    if (failures > 0) {
      failures -= 1;
      return send(500, { error: true, reason: 'Internal Server Error' });
    }
    if (url.pathname === '/v1/search') {
      const name = (query.name ?? '').trim().toLowerCase();
      if (name.length < 2) return send(200, { generationtime_ms: 0.1 });
      const count = Math.min(Number(query.count ?? 10) || 10, 100);
      const results = fake.places
        .filter((p) => p.name.toLowerCase().startsWith(name))
        .slice(0, count)
        .map((p, i) => ({ id: 1000 + i, ...p, feature_code: 'PPLA', timezone: 'UTC' }));
      return send(200, results.length ? { results, generationtime_ms: 0.2 } : { generationtime_ms: 0.2 });
    }
    if (url.pathname === '/v1/forecast') {
      const lat = Number(query.latitude);
      const lon = Number(query.longitude);
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
        return send(400, { error: true, reason: 'Latitude must be in range of -90 to 90°.' });
      }
      if (query.temperature_unit !== 'fahrenheit') {
        return send(400, { error: true, reason: 'the fake only serves temperature_unit=fahrenheit' });
      }
      const c = fake.current.get(`${lat},${lon}`) ?? fake.fallback;
      return send(200, {
        latitude: lat,
        longitude: lon,
        generationtime_ms: 0.05,
        utc_offset_seconds: 0,
        timezone: 'GMT',
        timezone_abbreviation: 'GMT',
        elevation: 100,
        current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°F', weather_code: 'wmo code' },
        current: { time: c.time, interval: 900, temperature_2m: c.temperature, weather_code: c.weather_code },
      });
    }
    return send(404, { error: true, reason: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

if (process.argv[1] && /open-meteo\.[cm]?[jt]s$/.test(process.argv[1])) {
  const at = process.argv.indexOf('--port');
  void startFakeOpenMeteo({ port: at > 0 ? Number(process.argv[at + 1]) : 12120 }).then((f) => {
    console.log(`open-meteo fake listening on ${f.url}`);
  });
}
