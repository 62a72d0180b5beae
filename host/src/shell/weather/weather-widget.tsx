import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api, isApiError, sessionView } from '@atrium/api-client';
import { GEOLOCATION_TIMEOUT_MS, WEATHER_REFRESH_MS, WEATHER_RETRIES } from '@atrium/contracts';
import {
  fahrenheitToCelsius,
  weatherKeys,
  type Weather,
  type WeatherCondition,
  weatherLocationSchema,
  type WeatherLocation,
  type WeatherQuery,
} from '@atrium/domain-identity/weather';
import { Text } from '@atrium/ui';
import { useWeatherSettings } from './weather-settings';

export type FetchWeather = (where: WeatherQuery) => Promise<Weather>;

const fetchFromApi: FetchWeather = async (where) =>
  (await api.get<{ data: Weather }>('weather', where as Record<string, string | number>)).data;

const ICON: Record<WeatherCondition, [day: string, night: string]> = {
  sunny: ['☀️', '🌙'],
  cloudy: ['☁️', '☁️'],
  rainy: ['🌧️', '🌧️'],
  snowy: ['❄️', '❄️'],
  stormy: ['⛈️', '⛈️'],
};

/** §9: retries 2 times, the delay doubling from 1 s; a refusal (4xx: 'Location not found') is not retried. */
export const weatherRetry = (failures: number, error: unknown) =>
  failures < WEATHER_RETRIES && !(isApiError(error) && error.status < 500);
export const weatherRetryDelay = (attempt: number) => 1000 * 2 ** attempt;

/** The profile's City, State/Region and Country when they meet the spec's location rules (§5), else null. */
export function profileLocation(
  user: { city?: string | null; state?: string | null; country?: string | null } | null | undefined,
): WeatherLocation | null {
  if (!user?.city?.trim()) return null;
  const parsed = weatherLocationSchema.safeParse({
    city: user.city,
    state: user.state?.trim() || undefined,
    country: user.country?.trim() || undefined,
  });
  return parsed.success ? parsed.data : null;
}

type Position = { lat: number; lon: number } | 'pending' | 'failed';

/** The browser's position (10 s timeout), asked only when the profile names no place. */
function usePosition(enabled: boolean): Position {
  const [pos, setPos] = useState<Position>('pending');
  useEffect(() => {
    if (!enabled) return;
    if (!('geolocation' in navigator)) {
      setPos('failed');
      return;
    }
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => live && setPos({ lat: p.coords.latitude, lon: p.coords.longitude }),
      () => live && setPos('failed'),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: WEATHER_REFRESH_MS },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return pos;
}

/**
 * The header's weather: the profile's City/State/Country if set (and valid per §5), else the browser's position; the temperature in the user's
 * unit, refreshed every 30 min. Renders nothing while loading and when weather fails (spec: the widget hides).
 */
export default function WeatherWidget({ fetchWeather = fetchFromApi }: { fetchWeather?: FetchWeather }) {
  const user = useSnapshot(sessionView).user;
  const settings = useWeatherSettings(user?.id);
  const place = profileLocation(user);
  const pos = usePosition(!place);
  const where: WeatherQuery | null = place ?? (typeof pos === 'object' ? pos : null);
  const { data } = useQuery({
    queryKey: weatherKeys.current(JSON.stringify(where)),
    queryFn: () => fetchWeather(where!),
    enabled: where !== null,
    retry: weatherRetry,
    retryDelay: weatherRetryDelay,
    staleTime: WEATHER_REFRESH_MS,
    refetchInterval: WEATHER_REFRESH_MS,
    refetchOnWindowFocus: false,
    throwOnError: false,
  });
  if (!where || !data) return null;
  const temp = Math.round(settings.unit === 'C' ? fahrenheitToCelsius(data.temp) : data.temp);
  const label = `${temp}°${settings.unit}, ${data.condition}${data.location ? `, ${data.location}` : ''}`;
  return (
    <Text
      size="sm"
      c="dimmed"
      visibleFrom="sm"
      data-testid="header-weather"
      title={label}
      aria-label={`Weather: ${label}`}
    >
      <span aria-hidden>{ICON[data.condition][data.isDay ? 0 : 1]}</span> {temp}°{settings.unit}
    </Text>
  );
}
