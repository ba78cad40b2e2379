import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express, Router } from 'express';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ApiDocsPaths, PublicApiBase } from '@hireflow/contracts/api-access';
import { startTestApp } from '../../test/test-app';
import { publicApiRouter } from './public-api.routes';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
});
afterAll(() => ctx.stop());

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: Router & { stack?: Layer[] } };

/** Every route the router (and the routers it uses) registered, as "METHOD /api/path". */
function registeredRoutes(router: { stack: Layer[] }): string[] {
  const out: string[] = [];
  for (const layer of router.stack) {
    if (layer.route) for (const method of Object.keys(layer.route.methods)) out.push(`${method.toUpperCase()} /api${layer.route.path}`);
    else if (layer.handle?.stack) out.push(...registeredRoutes(layer.handle as { stack: Layer[] }));
  }
  return out;
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await request(app).get(ApiDocsPaths.document).expect(200).expect('Content-Type', /json/);
    expect(res.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every /api/v1 operation the router serves, with its scope, security and answers', async () => {
    const doc = (await request(app).get(ApiDocsPaths.document).expect(200)).body;
    const served = registeredRoutes(publicApiRouter as unknown as { stack: Layer[] }).filter((r) => r.split(' ')[1]!.startsWith(`${PublicApiBase}/`));
    expect(served.length).toBeGreaterThanOrEqual(10);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect([...documented].sort()).toEqual([...served].sort());
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [, ops] of Object.entries(doc.paths as Record<string, Record<string, { description: string; security: unknown[]; responses: Record<string, unknown>; operationId: string }>>)) {
      for (const op of Object.values(ops)) {
        expect(op.description, op.operationId).toMatch(/\*\*Scope:\*\* `(jobs|candidates|applications):(read|write)`/);
        expect(op.security).toEqual([{ apiKey: [] }]);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
      }
    }
    // Request bodies and parameters come from the contracts' schemas.
    expect(doc.paths[`${PublicApiBase}/applications/{id}/move`].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/MoveApplication' });
    expect(doc.paths[`${PublicApiBase}/jobs`].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['status', 'limit', 'cursor']));
  });
});

describe('interactive documentation page', () => {
  it('answers HTML whose scripts and styles load from this server, under a CSP without inline code', async () => {
    const page = await request(app).get(ApiDocsPaths.page).expect(200).expect('Content-Type', /html/);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.text).not.toMatch(/<script>[^<]/);
    expect(page.text).not.toContain('https://');
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      const res = await request(app).get(asset);
      expect(res.status, asset).toBe(200);
      expect(Number(res.headers['content-length'] ?? (res.text ?? res.body).length), asset).toBeGreaterThan(0);
    }
    const init = await request(app).get(`${ApiDocsPaths.page}/swagger-initializer.js`).expect(200).expect('Content-Type', /javascript/);
    expect(init.text).toContain('SwaggerUIBundle');
    expect(init.text).not.toContain('petstore');
    expect(page.text).toContain(`data-url="${ApiDocsPaths.document}"`);
  });

  it('serves nothing else of swagger-ui-dist', async () => {
    await request(app).get(`${ApiDocsPaths.page}/package.json`).expect(404);
    await request(app).get(`${ApiDocsPaths.page}/index.html`).expect(404);
  });
});
