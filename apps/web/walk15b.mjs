import { launchBrowser } from './scripts/lib/browser.mjs';
const base = 'http://localhost:3999';
const b = await launchBrowser();
const page = await b.context.newPage();
await page.setViewportSize({ width: 1280, height: 1000 });
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
await page.goto(base + '/workflow');
await page.getByRole('heading', { level: 1, name: 'Workflow: Product Manager' }).waitFor();
await page.getByRole('button', { name: 'Actions for Mary Gupta' }).click();
await page.getByRole('menuitem', { name: 'Schedule interview…' }).click();
const dialog = page.getByRole('dialog');
await dialog.waitFor();
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/shots15/dialog.png', fullPage: true });
console.log(await dialog.innerText());
await b.close();
