import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { AgencyPortalMessages } from '@hireflow/contracts/agency-portal';
import { startTestApp } from '../../../test/test-app';
import { buildJobsCompany } from '../../jobs/jobs.test-support';
import { addAgency } from '../agencies.test-support';

let app: Express;
let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; rawPath?: unknown; slash?: boolean };
type Route = { method: string; path: string };

/** Every route of the app: its router stack walked through every sub-router, with the paths they are mounted at. */
function routesOf(stack: Layer[], prefix = ''): Route[] {
  const routes: Route[] = [];
  for (const layer of stack) {
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) for (const method of Object.keys(layer.route.methods)) if (method !== '_all' && method !== 'head') routes.push({ method, path: `${prefix}${path}` });
    } else if (layer.handle?.stack) {
      routes.push(...routesOf(layer.handle.stack, `${prefix}${mount}`));
    }
  }
  return routes;
}

/** A callable URL: optional parts filled in, every parameter an id that exists nowhere. */
const callable = (path: string) =>
  path
    .replace(/[{}]/g, '')
    .replace(/\*\w+/g, 'x')
    .replace(/:(\w+)/g, 'ffffffffffffffffffffffff');

const send = (method: string, url: string, auth?: string) => {
  const req = (request(app) as unknown as Record<string, (url: string) => request.Test>)[method]!(url);
  if (auth) req.set('Authorization', auth);
  return method === 'get' || method === 'delete' ? req : req.send({});
};

describe('an agency token on the internal API', () => {
  it('is refused with 403 by every route that needs a sign-in (every route of the app walked, the portal left out)', async () => {
    const co = await buildJobsCompany(ctx.config);
    const { auth } = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id });
    const routes = routesOf((app as unknown as { router: { stack: Layer[] } }).router.stack);
    expect(routes.length).toBeGreaterThan(200);
    // The portal's own calls are the only ones an agency token may use. The public API (/api/v1) takes API keys
    // only and answers any session token 401 (public-api.test.ts): it is not the internal API's guard.
    const internal = routes.filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/agency-portal/') && !r.path.startsWith('/api/v1/'));
    expect(routes.some((r) => r.path === '/api/agency-portal/submissions' && r.method === 'post')).toBe(true);

    const checked: string[] = [];
    const leaks: string[] = [];
    for (const { method, path } of internal) {
      const url = callable(path);
      // Public calls (sign-in, captcha, careers, health...) do not answer 401 without a token: they are not the guard's.
      const anonymous = await send(method, url);
      if (anonymous.status !== 401) continue;
      const asAgency = await send(method, url, auth);
      checked.push(`${method.toUpperCase()} ${path}`);
      if (asAgency.status !== 403 || asAgency.body.message !== AgencyPortalMessages.agencyTokenRefused) leaks.push(`${method.toUpperCase()} ${path} -> ${asAgency.status} ${asAgency.body.message ?? ''}`);
    }
    expect(leaks).toEqual([]);
    // Every company call is behind the guard; these are how many were tried.
    expect(checked.length).toBeGreaterThan(100);
    console.info(`agency token refused by ${checked.length} internal routes of ${internal.length}`);

    // And the other way round: a company user's token is refused by every portal call that needs a sign-in.
    const portal = routes.filter((r) => r.path.startsWith('/api/agency-portal/'));
    const guarded: string[] = [];
    for (const { method, path } of portal) {
      const url = callable(path);
      if ((await send(method, url)).status !== 401) continue;
      guarded.push(path);
      const asStaff = await send(method, url, co.recruiter.auth);
      expect([`${method} ${path}`, asStaff.status, asStaff.body.message]).toEqual([`${method} ${path}`, 403, AgencyPortalMessages.notAnAgencySession]);
    }
    expect(guarded.length).toBeGreaterThanOrEqual(7);
  }, 180_000);
});
