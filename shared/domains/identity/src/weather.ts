/**
 * Weather (header widget, profile location): wire schemas shared by the server proxy (modules/weather) and the
 * host, the spec's location rules (§5), condition bands and day window (§9), and the °F → °C conversion.
 * Kept apart from the identity slice's index so the header's lazy widget pulls only this small file.
 */
import * as z from 'zod';

export const WEATHER_TEXTS = {
  unavailable: 'Unable to fetch weather data',
  notFound: 'Location not found',
} as const;

export const WEATHER_CONDITIONS = ['sunny', 'cloudy', 'rainy', 'snowy', 'stormy'] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

/** §9: 0-3 sunny, 45-48 cloudy, 51-67 rainy, 71-77 snowy, 95-99 stormy, any other sunny. */
export function conditionOf(code: number): WeatherCondition {
  if (code >= 45 && code <= 48) return 'cloudy';
  if (code >= 51 && code <= 67) return 'rainy';
  if (code >= 71 && code <= 77) return 'snowy';
  if (code >= 95 && code <= 99) return 'stormy';
  return 'sunny';
}

/** §9: day is 06:00 to 18:00 local time (the location's), 18:00 itself already night. */
export const isDayHour = (hour: number) => hour >= 6 && hour < 18;

export const fahrenheitToCelsius = (f: number) => ((f - 32) * 5) / 9;

export const TEMPERATURE_UNITS = ['F', 'C'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

const LOCATION_CHARS = /^[\p{L} .'’-]+$/u;
const part = (min: number, label: string) =>
  z
    .string()
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(100, `${label} must be at most 100 characters`)
    .regex(LOCATION_CHARS, `${label} may contain only letters, spaces, hyphens, apostrophes and periods`);

/** §5 weather location parts: city ≥ 3, state and country ≥ 2; letters, spaces, hyphens, apostrophes, periods. */
export const weatherLocationSchema = z.object({
  city: part(3, 'City'),
  state: part(2, 'State').optional(),
  country: part(2, 'Country').optional(),
});
export type WeatherLocation = z.infer<typeof weatherLocationSchema>;

/** GET /weather: either coordinates (the browser's geolocation) or a named location (the profile's). */
export const weatherQuerySchema = z.union([
  z
    .object({
      lat: z.coerce.number().min(-90).max(90),
      lon: z.coerce.number().min(-180).max(180),
    })
    .strict(),
  weatherLocationSchema.strict(),
]);
export type WeatherQuery = z.input<typeof weatherQuerySchema>;

/** The Weather entity (§3): temp in °F as the forecast gives it; the browser converts for a °C user. */
export const weatherSchema = z.object({
  temp: z.number(),
  condition: z.enum(WEATHER_CONDITIONS),
  location: z.string(),
  isDay: z.boolean(),
});
export type Weather = z.infer<typeof weatherSchema>;

export const weatherAnswerSchema = z.object({ success: z.literal(true), data: weatherSchema });

export const weatherKeys = {
  /** One location's current weather ('coords' rounded as the server caches them, or the named place). */
  current: (where: string) => ['weather', where] as const,
};
