import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expectPath, signInWithPassword, useBrowser } from './support/journey';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 300)}`).join(', ')}`);
}

describe('journey: accessibility of the front door and the dashboard (axe-core)', () => {
  const browser = useBrowser();

  it('/login has no serious or critical violation', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('/login password step has no serious or critical violation', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await page.getByRole('textbox', { name: 'Email' }).fill('admin@acme.test');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('img', { name: /Captcha/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('/signup has no serious or critical violation', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/signup'));
    await page.getByRole('heading', { name: 'Create your company account' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the privacy pages (a candidate asking for a link, the admin settings, queue and trail) have no serious or critical violation', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/careers/acme/privacy'));
    await page.getByRole('heading', { name: 'Get a link to your data', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'admin@acme.test');
    await expectPath(page, '/dashboard');
    for (const [path, ready] of [
      ['/company-settings/privacy', 'Consent renewal'],
      ['/company-settings/privacy/erasure-requests', 'Due by'],
      ['/company-settings/privacy/audit-trail', 'Newest first'],
    ] as const) {
      await page.goto(browser.url(path));
      await page.getByText(ready).first().waitFor({ timeout: 20_000 });
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  it('/dashboard has no serious or critical violation', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'admin@acme.test');
    await expectPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
