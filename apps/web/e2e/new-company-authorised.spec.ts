import { describe, expect, it } from 'vitest';
import { expectPath, latestMail, signInWithPassword, uniqueEmail, useBrowser } from './support/journey';

describe('journey: the platform super admin authorises a new company; its admin gets in and applies a promo code', () => {
  const browser = useBrowser();

  it('signs up, verifies, waits; the super admin authorises it from /superadmin/companies; the admin is mailed, moves on, applies LAUNCH20 and sees the new price', async () => {
    const email = uniqueEmail('founder');
    const stamp = Date.now().toString(36);
    const companyName = `Authorise Me ${stamp}`;
    const signup = await fetch(browser.url('/api/selfsignup'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyName, slug: `auth-${stamp}`, firstName: 'Fay', lastName: 'Founder', email, mobile: '+1 555 010 0100', password: 'Founder123' }),
    });
    expect(signup.status).toBe(201);

    const page = await browser.newPage();
    await latestMail(browser.baseUrl, email, /Welcome|Verify/);
    await page.goto(browser.url(`/dev/mailbox?email=${encodeURIComponent(email)}`));
    await page.getByRole('link', { name: /\/verify\?key=/ }).first().click();
    await page.getByRole('heading', { name: 'Email verified', level: 1 }).waitFor();

    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'superadmin@platform.test');
    await expectPath(page, '/superadmin');
    await page.getByRole('heading', { name: 'Waiting for authorisation', level: 2 }).waitFor();

    await page.goto(browser.url('/superadmin/companies?state=pending'));
    await page.getByRole('textbox', { name: /Search/ }).fill(email);
    await page.getByRole('button', { name: `Authorise ${companyName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Authorise ${companyName}?` });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('e2e journey');
    await dialog.getByRole('button', { name: 'Authorise company' }).click();
    await page.getByText(`${companyName} is authorised. Its admin has been mailed.`).waitFor();

    // Authorised, it has left the pending list: find it among all companies.
    await page.goto(browser.url('/superadmin/companies'));
    await page.getByRole('textbox', { name: /Search/ }).fill(email);
    await page.getByRole('link', { name: companyName }).click();
    await page.getByRole('heading', { name: companyName, level: 1 }).waitFor();
    await page.getByText('Reason: e2e journey').waitFor();

    const mail = await latestMail(browser.baseUrl, email, /is ready on/);
    expect(mail.text).toContain('/login');

    await page.goto(browser.url('/logout'));
    await expectPath(page, '/login');
    await signInWithPassword(page, email, 'Founder123');
    await expectPath(page, '/user-options');
    // It finishes the first-run choice and opens the Subscription page: a Growth trial; a promo code lowers the price.
    await page.getByRole('radio', { name: 'Look around first' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expectPath(page, '/dashboard');
    await page.goto(browser.url('/company-settings/Subscription'));
    await page.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Current plan: Growth' }).waitFor();
    await page.getByText('Free trial', { exact: true }).waitFor();
    await page.getByText(/Seats: 1 of 25 used/).waitFor();

    const newPrice = '€319.20'; // Growth's €399.00 less 20%
    await page.getByRole('textbox', { name: 'Promo code' }).fill('launch20');
    await page.getByRole('button', { name: 'Apply code' }).click();
    await page.getByText(`Promo code LAUNCH20 applied. Your plan now costs ${newPrice} a month.`).waitFor();
    await page.getByLabel('Monthly price').getByText(`${newPrice} a month`).waitFor();
    expect(await page.getByText(/LAUNCH20/).first().isVisible()).toBe(true);

    // Applying it again is refused in words: one use per company.
    await page.getByRole('textbox', { name: 'Promo code' }).fill('LAUNCH20');
    await page.getByRole('button', { name: 'Apply code' }).click();
    await page.getByRole('alert').getByText('Your company has already used this promo code.').waitFor();
  });
});
