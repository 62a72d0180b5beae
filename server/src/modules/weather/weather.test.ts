import { weatherSchema } from '@atrium/domain-identity/weather';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../../test/fakes/open-meteo';
import { createTestApp, dataOf, errorOf, qs, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/security-helpers';
import { TtlLru, WeatherService } from './weather.service';

describe('weather proxy (against the local Open-Meteo fake)', () => {
  let fake: FakeOpenMeteo;
  let t: TestApp;
  let alice: SignedUp;
  let bob: SignedUp;

  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
    t = await createTestApp({ WEATHER_FORECAST_URL: fake.url, WEATHER_GEOCODING_URL: `${fake.url}/` });
    alice = await signUp(t);
    bob = await signUp(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.failNext(0);
  });

  const weatherOf = (who: SignedUp, q: Record<string, unknown>) => who.agent.get(`/weather${qs(q)}`);

  test('coordinates: °F, the condition band and the day window; one upstream call shared by every user nearby', async () => {
    fake.current.set('40.71,-74.01', { temperature: 41.5, weather_code: 63, time: '2026-11-27T17:45' });
    const first = weatherSchema.parse(dataOf(await weatherOf(alice, { lat: 40.7128, lon: -74.006 })));
    expect(first).toEqual({ temp: 41.5, condition: 'rainy', location: '40.71, -74.01', isDay: true });
    const q = fake.requests[0]!.query;
    expect(fake.requests[0]!.path).toBe('/v1/forecast');
    expect(q).toMatchObject({
      latitude: '40.71',
      longitude: '-74.01',
      current: 'temperature_2m,weather_code',
      temperature_unit: 'fahrenheit',
      timezone: 'auto',
    });
    // Bob, a few hundred metres away, gets the cached answer: no second call to the forecast service.
    const second = weatherSchema.parse(dataOf(await weatherOf(bob, { lat: 40.709, lon: -74.0071 })));
    expect(second.temp).toBe(41.5);
    expect(fake.requests).toHaveLength(1);
  });

  test('night from 18:00 local, and every band of section 9', async () => {
    const cases: [number, string][] = [
      [0, 'sunny'],
      [3, 'sunny'],
      [45, 'cloudy'],
      [48, 'cloudy'],
      [51, 'rainy'],
      [67, 'rainy'],
      [71, 'snowy'],
      [77, 'snowy'],
      [95, 'stormy'],
      [99, 'stormy'],
      [80, 'sunny'],
    ];
    for (const [i, [code, condition]] of cases.entries()) {
      fake.current.set(`${10 + i},20`, { temperature: 50, weather_code: code, time: '2026-11-27T18:00' });
      const w = weatherSchema.parse(dataOf(await weatherOf(alice, { lat: 10 + i, lon: 20 })));
      expect([code, w.condition, w.isDay]).toEqual([code, condition, false]);
    }
    fake.current.set('1,2', { temperature: 50, weather_code: 0, time: '2026-11-27T05:59' });
    expect(weatherSchema.parse(dataOf(await weatherOf(alice, { lat: 1, lon: 2 }))).isDay).toBe(false);
    fake.current.set('1,3', { temperature: 50, weather_code: 0, time: '2026-11-27T06:00' });
    expect(weatherSchema.parse(dataOf(await weatherOf(alice, { lat: 1, lon: 3 }))).isDay).toBe(true);
  });

  test('a named place is geocoded (state and country pick among namesakes) and cached', async () => {
    fake.current.set('37.22,-93.3', { temperature: 55, weather_code: 45, time: '2026-11-27T09:00' });
    const w = weatherSchema.parse(
      dataOf(await weatherOf(alice, { city: 'springfield', state: 'Missouri', country: 'US' })),
    );
    expect(w).toEqual({ temp: 55, condition: 'cloudy', location: 'Springfield, Missouri', isDay: true });
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/search', '/v1/forecast']);
    expect(fake.requests[0]!.query.name).toBe('springfield');
    await weatherOf(bob, { city: 'Springfield ', state: 'missouri', country: 'us' });
    expect(fake.requests).toHaveLength(2);
    // Apostrophes and periods are allowed in names.
    dataOf(await weatherOf(alice, { city: "St. John's", country: 'Canada' }));
  });

  test("an unknown place answers 404 'Location not found'", async () => {
    const res = await weatherOf(alice, { city: 'Atlantis', country: 'Ocean' });
    expect(errorOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND', error: 'Location not found' });
    const wrongState = await weatherOf(alice, { city: 'Springfield', state: 'Texas' });
    expect(errorOf(wrongState)).toMatchObject({ status: 404, error: 'Location not found' });
  });

  test("a failing forecast service answers 503 'Unable to fetch weather data' and nothing is cached", async () => {
    fake.failNext(1);
    const res = await weatherOf(alice, { lat: -33.87, lon: 151.21 });
    expect(errorOf(res)).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      error: 'Unable to fetch weather data',
    });
    // The next attempt (the browser's retry) reaches the service again and succeeds.
    dataOf(await weatherOf(alice, { lat: -33.87, lon: 151.21 }));
    expect(fake.requests).toHaveLength(2);
  });

  test('bad input: 400 with a message per field, and no upstream call', async () => {
    const cases = [
      {},
      { lat: 91, lon: 0 },
      { lat: 'x', lon: 0 },
      { city: 'NY' },
      { city: 'Paris', state: 'X' },
      { city: 'Paris', country: 'F' },
      { city: 'Paris1' },
      { city: 'Par<is>' },
      { city: 'Paris', lat: 1, lon: 2 },
    ];
    for (const q of cases) {
      const res = await weatherOf(alice, q);
      expect([q, errorOf(res).status, errorOf(res).code]).toEqual([q, 400, 'VALIDATION_ERROR']);
    }
    expect(fake.requests).toHaveLength(0);
  });

  test('signed-in only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/weather${qs({ lat: 1, lon: 1 })}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('WeatherService cache', () => {
  test('entries live cacheMs (30 min), then the service is asked again; concurrent misses make one call', async () => {
    let now = 0;
    const lru = new TtlLru<number>(2, () => now);
    lru.set('a', 1, 1_800_000);
    now = 1_799_999;
    expect(lru.get('a')).toBe(1);
    now = 1_800_000;
    expect(lru.get('a')).toBeUndefined();
    lru.set('a', 1, 10);
    lru.set('b', 2, 10);
    lru.get('a');
    lru.set('c', 3, 10);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);

    const fake = await startFakeOpenMeteo();
    try {
      const svc = new WeatherService({
        forecastUrl: fake.url,
        geocodingUrl: fake.url,
        cacheMs: 1_800_000,
        timeoutMs: 2_000,
      });
      const all = await Promise.all([1, 2, 3].map(() => svc.byCoordinates(5, 5)));
      expect(all.map((w) => w.temp)).toEqual([68, 68, 68]);
      expect(svc.upstreamCalls).toBe(1);
    } finally {
      await fake.close();
    }
  });
});
