import MockAdapter from 'axios-mock-adapter';
import { afterEach } from 'vitest';
import { api } from '@/lib/api-client';

/**
 * Replaces the network under the app's one axios instance for a test file. Unexpected calls fail the
 * request with a 599 the test will notice, instead of reaching a real server.
 */
export function mockHttp() {
  const http = new MockAdapter(api, { onNoMatch: 'throwException' });
  afterEach(() => http.reset());
  return http;
}
