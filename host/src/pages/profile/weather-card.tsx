import { useSnapshot } from 'valtio';
import { sessionView } from '@atrium/api-client';
import type { TemperatureUnit } from '@atrium/domain-identity/weather';
import { Paper, SegmentedControl, Stack, Text, Title } from '@atrium/ui';
import { profileLocation } from '../../shell/weather/weather-widget';
import { saveWeatherSettings, useWeatherSettings } from '../../shell/weather/weather-settings';

/**
 * Profile → General: the header weather's unit (°F or °C, saved at once) and which place it shows — the City,
 * State/Region and Country above when they meet the location rules, else the browser's position.
 */
export function WeatherCard() {
  const user = useSnapshot(sessionView).user;
  const { unit } = useWeatherSettings(user?.id);
  const place = profileLocation(user);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Weather
        </Title>
        <SegmentedControl
          aria-label="Temperature unit"
          w="fit-content"
          value={unit}
          onChange={(v) => user && saveWeatherSettings(user.id, { unit: v as TemperatureUnit })}
          data={[
            { value: 'F', label: '°F' },
            { value: 'C', label: '°C' },
          ]}
        />
        <Text size="sm" c="dimmed" data-testid="weather-place">
          {place
            ? `The header shows the weather in ${[place.city, place.state, place.country].filter(Boolean).join(', ')}.`
            : 'The header shows the weather where your browser is. Enter a city (at least 3 letters) with its ' +
              'state and country (at least 2 letters each) above to choose a place instead.'}
        </Text>
      </Stack>
    </Paper>
  );
}
