import { Suspense, lazy, useEffect, useState } from 'react';
import { ErrorBoundary } from '@atrium/ui';

const WeatherWidget = lazy(() => import(/* webpackChunkName: "weather" */ './weather/weather-widget'));

/**
 * The weather widget's place in the header: its code and its request start only once the browser is idle after the
 * first paint (no request and nothing added to the shell's first chunk); a failure renders nothing.
 */
export function HeaderWeather() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <ErrorBoundary resetKey="weather" fallback={() => null}>
      <Suspense fallback={null}>
        <WeatherWidget />
      </Suspense>
    </ErrorBoundary>
  );
}
