import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CaptchaTestText } from '../../scripts/lib/app-server.mjs';
import { launchBrowser } from '../../scripts/lib/browser.mjs';

export const DemoPassword = 'Demo@12345';

/** A Chromium profile for one spec file; each test gets fresh pages and an empty storage. */
export function useBrowser() {
  const baseUrl = inject('baseUrl');
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const pages: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const [first] = pages;
    if (first && !first.isClosed()) await first.evaluate(() => (localStorage.clear(), sessionStorage.clear())).catch(() => {});
    for (const page of pages.splice(0)) await page.close().catch(() => {});
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl,
    get context(): BrowserContext {
      return browser.context;
    },
    async newPage(): Promise<Page> {
      const page = await browser.context.newPage();
      pages.push(page);
      return page;
    },
    url: (path: string) => `${baseUrl}${path}`,
  };
}

/** Signs in through the password mode of /login, as a person would. */
export async function signInWithPassword(page: Page, email: string, password = DemoPassword) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel(/^Password/).fill(password);
  // A person reads the captcha once its image shows (a fresh one replaces a used one after a refusal).
  await page.getByRole('img', { name: /^Captcha/ }).waitFor();
  await page.getByRole('textbox', { name: /^Captcha/ }).fill(CaptchaTestText);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function expectPath(page: Page, path: string) {
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: 15_000 }).toBe(path);
}

/** The newest dev-outbox mail to an address (the API keeps mails when no SMTP server is set). */
export async function latestMail(baseUrl: string, to: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as { subject: string; text: string }[];
        found = mails.find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export function uniqueEmail(prefix: string, domain = 'e2e.test') {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@${domain}`;
}
