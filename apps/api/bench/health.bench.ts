// GET /api/health through the full middleware stack vs plain Express vs bare node:http, same bytes.
import { createServer } from 'node:http';
import express from 'express';
import request from 'supertest';
import { startTestApp } from '../src/test/test-app';
import { close, fmt, listen, load } from './lib';

export async function benchHealth(seconds = 5) {
  const ctx = await startTestApp();
  const body = (await request(ctx.app).get('/api/health')).text;
  const servers = {
    'full stack': createServer(ctx.app),
    'plain Express': createServer(express().get('/api/health', (_req, res) => { res.type('application/json').send(body); })),
    'bare node:http': createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); }),
  };
  const rates: Record<string, number> = {};
  for (const [name, server] of Object.entries(servers)) {
    const url = await listen(server);
    await load({ url: `${url}/api/health`, seconds: 1 }); // warm-up
    const r = await load({ url: `${url}/api/health`, seconds });
    rates[name] = r.requestsPerSecond;
    console.log(`  ${name.padEnd(16)} ${fmt(r.requestsPerSecond).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`);
    await close(server);
  }
  // Browsers always ask for gzip, which puts the compression middleware on the path (the body is too small to compress).
  const gzipServer = createServer(ctx.app);
  const gzipUrl = await listen(gzipServer);
  const gz = await load({ url: `${gzipUrl}/api/health`, seconds, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  await close(gzipServer);
  console.log(`  full stack / plain Express = ${fmt(rates['full stack'] / rates['plain Express'], 2)} (goal >= 0.70)`);
  console.log(`  full stack / bare node     = ${fmt(rates['full stack'] / rates['bare node:http'], 2)}`);
  console.log(`  full stack, Accept-Encoding gzip (as browsers send): ${fmt(gz.requestsPerSecond)} req/s = ${fmt(gz.requestsPerSecond / rates['plain Express'], 2)} of plain Express`);
  await ctx.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('GET /api/health, 10 connections, loopback');
  await benchHealth();
}
