import { describe, expect, it } from 'vitest';
import { expectPath, latestMail, signInWithPassword, useBrowser } from './support/journey';

// Issue 13's journey: a recruiter finds a candidate by a word that appears only in their résumé, opens the
// profile, adds them to a job, and sends them a campaign mail that then shows on their timeline.
describe('journey: résumé search -> profile -> add to job -> campaign -> timeline', () => {
  const browser = useBrowser();

  it('reaches a candidate found only through their résumé', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'recruiter@acme.test');
    await expectPath(page, '/dashboard');

    // "Kubeflow" is in a few demo résumés and nowhere else (README, demo data).
    await page.getByRole('link', { name: 'Database', exact: true }).click();
    await expectPath(page, '/database');
    await page.getByRole('searchbox', { name: 'Search candidates' }).fill('Kubeflow');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Kubeflow');
    const firstMatch = page.getByRole('list', { name: 'Matches' }).first();
    await firstMatch.locator('mark', { hasText: /kubeflow/i }).first().waitFor();
    const row = page.getByRole('row').filter({ has: firstMatch });
    const nameLink = row.getByRole('link').first();
    const name = (await nameLink.textContent())!.trim();

    await nameLink.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const profileUrl = page.url();
    const email = ((await page.getByRole('region', { name: 'Contact and details' }).getByRole('link', { name: /@/ }).first().textContent()) ?? '').trim();
    expect(email).toMatch(/@/);

    await page.getByRole('button', { name: 'Add to job' }).click();
    const dialog = page.getByRole('dialog', { name: /to a job/ });
    await dialog.getByRole('combobox', { name: 'Job' }).click();
    const option = page.getByRole('option').first();
    await option.waitFor();
    const jobTitle = (await option.textContent())!.replace(/ \([^)]*\)$/, '');
    await option.click();
    await dialog.getByRole('button', { name: 'Add to job' }).click();
    await page.getByRole('region', { name: 'Applications' }).getByRole('link', { name: jobTitle }).waitFor();

    // Back to the search: select them and start a campaign from the selection.
    await page.goto(browser.url('/database?q=Kubeflow'));
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Add to campaign' }).click();
    await page.getByRole('heading', { level: 1, name: 'New campaign' }).waitFor();
    await page.getByRole('status').filter({ hasText: '1 recipient picked' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    const campaign = `Kubeflow reach-out ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Campaign name' }).fill(campaign);
    await page.getByRole('textbox', { name: 'Subject' }).fill(`A role for you, {{candidate.firstName}}`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello {{candidate.firstName}},\n\nYour Kubeflow work caught our eye. Can we talk?');
    await page.getByRole('button', { name: 'Next' }).click();
    const firstName = name.split(' ')[0]!;
    await page.getByText(`A role for you, ${firstName}`).first().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Send campaign' }).click();
    await page.getByRole('heading', { level: 1, name: campaign }).waitFor();
    await page.getByText(/^Finished /).waitFor({ timeout: 60_000 });

    const mail = await latestMail(browser.baseUrl, email, new RegExp(`A role for you, ${firstName}`));
    expect(mail.text).toContain('Your Kubeflow work caught our eye.');
    expect(mail.text).toMatch(/unsubscribe/i);

    await page.goto(profileUrl);
    await page.getByRole('region', { name: 'Timeline' }).getByText(`Campaign: ${campaign}`).waitFor();
  });
});
