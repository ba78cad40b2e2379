import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('fails fast naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MONGODB_URI: 'postgres://x' })).toThrow(/MONGODB_URI: must start with mongodb:\/\//);
  });

  it('refuses production without a JWT secret and SMTP', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required when NODE_ENV=production[\s\S]*SMTP_URL/);
  });

  it('refuses the test captcha in production', () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://localhost:25', CAPTCHA_TEST_TEXT: 'abc' };
    expect(() => loadConfig(env)).toThrow(/CAPTCHA_TEST_TEXT/);
  });

  it('generates a local JWT secret once and keeps it in the data dir', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toHaveLength(96);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: 'y'.repeat(40) });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.bcryptCost).toBe(12);
    expect(config.mongodbUri).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('listens on every interface only when HOST says so', () => {
    expect(loadConfig({ JWT_SECRET: 'y'.repeat(40), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
