import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../scripts/lib/browser.mjs';
import { CaptchaTestText } from '../scripts/lib/app-server.mjs';
import { DemoPassword, expectPath, latestMail, signInWithPassword, uniqueEmail, useBrowser } from './support/journey';

// In the demo data TalentBridge Partners (agency@talentbridge.test) is Acme's approved agency and Northwind
// Talent (nora@northwind-talent.test) waits for Ada's approval; both work on the same Acme job.
const talentBridgeLink = '/agencies-login/acme/6a9e0000000000000000a001';

async function agencySignIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('textbox', { name: /^Captcha/ }).fill(CaptchaTestText);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/applied-by-agencies');
}

async function submitCandidate(page: Page, jobTitle: string, person: { first: string; last: string; email: string }) {
  await page.getByRole('tab', { name: 'Submit a candidate' }).click();
  const form = page.getByRole('form', { name: 'Submit a candidate' });
  await form.getByRole('textbox', { name: /^Job/ }).or(form.getByRole('combobox', { name: /^Job/ })).first().click();
  await page.getByRole('option', { name: new RegExp(`^${jobTitle} \\(`) }).click();
  await form.getByLabel(/^First name/).fill(person.first);
  await form.getByLabel(/^Last name/).fill(person.last);
  await form.getByLabel(/^Email/).fill(person.email);
  await form.getByRole('button', { name: 'Submit candidate' }).click();
}

// An agency is approved through the chain and its contact chooses a password from the invitation; the
// approved agency's user submits a candidate through their link; the new agency's submission of the same
// person is refused, naming who submitted them first.
describe('journey: agencies submit candidates through their portal', () => {
  const browser = useBrowser();

  it('approves an agency, submits a candidate, and refuses a second agency the same person', async () => {
    // Ada approves Northwind Talent from her dashboard.
    const ada = await browser.newPage();
    await ada.goto(browser.url('/login'));
    await signInWithPassword(ada, 'admin@acme.test');
    await expectPath(ada, '/dashboard');
    await ada.getByRole('link', { name: /Northwind Talent/ }).first().click();
    await ada.waitForURL(/\/agency-approval\/[a-f0-9]{24}$/);
    await ada.getByRole('button', { name: 'Approve', exact: true }).click();

    // Its contact gets the invitation with the agency's own sign-in link and a key to choose a password.
    const invite = await latestMail(browser.baseUrl, 'nora@northwind-talent.test', /invites Northwind Talent/);
    const link = /(\/agencies-login\/acme\/[a-f0-9]{24})\?key=([\w%-]+)/.exec(invite.text);
    expect(link).not.toBeNull();
    const second = await launchBrowser();
    try {
      const nora = await second.context.newPage();
      await nora.goto(browser.url(`${link![1]}?key=${link![2]}`));
      await nora.getByLabel(/^New password/).fill('Northwind@2026');
      await nora.getByLabel(/^Confirm new password/).fill('Northwind@2026');
      await nora.getByRole('button', { name: 'Save password' }).click();
      await nora.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await agencySignIn(nora, 'nora@northwind-talent.test', 'Northwind@2026');
      const jobHeading = nora.getByRole('tabpanel', { name: 'Jobs' }).getByRole('heading', { level: 2 }).first();
      await jobHeading.waitFor({ timeout: 20_000 });
      const jobTitle = (await jobHeading.innerText()).trim();

      // Tara of TalentBridge signs in through her agency's link and submits a candidate to that job.
      const tara = await browser.newPage();
      await tara.goto(browser.url(talentBridgeLink));
      await tara.getByRole('heading', { level: 1 }).waitFor();
      await agencySignIn(tara, 'agency@talentbridge.test', DemoPassword);
      const person = { first: 'Priya', last: 'Portal', email: uniqueEmail('priya') };
      await submitCandidate(tara, jobTitle, person);
      await tara.getByRole('status').filter({ hasText: `Priya Portal was submitted to ${jobTitle}` }).waitFor({ timeout: 20_000 });
      await tara.getByRole('tab', { name: 'Submissions' }).click();
      await tara.getByRole('tabpanel', { name: 'Submissions' }).getByText('Priya Portal').first().waitFor();

      // Northwind submits the same person: refused, naming TalentBridge and the day, and the form keeps what was typed.
      await submitCandidate(nora, jobTitle, person);
      const refused = nora.getByRole('alert').filter({ hasText: 'already submitted to the company by TalentBridge Partners' });
      await refused.waitFor({ timeout: 20_000 });
      expect(await refused.innerText()).toMatch(/on \d{4}-\d{2}-\d{2}/);
      await expect(nora.getByRole('form', { name: 'Submit a candidate' }).getByLabel(/^Email/).inputValue()).resolves.toBe(person.email);

      // An agency's session reaches no company page: the app sends it back to the portal.
      await nora.goto(browser.url('/dashboard'));
      await expectPath(nora, '/applied-by-agencies');
    } finally {
      await second.close();
    }
  });
});
