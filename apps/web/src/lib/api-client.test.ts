import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginMessages } from '@hireflow/contracts/messages';
import { mockHttp } from '@/test/http';
import { signIn } from '@/test/factories';
import { ApiError, api, apiGet, apiPost } from './api-client';
import { getSession, peekSavedUrl, setAgencySession } from './session';

const http = mockHttp();

describe('api-client', () => {
  it('has no time-out by default', () => {
    expect(api.defaults.timeout).toBe(0);
  });

  it('sends the stored token as a bearer header and unwraps the answer', async () => {
    const session = signIn();
    http.onGet('/api/thing').reply((config) => [200, { auth: config.headers?.Authorization }]);
    await expect(apiGet('/api/thing', z.object({ auth: z.string() }))).resolves.toEqual({ auth: `Bearer ${session.token}` });
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    http.onGet('/api/thing').reply((config) => [200, { auth: config.headers?.Authorization ?? null }]);
    await expect(apiGet('/api/thing', z.object({ auth: z.null() }))).resolves.toEqual({ auth: null });
  });

  it('turns an error body into a typed error with the API message', async () => {
    http.onPost('/api/user/login').reply(401, { code: 'unauthorized', message: LoginMessages.invalidCredentials });
    const error = await apiPost('/api/user/login', {}, z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: LoginMessages.invalidCredentials });
  });

  it('reads the error of a file download (a blob answer) as the API message', async () => {
    const message = 'You have opened too many files in a short time. Please wait 1 minute and try again.';
    http.onGet('/api/files/abc').reply(429, new Blob([JSON.stringify({ code: 'too_many_requests', message })], { type: 'application/json' }));
    const error = await api.get('/api/files/abc', { responseType: 'blob' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', message });
  });

  it('says the request timed out on a time-out', async () => {
    http.onGet('/api/slow').timeout();
    await expect(apiGet('/api/slow', z.unknown(), { timeout: 5 })).rejects.toMatchObject({ message: LoginMessages.timedOut, code: 'timeout' });
  });

  it('says the request timed out on a gateway time-out', async () => {
    http.onGet('/api/slow').reply(504, 'Gateway Timeout');
    await expect(apiGet('/api/slow', z.unknown())).rejects.toMatchObject({ message: LoginMessages.timedOut });
  });

  it('says something went wrong for a network failure, a server error or an unreadable answer', async () => {
    http.onGet('/api/down').networkError();
    http.onGet('/api/broken').reply(500, { code: 'internal_error', message: 'stack trace here' });
    http.onGet('/api/html').reply(502, '<html>Bad gateway</html>');
    http.onGet('/api/odd').reply(200, { unexpected: true });
    for (const url of ['/api/down', '/api/broken', '/api/html']) {
      await expect(apiGet(url, z.unknown())).rejects.toMatchObject({ message: LoginMessages.somethingWrong });
    }
    await expect(apiGet('/api/odd', z.object({ id: z.string() }))).rejects.toMatchObject({ message: LoginMessages.somethingWrong });
  });

  it('on a 401 to a signed-in call, clears the session and saves the URL', async () => {
    signIn();
    window.history.pushState({}, '', '/jobs/all?status=open');
    http.onGet('/api/user-accessmatrix').reply(401, { code: 'unauthorized', message: 'Your session has ended. Please sign in again.' });
    await expect(apiGet('/api/user-accessmatrix', z.unknown())).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toEqual({ token: null, user: null });
    expect(peekSavedUrl()).toBe('/jobs/all?status=open');
    window.history.pushState({}, '', '/');
  });

  it('a 401 to a signed-out call (wrong password) leaves storage alone', async () => {
    window.history.pushState({}, '', '/login');
    http.onPost('/api/user/login').reply(401, { code: 'unauthorized', message: LoginMessages.invalidCredentials });
    await expect(apiPost('/api/user/login', {}, z.unknown())).rejects.toMatchObject({ status: 401 });
    expect(peekSavedUrl()).toBeNull();
    window.history.pushState({}, '', '/');
  });

  it('on a 401 to an agency call, ends the agency session without saving the URL', async () => {
    setAgencySession({
      token: 'agency-token',
      agencyLogin: { agencyId: 'a1', customerSlug: 'acme', agencyName: 'TalentBridge', companyName: 'Acme', userName: 'Ann' },
    });
    window.history.pushState({}, '', '/applied-by-agencies');
    http.onGet('/api/agency-portal/jobs').reply(401, { code: 'unauthorized', message: 'Your session has ended. Please sign in again.' });
    await expect(apiGet('/api/agency-portal/jobs', z.unknown())).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('agencyLogin')).toBeNull();
    expect(peekSavedUrl()).toBeNull();
    window.history.pushState({}, '', '/');
  });
});
