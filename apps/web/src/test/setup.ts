import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearAllStorage } from '@/lib/session';

// Lazy pages load their chunks on first render, and CI runs two test files at once on two busy cores:
// waits get a minute instead of the default second (a passing wait returns as soon as it is met; a starved
// machine once needed more than twenty seconds to filter the time zone list). This is the one wait for every
// test; tests do not set shorter ones of their own.
configure({ asyncUtilTimeout: 60_000 });

// jsdom lacks what Mantine asks of the browser.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}
Element.prototype.scrollIntoView ??= () => {};
if (!('fonts' in document)) {
  // Mantine's autosizing textarea listens for web fonts loading.
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() } });
}

afterEach(() => {
  cleanup();
  clearAllStorage();
});
