import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CaptchaTestText } from '../scripts/lib/app-server.mjs';
import { DemoPassword, expectPath, signInWithPassword, useBrowser } from './support/journey';

// One hiring journey: a hiring manager asks for a position, the approver approves it from their list,
// the admin lists it on the career site, a visitor applies there, and the recruiter sees the applicant.

async function apiSignIn(baseUrl: string, email: string) {
  const captcha = (await (await fetch(`${baseUrl}/api/captcha_api`)).json()) as { capId: string };
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DemoPassword, captchaId: captcha.capId, captchaText: CaptchaTestText }),
  });
  const body = (await response.json()) as { token: string; user: { id: string } };
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function signInAs(page: Page, url: (p: string) => string, email: string) {
  await page.goto(url('/logout'));
  await expectPath(page, '/login');
  await signInWithPassword(page, email);
  await expectPath(page, '/dashboard');
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('journey: requisition -> approval -> open job -> career-site application -> applicant', () => {
  const browser = useBrowser();

  it('takes a position from request to its first applicant', async () => {
    const title = `Staff Engineer ${Date.now().toString(36)}`;
    // The approver of this journey: the company admin alone (set through the API, as the settings page would).
    const admin = await apiSignIn(browser.baseUrl, 'admin@acme.test');
    const chain = await fetch(`${browser.baseUrl}/api/approval-chains`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ kind: 'vacancy', businessUnitId: null, approverIds: [admin.user.id] }),
    });
    expect(chain.status).toBe(200);

    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'hm@acme.test');
    await expectPath(page, '/dashboard');
    await page.goto(browser.url('/create-requisition'));
    await page.getByRole('heading', { name: 'Request a position', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /Job title/ }).fill(title);
    await choose(page, /^Department/, 'Platform');
    await choose(page, /^Location/, 'Berlin');
    await page.getByRole('textbox', { name: /Justification/ }).fill('The platform team doubles next quarter');
    // The demo company's required custom field of entity "job" (company-settings/custom-fields).
    await choose(page, /^Seniority/, 'Senior');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/vacancy-approval\/[a-f0-9]{24}$/);
    await page.getByText('Waiting for approval').first().waitFor();

    await signInAs(page, browser.url, 'admin@acme.test');
    // The approver's dashboard shows the request as a task; the full list has it too.
    await page.getByRole('region', { name: 'Waiting for your approval' }).getByRole('link', { name: title }).waitFor();
    await page.goto(browser.url('/vacancy-approval-all'));
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('The job is open.').waitFor();

    await page.goto(browser.url('/company-settings/career-site/jobs'));
    await page.getByRole('checkbox', { name: `List ${title}` }).check();
    await page.getByRole('button', { name: 'Save listed jobs' }).click();
    await page.getByText('Saved.').waitFor();

    await signInAs(page, browser.url, 'recruiter@acme.test');
    await page.goto(browser.url('/jobs/all'));
    await page.getByRole('textbox', { name: 'Search titles' }).fill(title);
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('No one has applied yet.').waitFor();
    const jobUrl = page.url();

    // The career site is plain server-rendered HTML: it reads no sign-in, so any tab is a visitor.
    {
      const site = await browser.newPage();
      await site.goto(browser.url('/careers/acme'));
      await site.getByRole('link', { name: title }).click();
      await site.getByRole('heading', { name: title, level: 1 }).waitFor();
      await site.getByLabel('First name').fill('Grace');
      await site.getByLabel('Last name').fill('Hopper');
      await site.getByLabel('Email').fill(`grace-${Date.now()}@example.test`);
      await site.getByLabel(/^Resume/).setInputFiles({ name: 'grace.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% e2e resume\n%%EOF') });
      await site.getByLabel('Type the characters you see').fill(CaptchaTestText);
      await site.getByRole('checkbox').check();
      await site.getByRole('button', { name: 'Submit application' }).click();
      await site.getByRole('heading', { name: 'Thank you for applying', level: 1 }).waitFor();
    }

    await page.goto(jobUrl);
    const row = page.getByRole('row', { name: /Grace Hopper/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Career site');
    expect(await row.getByRole('button', { name: 'grace.pdf' }).isVisible()).toBe(true);
  });
});
