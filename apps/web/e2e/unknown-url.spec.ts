import { describe, expect, it } from 'vitest';
import { expectPath, useBrowser } from './support/journey';

describe('journey: an unknown URL shows /404', () => {
  const browser = useBrowser();

  it('redirects to /404 with the not-found page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(browser.url('/this/page/does-not-exist'));
    expect(response?.status()).toBe(200);
    await expectPath(page, '/404');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
  });
});
