import { loadHomeWidgets } from '../federation/remotes';
import { preloadWidget } from '../pages/widget-loader';

/** A cold load of '/': the widget remotes' entries, modules and widget chunks, before the page renders. */
export function startHomeWidgets(): void {
  void loadHomeWidgets((w) => preloadWidget(w.load));
}
