import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { CaptchaTestText } from '../scripts/lib/app-server.mjs';
import { expectPath, latestMail, signInWithPassword, uniqueEmail, useBrowser } from './support/journey';

// A visitor applies on Acme's career site; the confirmation mail carries her privacy link. On that page (signed
// out) she downloads her data and asks for erasure; Ada approves it in the erasure queue, and the person is gone.
describe('journey: a candidate downloads her data and has it erased', () => {
  const browser = useBrowser();

  it('applies, opens the privacy link from the mail, downloads a ZIP, asks for erasure; the admin approves', async () => {
    const email = uniqueEmail('pia');
    const site = await browser.newPage();
    await site.goto(browser.url('/careers/acme'));
    const firstJob = site.getByRole('main').getByRole('link').filter({ hasNotText: /privacy|RSS/i }).first();
    const jobTitle = (await firstJob.innerText()).trim();
    await firstJob.click();
    await site.getByRole('heading', { name: jobTitle, level: 1 }).waitFor();
    // The company's privacy notice stands above the consent box.
    await site.getByText(/Acme Corporation keeps the details you send/).first().waitFor();
    await site.getByLabel('First name').fill('Pia');
    await site.getByLabel('Last name').fill('Privacy');
    await site.getByLabel('Email').fill(email);
    await site.getByLabel(/^Resume/).setInputFiles({ name: 'pia.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% pia resume\n%%EOF') });
    await site.getByLabel('Type the characters you see').fill(CaptchaTestText);
    await site.getByRole('checkbox').check();
    await site.getByRole('button', { name: 'Submit application' }).click();
    await site.getByRole('heading', { name: 'Thank you for applying', level: 1 }).waitFor();

    // The confirmation mail links to her own privacy page.
    const mail = await latestMail(browser.baseUrl, email, /We received your application/);
    const link = mail.text.match(/https?:\/\/\S+\/privacy\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeTruthy();
    const privacyPath = new URL(link!).pathname;
    await site.goto(browser.url(privacyPath));
    await site.getByRole('heading', { name: /^Your data at /, level: 1 }).waitFor();
    await site.getByText('This page is for Pia.').waitFor();
    expect(await site.getByRole('region', { name: /holds about you/ }).innerText()).toContain(jobTitle);

    const downloading = site.waitForEvent('download');
    await site.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.includes(Buffer.from('data.json'))).toBe(true);

    await site.getByRole('checkbox', { name: /erase my data/ }).check();
    await site.getByRole('button', { name: 'Ask for erasure' }).click();
    await site.getByRole('status').filter({ hasText: 'The company answers within 30 days' }).first().waitFor();

    // Ada finds the request in the queue with its deadline, and approves it.
    const ada = await browser.newPage();
    await ada.goto(browser.url('/login'));
    await signInWithPassword(ada, 'admin@acme.test');
    await expectPath(ada, '/dashboard');
    await ada.goto(browser.url('/company-settings/privacy/erasure-requests'));
    await ada.getByRole('heading', { name: 'Erasure requests', level: 1 }).waitFor();
    const row = ada.getByRole('row').filter({ hasText: 'Pia Privacy' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toMatch(/left/);
    await row.getByRole('button', { name: 'Approve erasure of Pia Privacy' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Erase Pia Privacy?' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Approve and erase' }).click();
    await ada.getByText('The candidate was erased. This cannot be undone.').waitFor();
    await expect.poll(() => ada.getByRole('row').filter({ hasText: 'Pia Privacy' }).count(), { timeout: 15_000 }).toBe(0);

    // Her link now only says that her data was erased.
    const after = await site.goto(browser.url(privacyPath));
    expect(after?.status()).toBe(410);
    await site.getByRole('heading', { name: 'Your data was erased', level: 1 }).waitFor();
    expect(await site.content()).not.toContain('Pia');
  });
});
