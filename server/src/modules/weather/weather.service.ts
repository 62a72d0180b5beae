import {
  conditionOf,
  isDayHour,
  WEATHER_TEXTS,
  type Weather,
  type WeatherLocation,
} from '@atrium/domain-identity/weather';
import { AppError } from '../../lib/errors';

export interface WeatherConfig {
  /** Open-Meteo's forecast API root (…/v1/forecast is appended). */
  forecastUrl: string;
  /** Open-Meteo's geocoding API root (…/v1/search is appended). */
  geocodingUrl: string;
  /** How long one location's answer is shared by every user asking for it (30 min). */
  cacheMs: number;
  /** Each upstream call gives up after this long. */
  timeoutMs: number;
}

/** A small time-bounded LRU: a Map in insertion order, the oldest dropped beyond `max`. */
export class TtlLru<V> {
  private readonly map = new Map<string, { value: V; until: number }>();
  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}
  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    if (hit.until <= this.now()) return undefined;
    this.map.set(key, hit);
    return hit.value;
  }
  set(key: string, value: V, ttlMs: number): void {
    this.map.delete(key);
    this.map.set(key, { value, until: this.now() + ttlMs });
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  get size() {
    return this.map.size;
  }
}

interface Place {
  latitude: number;
  longitude: number;
  label: string;
}

const norm = (s: string | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
/** Coordinates rounded to 0.01° (about 1 km): everyone within it shares one cached answer. */
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The weather proxy: the browser never calls the forecast service itself. Answers are cached per location for
 * `cacheMs` in this process (shared by all users there; concurrent misses for one location make one upstream call),
 * geocoded places for the same time. Upstream failures answer 502 'Unable to fetch weather data'; an unknown place
 * 404 'Location not found'. The browser retries (2 times, doubling from 1 s).
 */
export class WeatherService {
  private readonly forecasts = new TtlLru<Weather>(5_000);
  private readonly places = new TtlLru<Place | null>(5_000);
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Upstream calls made (tests read it to see the cache work). */
  upstreamCalls = 0;

  constructor(
    private readonly config: WeatherConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async byCoordinates(lat: number, lon: number): Promise<Weather> {
    const la = round(lat);
    const lo = round(lon);
    return this.forecast({ latitude: la, longitude: lo, label: `${la.toFixed(2)}, ${lo.toFixed(2)}` });
  }

  async byPlace(where: WeatherLocation): Promise<Weather> {
    const place = await this.geocode(where);
    return this.forecast(place);
  }

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = make().finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  private async getJson(url: URL): Promise<unknown> {
    this.upstreamCalls += 1;
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', WEATHER_TEXTS.unavailable);
    }
    if (!res.ok) throw new AppError('SERVICE_UNAVAILABLE', WEATHER_TEXTS.unavailable);
    try {
      return await res.json();
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', WEATHER_TEXTS.unavailable);
    }
  }

  private async geocode(where: WeatherLocation): Promise<Place> {
    const key = `${norm(where.city)}|${norm(where.state)}|${norm(where.country)}`;
    const cached = this.places.get(key);
    if (cached === null) throw new AppError('NOT_FOUND', WEATHER_TEXTS.notFound);
    if (cached) return cached;
    const place = await this.once(`geo:${key}`, async () => {
      const url = new URL('v1/search', withSlash(this.config.geocodingUrl));
      url.searchParams.set('name', where.city.trim());
      url.searchParams.set('count', '10');
      url.searchParams.set('language', 'en');
      url.searchParams.set('format', 'json');
      const body = (await this.getJson(url)) as { results?: GeoResult[] };
      const results = Array.isArray(body?.results) ? body.results : [];
      const state = norm(where.state);
      const country = norm(where.country);
      const hit = results.find(
        (r) =>
          typeof r.latitude === 'number' &&
          typeof r.longitude === 'number' &&
          (!state || norm(r.admin1) === state || norm(r.admin1).startsWith(state)) &&
          (!country || norm(r.country) === country || norm(r.country_code) === country),
      );
      const found: Place | null = hit
        ? {
            latitude: hit.latitude,
            longitude: hit.longitude,
            label: [hit.name, hit.admin1 ?? hit.country].filter(Boolean).join(', '),
          }
        : null;
      this.places.set(key, found, this.config.cacheMs);
      return found;
    });
    if (!place) throw new AppError('NOT_FOUND', WEATHER_TEXTS.notFound);
    return place;
  }

  private async forecast(place: Place): Promise<Weather> {
    const key = `${round(place.latitude)},${round(place.longitude)}`;
    const cached = this.forecasts.get(key);
    if (cached) return { ...cached, location: place.label };
    const weather = await this.once(`wx:${key}`, async () => {
      const url = new URL('v1/forecast', withSlash(this.config.forecastUrl));
      url.searchParams.set('latitude', String(round(place.latitude)));
      url.searchParams.set('longitude', String(round(place.longitude)));
      url.searchParams.set('current', 'temperature_2m,weather_code');
      url.searchParams.set('temperature_unit', 'fahrenheit');
      url.searchParams.set('timezone', 'auto');
      const body = (await this.getJson(url)) as ForecastAnswer;
      const c = body?.current;
      const hour = typeof c?.time === 'string' ? Number(/T(\d{2}):/.exec(c.time)?.[1]) : NaN;
      if (!c || typeof c.temperature_2m !== 'number' || typeof c.weather_code !== 'number' || Number.isNaN(hour)) {
        throw new AppError('SERVICE_UNAVAILABLE', WEATHER_TEXTS.unavailable);
      }
      const w: Weather = {
        temp: c.temperature_2m,
        condition: conditionOf(c.weather_code),
        location: place.label,
        isDay: isDayHour(hour),
      };
      this.forecasts.set(key, w, this.config.cacheMs);
      return w;
    });
    return { ...weather, location: place.label };
  }
}

const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);

interface GeoResult {
  name?: string;
  latitude: number;
  longitude: number;
  country?: string;
  country_code?: string;
  admin1?: string;
}

interface ForecastAnswer {
  current?: { time?: string; temperature_2m?: number; weather_code?: number };
}
