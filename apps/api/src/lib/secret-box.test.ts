import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

describe('sealed secrets (tokens at rest)', () => {
  const key = randomBytes(32);
  const tokens = { refreshToken: '1//refresh-token-value', accessToken: 'ya29.access' };

  it('opens with the same key and owner, and the sealed text shows nothing of the value', () => {
    const sealed = sealSecret(key, tokens, 'connection-1');
    expect(sealed).not.toContain('refresh');
    expect(sealed).not.toContain('ya29');
    expect(openSecret(key, sealed, 'connection-1')).toEqual(tokens);
  });

  it('seals the same value differently each time (a fresh IV)', () => {
    expect(sealSecret(key, tokens, 'c')).not.toBe(sealSecret(key, tokens, 'c'));
  });

  it('refuses another key, another owner, and altered bytes', () => {
    const sealed = sealSecret(key, tokens, 'connection-1');
    expect(() => openSecret(randomBytes(32), sealed, 'connection-1')).toThrow();
    expect(() => openSecret(key, sealed, 'connection-2')).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(() => openSecret(key, [parts[0], parts[1], parts[2], data.toString('base64url')].join('.'), 'connection-1')).toThrow();
    expect(() => openSecret(key, 'not-sealed', 'connection-1')).toThrow('not a sealed secret');
  });
});
