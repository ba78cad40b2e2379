import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../scripts/lib/browser.mjs';
import { expectPath, signInWithPassword, useBrowser } from './support/journey';

async function openBoard(page: Page, url: (p: string) => string, email: string, jobTitle: string) {
  await page.goto(url('/login'));
  await signInWithPassword(page, email);
  await expectPath(page, '/dashboard');
  await page.goto(url('/workflow'));
  await page.getByRole('heading', { level: 1, name: /^Workflow/ }).waitFor();
  const heading = page.getByRole('heading', { level: 1, name: `Workflow: ${jobTitle}` });
  if (!(await heading.isVisible())) {
    await page.getByRole('textbox', { name: 'Job' }).or(page.getByRole('combobox', { name: 'Job' })).first().click();
    await page.getByRole('option', { name: new RegExp(`^${jobTitle}`) }).first().click();
    await heading.waitFor();
  }
  await page.getByRole('list', { name: 'Applied applicants' }).getByRole('listitem').first().waitFor();
}

// Two recruiters have the same board open in two browsers; one moves a card with the keyboard and the
// other sees it arrive in its new column without reloading (GET /api/events).
describe('journey: a board that updates itself', () => {
  const browser = useBrowser();

  it("shows a colleague's move on my open board", async () => {
    const second = await launchBrowser();
    try {
      const rita = await browser.newPage();
      const ada = await second.context.newPage();
      const job = 'Technical Writer';
      await openBoard(rita, browser.url, 'recruiter@acme.test', job);
      await openBoard(ada, browser.url, 'admin@acme.test', job);

      const screenList = (page: Page) => page.getByRole('list', { name: 'Phone screen applicants' });
      const handle = rita.getByRole('list', { name: 'Applied applicants' }).getByRole('button', { name: /^Drag / }).first();
      const name = ((await handle.getAttribute('aria-label')) ?? '').replace(/^Drag /, '');
      expect(name).not.toBe('');
      const before = await screenList(ada).getByText(name, { exact: true }).count();
      expect(before).toBe(0);

      // Each key waits for what a screen-reader user would hear before the next.
      await handle.focus();
      await rita.keyboard.press('Space');
      await rita.getByText(`Picked up ${name} in Applied.`).waitFor();
      await rita.keyboard.press('ArrowRight');
      await rita.getByText(`${name} is over Phone screen.`).waitFor();
      await rita.keyboard.press('Space');
      await rita.getByText(`${name} moved to Phone screen.`).waitFor();
      await screenList(rita).getByText(name, { exact: true }).waitFor();

      // Ada did nothing: the card arrives on her board by itself.
      await screenList(ada).getByText(name, { exact: true }).waitFor({ timeout: 15_000 });
      await expect.poll(() => ada.getByRole('list', { name: 'Applied applicants' }).getByText(name, { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    } finally {
      await second.close();
    }
  });
});
