import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@atrium/api-client';
import { conditionOf, isDayHour, type Weather, type WeatherQuery } from '@atrium/domain-identity/weather';
import { UiProvider } from '@atrium/ui';
import { testQueryClient } from '../../test-utils';
import { saveWeatherSettings } from './weather-settings';
import WeatherWidget, { profileLocation, weatherRetry, weatherRetryDelay } from './weather-widget';

jest.mock('@atrium/api-client', () => {
  const actual = jest.requireActual('@atrium/api-client');
  const { proxy } = jest.requireActual('valtio');
  return { ...actual, sessionView: proxy({ status: 'authenticated', user: { id: 'u1' } }) };
});
const { sessionView } = jest.requireMock('@atrium/api-client') as {
  sessionView: { user: { id: string; city?: string | null; state?: string | null; country?: string | null } };
};
const place = (city: string | null, state: string | null = null, country: string | null = null) =>
  Object.assign(sessionView.user, { city, state, country });

const ny: Weather = { temp: 50, condition: 'rainy', location: '40.71, -74.01', isDay: true };
type Geo = Geolocation['getCurrentPosition'];

function mount(fetchWeather: (w: WeatherQuery) => Promise<Weather>) {
  return render(
    <UiProvider env="test">
      <QueryClientProvider client={testQueryClient()}>
        <WeatherWidget fetchWeather={fetchWeather} />
      </QueryClientProvider>
    </UiProvider>,
  );
}

function geolocation(impl: Geo) {
  const getCurrentPosition = jest.fn(impl);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => {
  localStorage.clear();
  place(null);
});

test('section 9 bands and the 06:00–18:00 day window', () => {
  expect([0, 3, 45, 48, 51, 67, 71, 77, 95, 99, 4, 80].map(conditionOf)).toEqual([
    'sunny',
    'sunny',
    'cloudy',
    'cloudy',
    'rainy',
    'rainy',
    'snowy',
    'snowy',
    'stormy',
    'stormy',
    'sunny',
    'sunny',
  ]);
  expect([5, 6, 17, 18].map(isDayHour)).toEqual([false, true, true, false]);
});

test('retries 2 times doubling from 1 s, never for a refusal (Location not found)', () => {
  expect([0, 1].map(weatherRetryDelay)).toEqual([1000, 2000]);
  const down = new ApiError(503, 'SERVICE_UNAVAILABLE', 'Unable to fetch weather data');
  expect([0, 1, 2].map((n) => weatherRetry(n, down))).toEqual([true, true, false]);
  expect(weatherRetry(0, new ApiError(404, 'NOT_FOUND', 'Location not found'))).toBe(false);
});

test('the browser position (10 s timeout) in °F by default', async () => {
  const geo = geolocation((ok) => ok({ coords: { latitude: 40.7128, longitude: -74.006 } } as GeolocationPosition));
  const fetchWeather = jest.fn().mockResolvedValue(ny);
  mount(fetchWeather);
  expect(await screen.findByLabelText('Weather: 50°F, rainy, 40.71, -74.01')).toHaveTextContent('50°F');
  expect(geo.mock.calls[0]![2]).toMatchObject({ timeout: 10_000 });
  expect(fetchWeather).toHaveBeenCalledWith({ lat: 40.7128, lon: -74.006 });
});

test('the profile place wins over the position, in °C when chosen', async () => {
  const geo = geolocation(() => undefined);
  place('Berlin', '', 'Germany');
  saveWeatherSettings('u1', { unit: 'C' });
  const fetchWeather = jest.fn().mockResolvedValue({ ...ny, temp: 41, location: 'Berlin, Land Berlin' });
  mount(fetchWeather);
  expect(await screen.findByTestId('header-weather')).toHaveTextContent('5°C');
  expect(fetchWeather).toHaveBeenCalledWith({ city: 'Berlin', country: 'Germany' });
  expect(geo).not.toHaveBeenCalled();
});

test('profile places that break the location rules are not used', () => {
  expect(profileLocation({ city: "St. John's", state: 'NL', country: 'Canada' })).toEqual({
    city: "St. John's",
    state: 'NL',
    country: 'Canada',
  });
  expect(profileLocation({ city: 'NY', state: null, country: null })).toBeNull();
  expect(profileLocation({ city: 'Paris 75', state: null, country: null })).toBeNull();
  expect(profileLocation({ city: 'Paris', state: 'X', country: null })).toBeNull();
  expect(profileLocation({ city: '', state: 'CA', country: 'US' })).toBeNull();
});

test('hidden when weather fails or the position is refused', async () => {
  geolocation((_ok, fail) => fail!({ code: 1, message: 'denied' } as GeolocationPositionError));
  const refused = jest.fn();
  const { unmount } = mount(refused);
  await waitFor(() => expect(screen.queryByTestId('header-weather')).toBeNull());
  expect(refused).not.toHaveBeenCalled();
  unmount();

  place('Atlantis');
  const notFound = jest.fn().mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Location not found'));
  mount(notFound);
  await waitFor(() => expect(notFound).toHaveBeenCalledTimes(1));
  expect(screen.queryByTestId('header-weather')).toBeNull();
});
