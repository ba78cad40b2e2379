import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const root = new URL('../../../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

type Compose = {
  services: Record<string, { image?: string; build?: unknown; command?: string[]; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; healthcheck?: { test: string[] }; volumes?: string[] }>;
  volumes: Record<string, unknown>;
};

describe('docker-compose.yml (production shape)', () => {
  const compose = parse(read('docker-compose.yml')) as Compose;

  it('runs MongoDB 7 as a replica set with a named volume', () => {
    const mongo = compose.services.mongo;
    expect(mongo.image).toBe('mongo:7');
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(mongo.volumes).toContain('mongo-data:/data/db');
    expect(Object.keys(compose.volumes)).toContain('mongo-data');
  });

  it('initialises the replica set itself', () => {
    expect(compose.services.mongo.healthcheck?.test.join(' ')).toMatch(/rs\.initiate\(\{ _id: 'rs0'/);
  });

  it('points the app at that replica set in production mode, after it is healthy', () => {
    const app = compose.services.app;
    expect(app.build).toBe('.');
    expect(app.depends_on?.mongo.condition).toBe('service_healthy');
    expect(app.environment?.MONGODB_URI).toBe('mongodb://mongo:27017/hireflow?replicaSet=rs0');
    expect(app.environment?.NODE_ENV).toBe('production');
    expect(app.environment?.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(app.environment?.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/);
    expect(app.environment?.TOKEN_ENCRYPTION_KEY).toMatch(/^\$\{TOKEN_ENCRYPTION_KEY:\?/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('is multi-stage and runs as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
  });
});

describe('.env.example', () => {
  it('documents every variable the API reads', () => {
    const example = read('.env.example');
    const config = read('apps/api/src/config.ts');
    const read_ = [...config.matchAll(/^\s{4}([A-Z][A-Z0-9_]+): z\./gm)].map((m) => m[1]);
    expect(read_.length).toBeGreaterThan(10);
    for (const name of read_) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
