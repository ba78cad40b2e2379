/** The browser leaves for the provider's checkout page (an object so tests can watch it instead of navigating). */
export const checkoutNavigation = { assign: (url: string) => window.location.assign(url) };
