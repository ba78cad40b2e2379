import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/journey';

describe('journey: open /login and see the sign-in form', () => {
  const browser = useBrowser();

  it('shows the email step of the sign-in form', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isEnabled()).toBe(true);
    expect(await page.getByRole('main').count()).toBe(1);
  });
});
