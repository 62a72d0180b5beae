/**
 * Lets waiting requests run. PGlite runs a query synchronously inside its promise and row checks are plain CPU
 * work, so a long loop of them would otherwise hold the event loop — and every other request — until it ends.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
