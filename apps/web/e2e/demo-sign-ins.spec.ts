import { describe, expect, it } from 'vitest';
import { expectPath, signInWithPassword, useBrowser } from './support/journey';

// The seeded demo accounts (apps/api/src/seed/demo-accounts.ts) and where SPEC section 4 sends each.
const demoUsers = [
  { email: 'admin@acme.test', lands: '/dashboard', heading: 'Dashboard', shows: 'Ada Admin' },
  { email: 'recruiter@acme.test', lands: '/dashboard', heading: 'Dashboard', shows: 'Rita Recruiter' },
  { email: 'hm@acme.test', lands: '/dashboard', heading: 'Dashboard', shows: 'Hank Manager' },
  { email: 'employee@acme.test', lands: '/dashboard', heading: 'Dashboard', shows: 'Emma Employee' },
  { email: 'admin@globex.test', lands: '/dashboard', heading: 'Dashboard', shows: 'Gina Admin' },
  { email: 'recruiter@globex.test', lands: '/dashboard', heading: 'Dashboard', shows: 'Gus Recruiter' },
  { email: 'owner@northwind.test', lands: '/pendingverification', heading: 'Your account is being reviewed', shows: 'Northwind Traders' },
  { email: 'superadmin@platform.test', lands: '/superadmin', heading: 'Super admin', shows: 'Sam Super' },
];

describe('journey: sign in as each demo user and land where the rules say', () => {
  const browser = useBrowser();

  for (const demo of demoUsers) {
    it(`${demo.email} lands on ${demo.lands}`, async () => {
      const page = await browser.newPage();
      await page.goto(browser.url('/login'));
      await signInWithPassword(page, demo.email);
      await expectPath(page, demo.lands);
      await page.getByRole('heading', { name: demo.heading, level: 1 }).waitFor();
      expect(await page.getByRole('main').getByText(demo.shows).first().isVisible()).toBe(true);
    });
  }

  it('a wrong password says "Oops! please enter valid credentials"', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await signInWithPassword(page, 'recruiter@acme.test', 'Wrong-password-1');
    expect(await page.getByRole('alert').filter({ hasText: 'Oops! please enter valid credentials' }).textContent()).toContain(
      'Oops! please enter valid credentials',
    );
    await expectPath(page, '/login');
  });

  it('an unknown email says "Oops! No account found for this email."', async () => {
    const page = await browser.newPage();
    await page.goto(browser.url('/login'));
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@nowhere.test');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Oops! No account found for this email.' }).waitFor();
  });
});
