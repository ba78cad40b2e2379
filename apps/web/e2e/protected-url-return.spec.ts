import { describe, it } from 'vitest';
import { expectPath, signInWithPassword, useBrowser } from './support/journey';

describe('journey: a protected URL opened while signed out comes back after sign-in', () => {
  const browser = useBrowser();

  it('goes to /login, then back to the URL', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/dashboard?tab=tasks'));
    await expectPath(page, '/login');
    await signInWithPassword(page, 'recruiter@acme.test');
    await expectPath(page, '/dashboard?tab=tasks');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });

  it('signing out goes to /login and the dashboard is closed again', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'recruiter@acme.test');
    await expectPath(page, '/dashboard');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectPath(page, '/login');
    await page.goto(browser.url('/dashboard'));
    await expectPath(page, '/login');
  });
});
