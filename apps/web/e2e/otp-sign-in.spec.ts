import { describe, expect, it } from 'vitest';
import { expectPath, latestMail, useBrowser } from './support/journey';

describe('journey: OTP sign-in through the dev mailbox', () => {
  const browser = useBrowser();

  it('sends a code, reads it from the mailbox and signs in', async () => {
    const email = 'hm@acme.test';
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await page.getByRole('button', { name: 'Sign in with a one-time code' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
    expect(await page.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled()).toBe(true);

    const mail = await latestMail(browser.baseUrl, email, /sign-in code/);
    const code = mail.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByRole('textbox', { name: /6-digit code/ }).fill('000000' === code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Oops! Invalid OTP.' }).waitFor();

    await page.getByRole('textbox', { name: /6-digit code/ }).fill(code!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(page, '/dashboard');
    await page.getByText('Welcome, Hank Manager').waitFor();
  });
});
