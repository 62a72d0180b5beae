import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from '@atrium/ui';
import { readWeatherSettings } from '../../shell/weather/weather-settings';
import { WeatherCard } from './weather-card';

jest.mock('@atrium/api-client', () => {
  const actual = jest.requireActual('@atrium/api-client');
  const { proxy } = jest.requireActual('valtio');
  return {
    ...actual,
    sessionView: proxy({
      status: 'authenticated',
      user: { id: 'u7', city: 'Springfield', state: 'Missouri', country: null },
    }),
  };
});

test('the unit is saved per user; the place comes from the profile address', async () => {
  localStorage.clear();
  render(
    <UiProvider env="test">
      <WeatherCard />
    </UiProvider>,
  );
  expect(screen.getByTestId('weather-place')).toHaveTextContent(
    'The header shows the weather in Springfield, Missouri.',
  );
  expect(readWeatherSettings('u7').unit).toBe('F');
  await userEvent.click(screen.getByText('°C'));
  expect(readWeatherSettings('u7').unit).toBe('C');
  expect(readWeatherSettings('someone-else').unit).toBe('F');
});
