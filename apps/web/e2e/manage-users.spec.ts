import { describe, expect, it } from 'vitest';
import { stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectPath, latestMail, signInWithPassword, uniqueEmail, useBrowser } from './support/journey';

describe('journey: an admin manages users: search, filter, import, load more, export, add a user who signs in', () => {
  const browser = useBrowser();

  it('runs the whole manage-users page as Acme admin', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'admin@acme.test');
    await expectPath(page, '/dashboard');

    await page.goto(browser.url('/company-settings/manage-users'));
    await page.getByRole('heading', { name: 'Manage users', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ users$/ }).waitFor();

    // Search: the seeded admin by name.
    await page.getByRole('textbox', { name: 'Search users' }).fill('  ada  ');
    await page.getByRole('status').filter({ hasText: 'Showing 1 of 1 user' }).waitFor();
    expect(await page.getByRole('cell', { name: 'admin@acme.test' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Search users' }).fill('');

    // Filter by role.
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Hiring Managers', exact: true }).click();
    await page.getByRole('cell', { name: 'hm@acme.test' }).waitFor();
    const hmStatus = await page.getByRole('status').filter({ hasText: /^Showing/ }).textContent();
    expect(hmStatus).toMatch(/^Showing \d+ of \d+ users?$/);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'All Users', exact: true }).click();

    // Import 20 people, so the company has more than one page of 50.
    const rows = Array.from({ length: 20 }, (_, i) => `Imported${i},Person,imported-${Date.now().toString(36)}-${i}@acme.test,employee`);
    const csv = path.join(tmpdir(), `import-${Date.now()}.csv`);
    await writeFile(csv, ['First name,Last name,Email,Role', ...rows, 'Bad,Row,not-an-email,employee'].join('\n'));
    await page.getByRole('button', { name: 'Import users' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import users' });
    await importDialog.locator('input[type="file"]').setInputFiles(csv);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await importDialog.getByText('20 users added, 1 row refused.').waitFor();
    expect(await importDialog.getByRole('cell', { name: 'email: must be a valid email address' }).isVisible()).toBe(true);
    await importDialog.getByRole('button', { name: 'Close' }).click();

    // Load more: the first page holds 50, the button brings the rest.
    const firstPage = page.getByRole('status').filter({ hasText: /^Showing 50 of \d+ users$/ });
    await firstPage.waitFor();
    const total = Number((await firstPage.textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('status').filter({ hasText: `Showing ${Math.min(total, 100)} of ${total} users` }).waitFor();
    if (total <= 100) expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // Export: prepared in the background, then the browser downloads the Excel file.
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const ready = page.getByRole('button', { name: /^Download users-\d{4}-\d{2}-\d{2}\.xlsx$/ });
    await ready.waitFor({ timeout: 30_000 });
    const downloading = page.waitForEvent('download');
    await ready.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await download.path();
    expect((await stat(file!)).size).toBeGreaterThan(1000);

    // Add a user: the invitation arrives in the dev mailbox, and the link lets them choose a password.
    const email = uniqueEmail('nina', 'acme.test');
    await page.getByRole('button', { name: 'Add user' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add user' });
    await addDialog.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await addDialog.getByRole('textbox', { name: 'Last name' }).fill('Newhire');
    await addDialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await addDialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Recruiter', exact: true }).click();
    await addDialog.getByRole('button', { name: 'Add user and send invitation' }).click();
    await addDialog.waitFor({ state: 'detached' });

    const mail = await latestMail(browser.baseUrl, email, /invited/i);
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?hashKey=\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(browser.url('/logout'));
    await expectPath(page, '/login');
    const invite = new URL(link!);
    await page.goto(browser.url(`${invite.pathname}${invite.search}`));
    await page.getByLabel(/^New password/).fill('Welcome123');
    await page.getByLabel(/^Confirm new password/).fill('Welcome123');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInWithPassword(page, email, 'Welcome123');
    await expectPath(page, '/dashboard');
    await page.getByText('Welcome, Nina Newhire').waitFor();
  });
});
