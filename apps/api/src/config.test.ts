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

  it('refuses production without a token encryption key, and with a mock provider certificate', () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://localhost:25' };
    expect(() => loadConfig(env)).toThrow(/TOKEN_ENCRYPTION_KEY: is required when NODE_ENV=production/);
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(() => loadConfig({ ...env, TOKEN_ENCRYPTION_KEY: key, OAUTH_EXTRA_CA_FILE: '/tmp/ca.pem' })).toThrow(/OAUTH_EXTRA_CA_FILE: must not be set/);
    expect(() => loadConfig({ ...env, TOKEN_ENCRYPTION_KEY: 'short' })).toThrow(/TOKEN_ENCRYPTION_KEY: must be 32 random bytes/);
    expect(loadConfig({ ...env, TOKEN_ENCRYPTION_KEY: key }).tokenKey).toEqual(Buffer.alloc(32, 1));
  });

  it('generates a local token key once and keeps it in the data dir', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.tokenKey).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).tokenKey).toEqual(first.tokenKey);
    expect(readFileSync(path.join(dir, 'token-key'), 'utf8')).toBe(first.tokenKey.toString('base64'));
  });

  it('configures a provider only when both its client id and secret are set; Microsoft only over https', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'id' }).google).toBeNull();
    const both = loadConfig({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 's' });
    expect(both.google).toMatchObject({ clientId: 'id', tokenUrl: 'https://oauth2.googleapis.com/token', issuer: 'https://accounts.google.com' });
    expect(both.microsoft).toMatchObject({ authority: 'https://login.microsoftonline.com/common', graphUrl: 'https://graph.microsoft.com/v1.0' });
    expect(() => loadConfig({ DATA_DIR: dir, MICROSOFT_AUTHORITY: 'http://login.example' })).toThrow(/MICROSOFT_AUTHORITY: must be an https:\/\/ URL/);
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
    const config = loadConfig({ JWT_SECRET: 'y'.repeat(40), TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
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
