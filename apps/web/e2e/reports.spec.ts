import { stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, signInWithPassword, useBrowser } from './support/journey';

async function signIn(page: Page, url: (p: string) => string, email: string) {
  await page.goto(url('/login'));
  await signInWithPassword(page, email);
  await expectPath(page, '/dashboard');
}

// Ada (admin) reads the demo's two years of history: the overview, a report filtered through the URL, its
// Excel export; she tightens a turnaround target and the bottleneck report compares with it. Rita has no
// "View reports" right: the page does not exist for her.
describe('journey: reports', () => {
  const browser = useBrowser();

  it('shows the overview, filters a report by link, exports it and compares stages with the targets', async () => {
    const ada = await browser.newPage();
    await signIn(ada, browser.url, 'admin@acme.test');
    await ada.getByRole('link', { name: 'Reports', exact: true }).click();
    await expectPath(ada, '/reports');
    const figures = ada.getByRole('list', { name: 'Headline figures' });
    await figures.getByRole('listitem').first().waitFor();
    expect(await figures.getByRole('listitem').count()).toBe(4);
    expect(await figures.textContent()).toMatch(/Applications this month/);

    await ada.getByRole('link', { name: 'Source activity' }).click();
    await expectPath(ada, '/reports/source-activity');
    await ada.getByRole('heading', { level: 1, name: 'Source activity' }).waitFor();
    const table = ada.getByRole('table');
    await table.waitFor();
    const totalRow = table.locator('tfoot tr');
    expect(await totalRow.textContent()).toMatch(/^Total/);

    // A wider range through the URL (a shared link), read back from the date range field.
    await ada.goto(browser.url('/reports/source-activity?preset=year&source=referral'));
    await ada.getByRole('heading', { level: 1, name: 'Source activity' }).waitFor();
    expect(await ada.getByLabel('Date range', { exact: true }).first().inputValue()).toBe('This year');
    await ada.getByRole('group', { name: 'Applied filters' }).getByText(/Referral/).waitFor();
    await ada.getByRole('table').waitFor();
    const rows = ada.getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/^Referral/);

    await ada.getByRole('button', { name: 'Export to Excel' }).click();
    const ready = ada.getByRole('button', { name: /^Download source-activity-\d{4}-\d{2}-\d{2}\.xlsx$/ });
    await ready.waitFor({ timeout: 60_000 });
    const downloading = ada.waitForEvent('download');
    await ready.click();
    const download = await downloading;
    expect((await stat((await download.path())!)).size).toBeGreaterThan(1000);

    // A target of one day for interviews: the bottleneck report lists interview as over its target.
    await ada.goto(browser.url('/company-settings/tatsettings'));
    const interview = ada.getByRole('textbox', { name: /^Interview/ });
    await interview.waitFor();
    await interview.fill('1');
    await ada.getByRole('button', { name: 'Save targets' }).click();
    await ada.getByText('Turnaround targets saved').waitFor();
    await ada.goto(browser.url('/reports/bottleneck?preset=year'));
    await ada.getByRole('table').waitFor();
    const interviewRow = ada.getByRole('table').locator('tbody tr').filter({ hasText: /^Interview/ });
    expect(await interviewRow.textContent()).toMatch(/1\.0 day/);
    expect(await interviewRow.textContent()).toMatch(/Over target/);
  });

  it('is not there for a user without the View reports right', async () => {
    const rita = await browser.newPage();
    await signIn(rita, browser.url, 'recruiter@acme.test');
    expect(await rita.getByRole('link', { name: 'Reports', exact: true }).count()).toBe(0);
    await rita.goto(browser.url('/reports/source-activity'));
    await rita.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    // The API says no too, with her own token.
    const status = await rita.evaluate(async () => (await fetch('/api/reports/source-activity', { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } })).status);
    expect(status).toBe(403);
  });
});
