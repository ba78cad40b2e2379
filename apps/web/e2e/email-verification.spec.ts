import { describe, expect, it } from 'vitest';
import { expectPath, latestMail, signInWithPassword, uniqueEmail, useBrowser } from './support/journey';

describe('journey: an unverified user lands on /stop and moves on after verifying', () => {
  const browser = useBrowser();

  it('signs up, lands on /stop, verifies through the dev mailbox, and /stop moves on', async () => {
    const email = uniqueEmail('founder');
    const slug = `e2e-${Date.now().toString(36)}`;
    const signup = await fetch(browser.url('/api/selfsignup'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyName: 'E2E Co', slug, firstName: 'Fay', lastName: 'Founder', email, mobile: '+1 555 010 0100', password: 'Founder123' }),
    });
    expect(signup.status).toBe(201);

    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, email, 'Founder123');
    await expectPath(page, '/stop');
    await page.getByRole('heading', { name: 'Verify your email', level: 1 }).waitFor();

    // A second tab reads the mail on the dev mailbox page and follows its link.
    await latestMail(browser.baseUrl, email, /Welcome|Verify/);
    const mailbox = await browser.newPage();
    await mailbox.goto(browser.url(`/dev/mailbox?email=${encodeURIComponent(email)}`));
    await mailbox.getByRole('link', { name: /\/verify\?key=/ }).first().click();
    await mailbox.getByRole('heading', { name: 'Email verified', level: 1 }).waitFor();

    // The first tab notices on its own: the new company still waits for the platform's approval.
    await expectPath(page, '/pendingverification');
    await page.getByRole('heading', { name: 'Your account is being reviewed', level: 1 }).waitFor();
  });
});
