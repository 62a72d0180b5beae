import { startFakeProcess } from './fake-process';

/**
 * Playwright globalSetup (after sentry-fake.ts in playwright.config.ts): the local fake of Open-Meteo's forecast and
 * geocoding services (server/test/fakes/open-meteo.ts). The server is started with WEATHER_FORECAST_URL and
 * WEATHER_GEOCODING_URL pointing here (playwright.config.ts). URL: E2E_WEATHER_URL.
 */
export default async function startWeatherFake(): Promise<() => Promise<void>> {
  const url = new URL(process.env.E2E_WEATHER_URL ?? 'http://127.0.0.1:12120');
  return startFakeProcess({
    name: 'Open-Meteo fake',
    script: 'test/fakes/open-meteo.ts',
    args: ['--port', url.port],
    ready: /open-meteo fake listening/i,
    neededBy: 'weather.spec.ts',
  });
}
