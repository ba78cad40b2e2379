import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../scripts/lib/browser.mjs';
import { expectPath, latestMail, signInWithPassword, useBrowser } from './support/journey';

// Hank (hm@acme.test) is this job's hiring manager and Rita one of its recruiters in the demo data.
const job = 'Operations Analyst';

async function signIn(page: Page, url: (p: string) => string, email: string) {
  await page.goto(url('/login'));
  await signInWithPassword(page, email);
  await expectPath(page, '/dashboard');
}

/** The board of the job, whichever job it opened on. */
async function openBoard(page: Page, url: (p: string) => string) {
  await page.goto(url('/workflow'));
  await page.getByRole('heading', { level: 1, name: /^Workflow/ }).waitFor();
  const heading = page.getByRole('heading', { level: 1, name: `Workflow: ${job}` });
  if (!(await heading.isVisible())) {
    await page.getByRole('textbox', { name: 'Job' }).or(page.getByRole('combobox', { name: 'Job' })).first().click();
    await page.getByRole('option', { name: new RegExp(`^${job}`) }).first().click();
    await heading.waitFor();
  }
  await page.getByRole('list', { name: 'Applied applicants' }).getByRole('listitem').first().waitFor();
}

// The interview loop end to end: Rita schedules from the board, Emma (on the panel) follows the link of
// her invitation mail to the scorecard and submits it, and Hank (the job's hiring manager) reads it on
// the application.
describe('journey: schedule an interview, write the scorecard, read it', () => {
  const browser = useBrowser();

  it('takes an interview from the board to a scorecard the hiring manager reads', async () => {
    const rita = await browser.newPage();
    await signIn(rita, browser.url, 'recruiter@acme.test');
    await openBoard(rita, browser.url);

    const applied = rita.getByRole('list', { name: 'Applied applicants' });
    const handle = applied.getByRole('button', { name: /^Drag / }).first();
    const candidate = ((await handle.getAttribute('aria-label')) ?? '').replace(/^Drag /, '');
    expect(candidate).not.toBe('');
    const applicationPath = new URL((await applied.getByRole('link', { name: candidate, exact: true }).first().getAttribute('href'))!, browser.baseUrl).pathname;
    expect(applicationPath).toMatch(/^\/application\/[a-f0-9]{24}$/);

    await rita.getByRole('button', { name: `Actions for ${candidate}` }).click();
    await rita.getByRole('menuitem', { name: 'Schedule interview…' }).click();
    const dialog = rita.getByRole('dialog', { name: `Schedule an interview with ${candidate}` });
    await dialog.waitFor();

    // Emma joins the panel the round suggests.
    const interviewers = dialog.getByRole('textbox', { name: 'Interviewers' }).or(dialog.getByRole('combobox', { name: 'Interviewers' })).first();
    await interviewers.click();
    await interviewers.pressSequentially('Emma');
    await rita.getByRole('option', { name: /^Emma Employee/ }).click();
    await rita.keyboard.press('Escape');
    await dialog.getByRole('radio', { name: 'Video call' }).check();
    await dialog.getByRole('textbox', { name: 'Video call link' }).fill('https://meet.example.test/e2e-loop');

    // The first free time this week (next week when this week has none left).
    const slot = dialog.getByRole('group', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) / }).first().getByRole('button').first();
    const nothingThisWeek = dialog.getByText(/No free slots in this range/);
    await slot.or(nothingThisWeek).first().waitFor({ timeout: 20_000 });
    if (await nothingThisWeek.isVisible()) {
      await dialog.getByText('Next week', { exact: true }).click();
      await slot.waitFor({ timeout: 20_000 });
    }
    await slot.click();
    await dialog.getByRole('button', { name: 'Schedule interview' }).click();
    await rita.getByText('Interview scheduled').waitFor({ timeout: 20_000 });

    // Emma's invitation names her scorecard; signed out, the link goes through sign-in and back.
    const invitation = await latestMail(browser.baseUrl, 'employee@acme.test', new RegExp(`^Interview: ${candidate} `));
    const scorecardUrl = /Your scorecard: (\S+)/.exec(invitation.text)?.[1];
    expect(scorecardUrl).toMatch(/\/interviewfeedback\/[a-f0-9]{24}$/);
    const scorecardPath = new URL(scorecardUrl!).pathname;

    const second = await launchBrowser();
    try {
      const emma = await second.context.newPage();
      await emma.goto(browser.url(scorecardPath));
      await emma.getByRole('textbox', { name: 'Email' }).waitFor();
      await signInWithPassword(emma, 'employee@acme.test');
      await expectPath(emma, scorecardPath);
      const form = emma.getByRole('region', { name: 'Your scorecard' }).last();
      await form.getByRole('radiogroup', { name: 'Overall recommendation' }).or(form.getByRole('group', { name: 'Overall recommendation' })).first().waitFor();
      // Every focus attribute of the round gets a rating ("3 · Good"), then the recommendation and a note.
      const good = form.getByRole('radio', { name: '3 · Good' });
      const attributes = await good.count();
      for (let i = 0; i < attributes; i++) await good.nth(i).check();
      await form.getByRole('radio', { name: 'Strong yes', exact: true }).check();
      await form.getByRole('textbox', { name: /^Notes/ }).fill('Clear product thinking, great questions about the roadmap.');
      await form.getByRole('button', { name: 'Submit scorecard' }).click();
      await emma.getByRole('dialog', { name: 'Submit your scorecard?' }).getByRole('button', { name: 'Submit', exact: true }).click();
      await emma.getByRole('article', { name: 'Scorecard of Emma Employee' }).waitFor({ timeout: 20_000 });
    } finally {
      await second.close();
    }

    // Hank, the hiring manager, reads it on the application (his own browser: Rita's is still signed in).
    const third = await launchBrowser();
    try {
      const hank = await third.context.newPage();
      await signIn(hank, browser.url, 'hm@acme.test');
      await hank.goto(browser.url(applicationPath));
      const card = hank.getByRole('region', { name: 'Scorecards' }).getByRole('article', { name: 'Scorecard of Emma Employee' });
      await card.waitFor({ timeout: 20_000 });
      await card.getByText('Strong yes').first().waitFor();
      await card.getByText('Clear product thinking, great questions about the roadmap.').waitFor();
    } finally {
      await third.close();
    }
  });
});
