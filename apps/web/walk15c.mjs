import { launchBrowser } from './scripts/lib/browser.mjs';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://localhost:3999';
const b = await launchBrowser();
const page = await b.context.newPage();
const width = Number(process.env.W || 1280);
await page.setViewportSize({ width, height: 900 });
async function signIn(email) {
  await page.goto(base + '/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Password/).fill('Demo@12345');
  await page.getByRole('textbox', { name: /^Captcha/ }).fill('abcd');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}
async function visit(name, path) {
  await page.goto(base + path);
  await page.waitForTimeout(3500);
  await page.screenshot({ path: `/tmp/shots15/${name}-${width}.png`, fullPage: true });
  const r = await new AxeBuilder({ page }).analyze();
  const h1 = await page.getByRole('heading', { level: 1 }).count();
  const mains = await page.getByRole('main').count();
  console.log(name, 'h1', h1, 'main', mains, 'axe', r.violations.map((v) => `${v.id}(${v.nodes.length}): ${v.nodes[0]?.target}`).join(' | '));
}
const who = process.env.WHO || 'admin@acme.test';
await signIn(who);
for (const [n, p] of (process.env.PAGES || '').split(',').filter(Boolean).map((x) => x.split('='))) await visit(n, p);
await b.close();
