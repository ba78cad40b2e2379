import { describe, expect, it } from 'vitest';
import { expectPath, signInWithPassword, useBrowser } from './support/journey';

describe('journey: an unknown URL shows /404', () => {
  const browser = useBrowser();

  it('redirects to /404 with the not-found page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(browser.url('/this/page/does-not-exist'));
    expect(response?.status()).toBe(200);
    await expectPath(page, '/404');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
  });

  it('signed in, the not-found page sits inside the app shell, one click from the dashboard', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'recruiter@acme.test');
    await expectPath(page, '/dashboard');
    await page.goto(browser.url('/this/page/does-not-exist'));
    await expectPath(page, '/404');
    await page.getByRole('main').getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await expectPath(page, '/dashboard');
  });
});
