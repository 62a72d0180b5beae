import { useEffect, useState } from 'react';
import type { TemperatureUnit } from '@atrium/domain-identity/weather';

/** The user's weather choice (profile → General): °F (the default) or °C. The place is the profile's own address. */
export interface WeatherSettings {
  unit: TemperatureUnit;
}

export const DEFAULT_WEATHER_SETTINGS: WeatherSettings = { unit: 'F' };
const EVENT = 'atrium:weather-settings';
const keyOf = (userId: string) => `weatherSettings:${userId}`;

/** Kept in this browser's local storage per user (docs/requirements.md, "Weather and clock"). */
export function readWeatherSettings(userId: string | undefined): WeatherSettings {
  if (!userId) return DEFAULT_WEATHER_SETTINGS;
  try {
    const raw = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Partial<WeatherSettings> | null;
    return { unit: raw?.unit === 'C' ? 'C' : 'F' };
  } catch {
    return DEFAULT_WEATHER_SETTINGS;
  }
}

export function saveWeatherSettings(userId: string, settings: WeatherSettings): void {
  localStorage.setItem(keyOf(userId), JSON.stringify(settings));
  window.dispatchEvent(new Event(EVENT));
}

/** The settings, following a save in this tab or another. */
export function useWeatherSettings(userId: string | undefined): WeatherSettings {
  const [settings, setSettings] = useState(() => readWeatherSettings(userId));
  useEffect(() => {
    const update = () => setSettings(readWeatherSettings(userId));
    update();
    window.addEventListener(EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, [userId]);
  return settings;
}
