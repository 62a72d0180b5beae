import type { ComponentType } from 'react';
import type { RemoteModule } from '@atrium/contracts';
import { retryImport } from '@atrium/ui/core';

export type WidgetLoad = RemoteModule['widgets'][number]['load'];

const components = new WeakMap<WidgetLoad, ComponentType>();
const pending = new WeakMap<WidgetLoad, Promise<ComponentType>>();

/** A home widget's component if its chunk has arrived. */
export function loadedWidget(load: WidgetLoad): ComponentType | undefined {
  return components.get(load);
}

/**
 * Fetches a home widget's chunk once (retried like any chunk; a failure is forgotten, so the next call tries again).
 * Called as soon as its remote's module arrives, before the grid renders its card.
 */
export function loadWidget(load: WidgetLoad): Promise<ComponentType> {
  let p = pending.get(load);
  if (!p) {
    p = retryImport(load).then(
      (m) => {
        components.set(load, m.default);
        return m.default;
      },
      (error: unknown) => {
        pending.delete(load);
        throw error;
      },
    );
    pending.set(load, p);
  }
  return p;
}

/** Starts fetching a widget's chunk; its card picks the result up (or the error) when it renders. */
export function preloadWidget(load: WidgetLoad): void {
  loadWidget(load).catch(() => undefined);
}
