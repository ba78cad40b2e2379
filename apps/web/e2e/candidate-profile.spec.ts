import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expectPath, latestMail, signInWithPassword, useBrowser } from './support/journey';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signInAs(page: Page, url: (p: string) => string, email: string) {
  await page.goto(url('/logout'));
  await expectPath(page, '/login');
  await signInWithPassword(page, email);
  await expectPath(page, '/dashboard');
}

// A recruiter opens a pinned profile, writes a note mentioning the hiring manager (picked from the keyboard)
// and adds the candidate to a job; the hiring manager gets a mail and finds the note on his dashboard.
describe('journey: candidate profile, note with a mention, add to job', () => {
  const browser = useBrowser();

  it('takes a note from the recruiter to the hiring manager', async () => {
    const page = await browser.newPage();
    await signInAs(page, browser.url, 'recruiter@acme.test');
    await page.getByRole('link', { name: 'Pinned profiles' }).click();
    await expectPath(page, '/database-pinned-profiles');
    const first = page.getByRole('table').getByRole('link').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Profile viewed by Rita Recruiter').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const note = `Call back about the offer ${Date.now().toString(36)} `;
    const box = page.getByRole('textbox', { name: 'Add a note' });
    await box.click();
    await box.pressSequentially(`${note}@Hank`);
    await page.getByRole('option', { name: /Hank Manager/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(`${note}@Hank Manager `);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('list', { name: 'Notes so far' }).getByText(`${note}@Hank Manager`).waitFor();

    const mail = await latestMail(browser.baseUrl, 'hm@acme.test', new RegExp(`Rita Recruiter mentioned you in a note on ${name}`));
    expect(mail.text).toContain(note.trim());

    await page.getByRole('button', { name: 'Add to job' }).click();
    const dialog = page.getByRole('dialog', { name: /to a job/ });
    await dialog.getByRole('combobox', { name: 'Job' }).click();
    const option = page.getByRole('option').first();
    await option.waitFor();
    const jobTitle = (await option.textContent())!.replace(/ \([^)]*\)$/, '');
    await option.click();
    await dialog.getByRole('button', { name: 'Add to job' }).click();
    await page.getByText(`Added to ${jobTitle}.`).waitFor();
    await page.getByRole('region', { name: 'Applications' }).getByRole('link', { name: jobTitle }).click();
    await page.getByRole('heading', { level: 1, name: `${name} for ${jobTitle}` }).waitFor();

    await signInAs(page, browser.url, 'hm@acme.test');
    const mentions = page.getByRole('region', { name: 'Mentions' });
    await mentions.getByText(note.trim(), { exact: false }).waitFor();
    await mentions.getByRole('link', { name }).first().click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });
});
