#!/usr/bin/env node
// The board (/workflow) with 1,500 cards in one column, in headless Chromium: time from navigation to
// the first cards on screen, to every card of the big column loaded by scrolling it, and from dropping a
// dragged card (mouse) to it showing in its new column. Serves apps/web/dist (run `vite build` first) from
// a tiny static server and answers the API from the page (page.route), so it measures the SPA alone.
// BENCH_BOARD_CARDS changes the size of the big column; BENCH_RUNS the number of runs (median printed).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { webDist } from './lib/app-server.mjs';
import { launchBrowser } from './lib/browser.mjs';

const Cards = Number(process.env.BENCH_BOARD_CARDS ?? 1500);
const Runs = Number(process.env.BENCH_RUNS ?? 3);
const PageSize = 30;
const jobId = '64c000000000000000000100';
const stages = [
  ['64c000000000000000000a01', 'Applied', 'screening'],
  ['64c000000000000000000a02', 'Phone screen', 'screening'],
  ['64c000000000000000000a03', 'Interview', 'interview'],
  ['64c000000000000000000a04', 'Offer', 'offer'],
  ['64c000000000000000000a05', 'Hired', 'hired'],
  ['64c000000000000000000a06', 'Rejected', 'rejected'],
].map(([id, name, kind]) => ({ id, name, kind }));
const counts = [Cards, 40, 25, 6, 2, 60];
const hex = (n) => n.toString(16).padStart(6, '0');
const now = Date.now();
const columns = stages.map((stage, s) =>
  Array.from({ length: counts[s] }, (_, i) => ({
    applicationId: `64c0000000000000${String(s)}${hex(i)}`.padEnd(24, '0').slice(0, 24),
    candidateId: `64d0000000000000${String(s)}${hex(i)}`.padEnd(24, '0').slice(0, 24),
    jobId,
    jobTitle: 'Busy Board Engineer',
    name: `Applicant ${s}-${i}`,
    email: `a${s}-${i}@example.test`,
    currentTitle: i % 3 ? 'Software Engineer' : 'Data Analyst',
    source: ['career_site', 'referral', 'sourced'][i % 3],
    stageId: stage.id,
    stageKind: stage.kind,
    stageEnteredAt: new Date(now - i * 3_600_000).toISOString(),
    appliedAt: new Date(now - i * 3_600_000).toISOString(),
    tags: i % 4 ? [] : ['python', 'remote'],
    owner: { id: '64b000000000000000000001', name: 'Rita Recruiter' },
    rejectionReason: '',
    withdrawn: false,
    onHold: false,
  })),
);
const page = (s, from) => ({ cards: columns[s].slice(from, from + PageSize), nextCursor: from + PageSize < columns[s].length ? `${from + PageSize}_${'0'.repeat(24)}` : null });
const board = {
  job: { id: jobId, title: 'Busy Board Engineer', status: 'open', mine: true },
  picked: 'last_opened',
  canMove: true,
  stages: stages.map((stage, s) => ({ ...stage, count: counts[s], ...page(s, 0) })),
  jobs: [{ id: jobId, title: 'Busy Board Engineer', status: 'open', mine: true }],
};
const user = {
  id: '64b000000000000000000001', firstName: 'Rita', lastName: 'Recruiter', fullName: 'Rita Recruiter', mobile: '', role: 'recruiter', email: 'rita@acme.test', eCode: '', admin: false,
  status: 'active', email_verification: { status: true }, createdAt: '2026-01-01T00:00:00.000Z', location: null, customer: { id: '64a000000000000000000001', name: 'Acme Corp' }, department: null,
  buItemId: null, timezone: 'UTC', bufollow: [], managers: [], addlRoles: [], siteAdmin: false, superUser: false, superAdmin: false, customerState: { slug: 'acme', isAuthorized: true, userOptionsPage: true },
};

function answer(url, method, body) {
  const { pathname, searchParams } = new URL(url);
  if (pathname === '/api/workflow') return board;
  if (pathname === '/api/workflow/stage') {
    const s = stages.findIndex((x) => x.id === searchParams.get('stageId'));
    return page(s, Number((searchParams.get('cursor') ?? '0_').split('_')[0]));
  }
  const moved = /^\/api\/applications\/([a-f0-9]{24})\/move$/.exec(pathname);
  if (moved && method === 'POST') {
    const card = columns.flat().find((c) => c.applicationId === moved[1]);
    const to = stages.find((x) => x.id === JSON.parse(body).stageId);
    return { card: { ...card, stageId: to.id, stageKind: to.kind, stageEnteredAt: new Date().toISOString() }, fromStageId: card.stageId, jobStatus: 'open' };
  }
  if (pathname === '/api/user-accessmatrix') return { rights: [] };
  if (pathname === '/api/rejection-reasons') return { items: [] };
  return null;
}

