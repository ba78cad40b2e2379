#!/usr/bin/env node
// Time from navigation to the /login form being interactive, in headless Chromium against the built
// server on localhost: median of 5 cold loads (HTTP cache disabled) and 5 warm ones.
// Needs apps/api/dist/server.js and apps/web/dist (the test:e2e script builds both) and Chromium.
import { startAppServer } from './lib/app-server.mjs';
import { launchBrowser } from './lib/browser.mjs';

const runs = 5;

// Records when the email field and its Continue button are in the DOM and enabled: React has mounted
// the form with its handlers at that point, so a click or a keystroke is handled.
const recordFormReady = () => {
  const check = () => {
    const email = document.querySelector('input[type="email"]');
    const button = [...document.querySelectorAll('button[type="submit"]')].find((b) => b.textContent?.trim() === 'Continue');
    if (email && button && !button.disabled && window.__formReadyAt === undefined) window.__formReadyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(context, url, { cold }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: cold });
  await page.addInitScript(recordFormReady);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__formReadyAt !== undefined, null, { timeout: 30_000 });
  const ms = await page.evaluate(() => window.__formReadyAt);
  await page.close();
  return ms;
}

const server = await startAppServer();
const browser = await launchBrowser();
try {
  const url = `${server.url}/login`;
  await measure(browser.context, url, { cold: true }); // first start of the renderer, not counted
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i += 1) cold.push(await measure(browser.context, url, { cold: true }));
  for (let i = 0; i < runs; i += 1) warm.push(await measure(browser.context, url, { cold: false }));
  const fmt = (values) => values.map((v) => v.toFixed(0)).join(', ');
  console.log('Navigation to interactive /login form (headless Chromium, localhost):');
  console.log(`  cold cache: median ${median(cold).toFixed(0)} ms  (runs: ${fmt(cold)})`);
  console.log(`  warm cache: median ${median(warm).toFixed(0)} ms  (runs: ${fmt(warm)})`);
} finally {
  await browser.close();
  await server.stop();
}
