import { expect, test } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

/**
 * Issue #21 §1: the header's weather against the local Open-Meteo fake (weather-fake.ts): the browser's position
 * first, the unit chosen in the profile, then the profile's place; an unknown place hides the widget.
 */
test.use({ geolocation: { latitude: 52.52437, longitude: 13.41053 }, permissions: ['geolocation'] });

test('weather: the header shows the forecast where the browser is, in °F then °C, then for the profile’s place', async ({
  page,
}) => {
  await signUpThroughUi(page, newUser());
  // The header (and its weather) frames the workspace's pages; home has its own welcome header.
  await page.goto('/contacts');
  const weather = page.getByTestId('header-weather');
  // The fake answers 68 °F with a weather code of 2 (mainly clear: sunny) for a place it has no figures of.
  await expect(weather).toContainText('68°F');
  await expect(weather).toHaveAttribute('aria-label', /^Weather: 68°F, sunny/);

  await page.goto('/settings/profile');
  await page.getByLabel('Temperature unit').getByText('°C', { exact: true }).click();
  await expect(weather).toContainText('20°C');

  // A place in the profile wins over the browser's position.
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State/Region').fill('Illinois');
  await page.getByLabel('Country').fill('US');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('weather-place')).toHaveText(
    'The header shows the weather in Springfield, Illinois, US.',
  );
  await expect(weather).toHaveAttribute('aria-label', /^Weather: 20°C, sunny, Springfield/);
  await page.reload();
  await expect(weather).toContainText('20°C');

  // A place the geocoder does not know: 'Location not found', and the widget hides.
  await page.getByLabel('City').fill('Atlantisville');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('weather-place')).toContainText('Atlantisville');
  await expect(weather).toBeHidden();
});
