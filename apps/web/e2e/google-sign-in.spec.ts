import { describe, expect, it } from 'vitest';
import { expectPath, signInWithPassword, useBrowser } from './support/journey';

// The server runs with Google configured against a local OpenID Connect provider (e2e/support/global-setup.ts):
// the browser really goes there and is redirected back with a code, as it would be from accounts.google.com.
describe('journey: Google sign-in, sign-up and connecting Gmail against the local provider', () => {
  const browser = useBrowser();

  it('signs in with Google from /login and lands on the dashboard', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await page.getByRole('textbox', { name: 'Email' }).fill('hm@acme.test');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/\/googleSignin\?/, { timeout: 15_000 });
    await expectPath(page, '/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null);
    expect(user?.email).toBe('hm@acme.test');
  });

  it('signs up with Google and goes on to name the company at /onboarding', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/signup'));
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expectPath(page, '/onboarding');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
  });

  it('connects Gmail from My integrations and shows it connected as the signed-in address', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'recruiter@acme.test');
    await expectPath(page, '/dashboard');
    await page.goto(browser.url('/user-preferences/myintegrations'));
    await page.getByRole('button', { name: 'Connect Gmail' }).click();
    await page.waitForURL(/\/gmailAuth\?/, { timeout: 15_000 });
    await expectPath(page, '/user-preferences/myintegrations');
    const mailbox = page.getByRole('table', { name: 'Mailbox' });
    const gmail = mailbox.getByRole('row').filter({ hasText: 'Gmail' });
    await gmail.getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await gmail.textContent()).toContain('recruiter@acme.test');
    expect(await page.getByRole('button', { name: 'Disconnect Gmail' }).isVisible()).toBe(true);
  });
});