function serveDist() {
  const server = createServer((req, res) => {
    const file = path.join(webDist, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const target = file.startsWith(webDist) && existsSync(file) && statSync(file).isFile() ? file : path.join(webDist, 'index.html');
    const type = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.woff2': 'font/woff2', '.svg': 'image/svg+xml' }[path.extname(target)] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type });
    createReadStream(target).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) })));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function run(context, url) {
  const tab = await context.newPage();
  await tab.setViewportSize({ width: 1440, height: 900 });
  await tab.addInitScript(([token, stored]) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', stored);
    // In the page, not by polling from outside: when the first card appears (ms since navigation started).
    new MutationObserver((_, observer) => {
      if ([...document.querySelectorAll('a')].some((a) => a.textContent === 'Applicant 0-0')) {
        window.__firstCardAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, ['bench-token', JSON.stringify(user)]);
  await tab.route('**/api/**', async (route) => {
    const request = route.request();
    const body = answer(request.url(), request.method(), request.postData());
    await route.fulfill(body ? { status: 200, contentType: 'application/json', body: JSON.stringify(body) } : { status: 404, contentType: 'application/json', body: '{"code":"not_found","message":"Not found"}' });
  });
  await tab.goto(`${url}/workflow`, { waitUntil: 'commit' });
  const big = tab.locator('section', { has: tab.getByRole('heading', { name: 'Applied', exact: true }) });
  await big.getByRole('link', { name: 'Applicant 0-0', exact: true }).waitFor({ timeout: 60_000 });
  const firstRender = Math.round(await tab.evaluate(() => window.__firstCardAt));

  // Scroll the big column to its end until its last card is on screen (each page loads as it nears the end).
  const t1 = Date.now();
  const last = `Applicant 0-${Cards - 1}`;
  while (!(await big.getByRole('link', { name: last, exact: true }).isVisible().catch(() => false))) {
    await big.locator('[role="list"]').evaluate((list) => {
      const scroller = list.parentElement;
      scroller.scrollTop = scroller.scrollHeight;
    });
    await tab.waitForTimeout(16);
    if (Date.now() - t1 > 120_000) throw new Error('the big column did not load to its end in 2 minutes');
  }
  const allLoaded = Date.now() - t1;
  const rendered = await big.getByRole('listitem').count();

  // Drag the card at the end of the big column onto Interview with the mouse.
  const card = big.getByRole('listitem').filter({ has: tab.getByRole('link', { name: last, exact: true }) });
  const target = tab.locator('section', { has: tab.getByRole('heading', { name: 'Interview', exact: true }) });
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  await tab.mouse.move(from.x + 60, from.y + 30);
  await tab.mouse.down();
  await tab.mouse.move(from.x + 80, from.y + 40, { steps: 2 });
  await tab.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 8 });
  // Timed in the page: from the mouseup event to the frame in which the card is in its new column.
  await target.evaluate((section, name) => {
    window.__dropShown = new Promise((resolve) => {
      addEventListener('mouseup', () => {
        const at = performance.now();
        const check = () => ([...section.querySelectorAll('a')].some((a) => a.textContent === name) ? resolve(performance.now() - at) : requestAnimationFrame(check));
        check();
      }, { once: true, capture: true });
    });
  }, last);
  await tab.mouse.up();
  const dropToShown = Math.round(await tab.evaluate(() => window.__dropShown));
  await tab.close();
  return { firstRender, allLoaded, dropToShown, rendered };
}

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('bench-board: build the SPA first (vite build)');
  process.exit(1);
}
const server = await serveDist();
const browser = await launchBrowser();
try {
  await run(browser.context, server.url); // first start of the renderer, not counted
  const results = [];
  for (let i = 0; i < Runs; i += 1) results.push(await run(browser.context, server.url));
  const line = (label, key) => console.log(`  ${label.padEnd(44)} median ${String(median(results.map((r) => r[key]))).padStart(5)} ms  (runs: ${results.map((r) => r[key]).join(', ')})`);
  console.log(`The board with ${Cards.toLocaleString('en-US')} cards in one column (headless Chromium, 1440x900, API answered in the page):`);
  line('navigation start -> first card in the DOM', 'firstRender');
  line(`scrolling the column to its end (${Cards / PageSize} pages)`, 'allLoaded');
  line('mouse drop -> card in its new column (optimistic)', 'dropToShown');
  console.log(`  cards in the DOM of that column when all ${Cards.toLocaleString('en-US')} are loaded: ${results[0].rendered} (virtualised)`);
} finally {
  await browser.close();
  await server.close();
}
