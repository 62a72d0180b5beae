/** Leaving the app for another site, e.g. Stripe's hosted Checkout (a full navigation; an object so tests can replace it). */
export const browser = {
  go: (url: string) => window.location.assign(url),
};
