import { launchBrowser } from './scripts/lib/browser.mjs';
const base = 'http://localhost:3999';
const b = await launchBrowser();
const page = await b.context.newPage();
await page.setViewportSize({ width: 1280, height: 900 });
async function signIn(email) {
  await page.goto(base + '/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Password/).fill('Demo@12345');
  await page.getByRole('textbox', { name: /^Captcha/ }).fill('abcd');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}
await signIn('recruiter@acme.test');
await page.waitForTimeout(3000);
await page.screenshot({ path: '/tmp/shots15/dashboard.png', fullPage: true });
await page.goto(base + '/workflow');
await page.getByRole('heading', { level: 1, name: /^Workflow/ }).waitFor();
await page.waitForTimeout(2500);
console.log('h1', await page.getByRole('heading', { level: 1 }).textContent());
await page.screenshot({ path: '/tmp/shots15/board.png' });
const menus = page.getByRole('button', { name: /^Actions for|^More actions|Move to/ });
console.log('menu buttons', await menus.count());
await b.close();
