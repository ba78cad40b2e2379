import { describe, expect, it } from 'vitest';
import { CaptchaTestText } from '../scripts/lib/app-server.mjs';
import { expectPath, latestMail, signInWithPassword, uniqueEmail, useBrowser } from './support/journey';

describe('journey: forgot password -> mail -> reset -> sign in with the new password', () => {
  const browser = useBrowser();

  it('resets the password through the mailed link', async () => {
    // An Acme employee of their own, so the demo accounts keep their password.
    const email = uniqueEmail('forgetful', 'acme.test');
    const signup = await fetch(browser.url('/api/employeeSelfSignUp'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Fred', lastName: 'Forgetful', email, password: 'OldPass123' }),
    });
    expect(signup.status).toBe(201);

    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: /^Captcha/ }).fill(CaptchaTestText);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'sent a link to reset the password' }).waitFor();

    const mail = await latestMail(browser.baseUrl, email, /Reset your/);
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?hashKey=\S+/)?.[0];
    expect(link).toBeTruthy();
    const resetUrl = new URL(link!);
    await page.goto(browser.url(`${resetUrl.pathname}${resetUrl.search}`));
    await page.getByLabel(/^New password/).fill('NewPass456');
    await page.getByLabel(/^Confirm new password/).fill('NewPass456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInWithPassword(page, email, 'OldPass123');
    await page.getByRole('alert').filter({ hasText: 'Oops! please enter valid credentials' }).waitFor();
    await page.getByRole('button', { name: 'Change email' }).click();
    await signInWithPassword(page, email, 'NewPass456');
    // The reset link proved the mailbox, so the account is verified and lands on the dashboard.
    await expectPath(page, '/dashboard');
    await page.getByText('Welcome, Fred Forgetful').waitFor();
  });

  it('an used or unknown link says it is invalid and offers a new one', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url(`/reset-password?hashKey=${'x'.repeat(40)}`));
    await page.getByRole('heading', { name: 'This link has expired', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await expectPath(page, '/forgot-password');
  });
});
