import { describe, expect, it } from 'vitest';
import { launchBrowser } from '../scripts/lib/browser.mjs';
import { expectPath, signInWithPassword, uniqueEmail, useBrowser } from './support/journey';

// Emma (employee@acme.test) refers a friend from the dashboard's "Open positions to refer"; the company finds
// the friend in its candidate database, and Emma follows the referral on My referrals with a coarse status only.
describe('journey: an employee refers a friend from the dashboard', () => {
  const browser = useBrowser();

  it('refers a friend to an open job and follows the referral', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'employee@acme.test');
    await expectPath(page, '/dashboard');

    const card = page.getByRole('region', { name: 'Open positions to refer' });
    const firstJob = card.getByRole('listitem').first().getByRole('link').first();
    await firstJob.waitFor({ timeout: 20_000 });
    const jobTitle = (await firstJob.innerText()).trim();
    await firstJob.click();
    await page.waitForURL(/\/employee-referral\/[a-f0-9]{24}/);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: jobTitle }).first().waitFor();

    const form = page.getByRole('form', { name: 'Refer someone' });
    // Nothing is sent while the form is incomplete: the missing fields say so.
    await form.getByRole('button', { name: 'Refer' }).click();
    await form.getByText('Choose how you know them').waitFor();

    const email = uniqueEmail('friend');
    await form.getByLabel(/^First name/).fill('Frieda');
    await form.getByLabel(/^Last name/).fill('Friend');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByRole('textbox', { name: /^How do you know them/ }).or(form.getByRole('combobox', { name: /^How do you know them/ })).first().click();
    await page.getByRole('option', { name: 'We worked together' }).click();
    await form.getByLabel(/^Note for the recruiters/).fill('Great tester, we shipped two releases together.');
    await form.getByRole('button', { name: 'Refer' }).click();

    const done = page.getByRole('status').filter({ hasText: 'Frieda Friend' });
    await done.waitFor({ timeout: 20_000 });
    expect(await done.innerText()).toContain(`has been referred to ${jobTitle}`);

    // The recruiting side finds the friend in the candidate database, brought by Emma.
    const second = await launchBrowser();
    try {
      const ada = await second.context.newPage();
      await ada.goto(browser.url('/login'));
      await signInWithPassword(ada, 'admin@acme.test');
      await expectPath(ada, '/dashboard');
      await ada.getByRole('link', { name: 'Database', exact: true }).click();
      await ada.getByRole('searchbox', { name: 'Search candidates' }).fill('Frieda Friend');
      // The list refreshes as the search settles (the URL takes the words): open her profile by her name's link after that.
      await ada.waitForURL(/\/database\?q=Frieda\+Friend/, { timeout: 20_000 });
      const friend = ada.getByRole('row').filter({ hasText: 'Frieda Friend' }).getByRole('link', { name: 'Frieda Friend' });
      await friend.first().waitFor({ timeout: 20_000 });
      await Promise.all([ada.waitForURL(/\/candidate\//, { timeout: 20_000 }), friend.first().click()]);
      await ada.getByRole('heading', { level: 1, name: 'Frieda Friend' }).waitFor({ timeout: 20_000 });
      await ada.getByText(jobTitle).first().waitFor();
    } finally {
      await second.close();
    }

    // My referrals lists it as received, with nothing of the pipeline's internals.
    await page.getByRole('link', { name: 'My referrals' }).first().click();
    await expectPath(page, '/my-referrals');
    const row = page.getByRole('row').filter({ hasText: 'Frieda Friend' });
    await row.waitFor({ timeout: 20_000 });
    expect((await row.textContent()) ?? '').toContain('Received');
    expect(await row.innerText()).toContain(jobTitle);
  });
});
