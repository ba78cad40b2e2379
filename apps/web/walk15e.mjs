import { launchBrowser } from './scripts/lib/browser.mjs';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://localhost:3999';
const b = await launchBrowser();
for (let k = 0; k < 3; k++) {
const page = await b.context.newPage();
await page.goto(base + '/login');
await page.getByRole('textbox', { name: 'Email' }).fill('admin@acme.test');
await page.getByRole('button', { name: 'Continue' }).click();
await page.getByLabel(/^Password/).fill('Demo@12345');
await page.getByRole('textbox', { name: /^Captcha/ }).fill('abcd');
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
const r = await new AxeBuilder({ page }).analyze();
for (const v of r.violations) console.log(v.id, v.impact, v.nodes.map((n) => n.html.slice(0, 200)).join(' || '));
await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
await page.context().clearCookies();
await page.close();
}
await b.close();
