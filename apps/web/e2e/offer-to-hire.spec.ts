import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../scripts/lib/browser.mjs';
import { expectPath, latestMail, signInWithPassword, useBrowser } from './support/journey';

// In the demo data Rita (recruiter@acme.test) recruits for this job and the offer chain is Ada
// (admin@acme.test) alone.
const job = 'QA Automation Engineer';

async function signIn(page: Page, url: (p: string) => string, email: string) {
  await page.goto(url('/login'));
  await signInWithPassword(page, email);
  await expectPath(page, '/dashboard');
}

/** The job's hires as its page counts them. */
async function hiredOnJobPage(page: Page, url: (p: string) => string, jobPath: string) {
  await page.goto(url(jobPath));
  const hired = page.getByRole('list', { name: 'Applications per stage' }).first().getByRole('listitem').filter({ hasText: /^Hired/ });
  await hired.waitFor();
  return Number(/(\d+)\s*$/.exec(await hired.innerText())?.[1]);
}

// The end of the funnel: Rita moves an applicant to the offer stage and makes an offer, Ada approves it,
// Rita sends it, the candidate accepts it on the public page by typing their name, and the application
// shows hired with one more opening of the job filled.
describe('journey: offer, approval, signature, hire', () => {
  const browser = useBrowser();

  it('takes an applicant from an offer to a signed acceptance and a hire', async () => {
    const rita = await browser.newPage();
    await signIn(rita, browser.url, 'recruiter@acme.test');

    // An applicant of the job's first stage.
    await rita.goto(browser.url('/workflow'));
    await rita.getByRole('heading', { level: 1, name: /^Workflow/ }).waitFor();
    const heading = rita.getByRole('heading', { level: 1, name: `Workflow: ${job}` });
    if (!(await heading.isVisible())) {
      await rita.getByRole('textbox', { name: 'Job' }).or(rita.getByRole('combobox', { name: 'Job' })).first().click();
      await rita.getByRole('option', { name: new RegExp(`^${job}`) }).first().click();
      await heading.waitFor();
    }
    const applied = rita.getByRole('list', { name: 'Applied applicants' });
    await applied.getByRole('listitem').first().waitFor();
    const candidate = ((await applied.getByRole('button', { name: /^Drag / }).first().getAttribute('aria-label')) ?? '').replace(/^Drag /, '');
    expect(candidate).not.toBe('');
    const applicationPath = new URL((await applied.getByRole('link', { name: candidate, exact: true }).first().getAttribute('href'))!, browser.baseUrl).pathname;

    await rita.goto(browser.url(applicationPath));
    const jobPath = new URL((await rita.getByRole('link', { name: `Job: ${job}` }).getAttribute('href'))!, browser.baseUrl).pathname;
    const hiredBefore = await hiredOnJobPage(rita, browser.url, jobPath);
    await rita.goto(browser.url(applicationPath));

    // Into the offer stage; the offers panel then allows an offer.
    await rita.getByRole('button', { name: `Move ${candidate} to…` }).click();
    await rita.getByRole('menuitem', { name: 'Offer', exact: true }).click();
    const offers = rita.getByRole('region', { name: 'Offers' });
    await offers.getByRole('button', { name: 'Make an offer' }).click();
    const form = rita.getByRole('dialog', { name: `Make an offer to ${candidate}` });
    await form.waitFor();
    const start = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel(/^Start date/).fill(start);
    await form.getByLabel(/^Currency/).fill('EUR');
    // More decimals than the currency has are refused before anything is sent.
    await form.getByLabel(/^Base amount/).fill('64000.505');
    await form.getByRole('button', { name: 'Save and submit for approval' }).click();
    await form.getByText('EUR allows at most 2 decimals').waitFor();
    await form.getByLabel(/^Base amount/).fill('64000.50');
    await form.getByRole('button', { name: 'Save and submit for approval' }).click();
    await form.waitFor({ state: 'hidden', timeout: 20_000 });
    await offers.getByText('Pending approval', { exact: true }).first().waitFor();
    await expect(offers.getByText('EUR 64,000.50 a year').isVisible()).resolves.toBe(true);

    // Ada finds it on her list of approvals and approves it.
    const second = await launchBrowser();
    try {
      const ada = await second.context.newPage();
      await signIn(ada, browser.url, 'admin@acme.test');
      await ada.goto(browser.url('/offer-approval-all'));
      await ada.getByRole('link', { name: `Offer: ${candidate}, ${job}` }).click();
      await ada.getByRole('heading', { level: 1, name: `Offer for ${candidate}` }).waitFor();
      await expect(ada.getByRole('region', { name: 'Offer' }).getByText('EUR 64,000.50 a year').isVisible()).resolves.toBe(true);
      await ada.getByRole('button', { name: 'Approve', exact: true }).click();
      await ada.getByText('The offer is approved. The recruiter can send it to the candidate now.').waitFor();
    } finally {
      await second.close();
    }

    // Rita sends it after seeing the letter; the candidate's mail carries the link.
    await rita.reload();
    await offers.getByRole('button', { name: 'Send to candidate…' }).click();
    const send = rita.getByRole('dialog', { name: `Send the offer to ${candidate}` });
    await send.getByTitle('Offer letter preview').waitFor();
    const email = /\(([^()\s]+@[^()\s]+)\)/.exec(await send.innerText())?.[1];
    expect(email).toBeTruthy();
    await send.getByRole('button', { name: 'Send offer' }).click();
    await send.waitFor({ state: 'hidden', timeout: 20_000 });
    await offers.getByRole('button', { name: 'Send to candidate…' }).waitFor({ state: 'detached' });
    const mail = await latestMail(browser.baseUrl, email!, /^Your offer from /);
    expect(mail.text).not.toContain('64,000');
    const link = /(https?:\/\/\S+\/offer\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    // The candidate, signed out in another browser, signs with their name.
    const third = await launchBrowser();
    try {
      const person = await third.context.newPage();
      await person.goto(link!);
      await person.getByRole('heading', { level: 1, name: /^Your offer from / }).waitFor();
      await person.getByLabel('Type your full name').fill('Somebody Else');
      await person.getByLabel(/I accept this offer/).check();
      await person.getByRole('button', { name: 'Accept and sign' }).click();
      await person.getByText('Type your full name exactly as it appears on the offer to sign it.').waitFor();
      await person.getByLabel('Type your full name').fill(candidate);
      await person.getByLabel(/I accept this offer/).check();
      await person.getByRole('button', { name: 'Accept and sign' }).click();
      await person.getByRole('heading', { level: 1, name: 'Offer accepted' }).waitFor();
      await person.getByRole('link', { name: /signed offer letter/ }).waitFor();
      // The link worked once for a decision: opened again, it says the offer is accepted.
      await person.goto(link!);
      await person.getByRole('heading', { level: 1, name: 'Offer accepted' }).waitFor();
    } finally {
      await third.close();
    }

    // Both sides get the signed copy; the application is hired and the job has one more hire.
    type WithFiles = { attachments?: { filename: string; contentType: string; bytes: number }[] };
    const signed = (await latestMail(browser.baseUrl, email!, /^Your signed offer from /)) as WithFiles;
    const toRita = (await latestMail(browser.baseUrl, 'recruiter@acme.test', new RegExp(`^Offer accepted: ${candidate}, `))) as WithFiles;
    for (const copy of [signed, toRita]) {
      expect(copy.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
      expect(copy.attachments?.[0]?.bytes).toBeGreaterThan(1000);
    }
    await rita.goto(browser.url(applicationPath));
    await offers.getByText('Accepted', { exact: true }).first().waitFor();
    await offers.getByText(new RegExp(`Signed “${candidate}”`)).waitFor();
    await rita.getByRole('region', { name: 'Stage history' }).getByText('Offer → Hired').waitFor({ timeout: 20_000 });
    expect(await hiredOnJobPage(rita, browser.url, jobPath)).toBe(hiredBefore + 1);
  });
});
