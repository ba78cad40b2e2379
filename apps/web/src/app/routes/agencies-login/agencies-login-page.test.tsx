import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { AgencyPortalMessages, type TAgencySessionResponse } from '@hireflow/contracts/agency-portal';
import { LoginMessages } from '@hireflow/contracts/messages';
import { currentPath, renderWithProviders } from '@/test/render';
import { mockHttp } from '@/test/http';
import { getAgencyLoginData, getSession, setAgencySession } from '@/lib/session';

const http = mockHttp();
const agencyId = '6a9e0000000000000000a001';
const link = `/agencies-login/acme/${agencyId}`;
const api = `/api/agency-portal/sign-in/acme/${agencyId}`;
const captcha = { capId: 'cap-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"><text>ab12</text></svg>' };
const page = { companyName: 'Acme', agencyName: 'TalentBridge', canSignIn: true };

const session: TAgencySessionResponse = {
  token: 'agency-token',
  user: { id: 'u1', name: 'Ann Agent', email: 'agency@talentbridge.test', isContact: true },
  agency: { id: agencyId, name: 'TalentBridge', status: 'active', maxCandidatesPerJob: 5 },
  company: { name: 'Acme', slug: 'acme' },
};

/** What the portal asks of the API once it opens. */
function answerPortal(mock: MockAdapter) {
  const { token: _token, ...me } = session;
  mock.onGet('/api/agency-portal/me').reply(200, me);
  mock.onGet('/api/agency-portal/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 20 });
  mock.onGet('/api/agency-portal/submissions').reply(200, { items: [], total: 0, page: 1, pageSize: 20 });
  mock.onGet('/api/agency-portal/colleagues').reply(200, []);
}

async function openSignIn(route = link) {
  const view = renderWithProviders(null, { route });
  return { ...view, user: userEvent.setup() };
}

describe('/agencies-login/:customerslug/:agencyid', () => {
  it('signs in with email, password and captcha, keeps the agency session and opens the portal', async () => {
    http.onGet(api).reply(200, page);
    http.onGet('/api/captcha_api').reply(200, captcha);
    http
      .onPost(`${api}/login`, { email: 'agency@talentbridge.test', password: 'Demo@12345', captchaText: 'ab12', captchaId: 'cap-1' })
      .reply(200, session);
    answerPortal(http);
    const { user, router } = await openSignIn();

    expect(await screen.findByText('TalentBridge')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Agency sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'agency@talentbridge.test');
    await user.type(screen.getByLabelText(/^Password/), 'Demo@12345');
    await screen.findByRole('img', { name: /Captcha/ });
    await user.type(screen.getByRole('textbox', { name: /^Captcha/ }), 'ab12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Agency portal' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/applied-by-agencies');
    expect(getSession()).toEqual({ token: 'agency-token', user: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(getAgencyLoginData()).toEqual({
      agencyId,
      customerSlug: 'acme',
      agencyName: 'TalentBridge',
      companyName: 'Acme',
      userName: 'Ann Agent',
    });
  });

  it('shows the API message on wrong credentials, with a fresh captcha', async () => {
    http.onGet(api).reply(200, page);
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost(`${api}/login`).reply(401, { code: 'unauthorized', message: LoginMessages.invalidCredentials });
    const { user } = await openSignIn();

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'agency@talentbridge.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-pass1');
    await screen.findByRole('img', { name: /Captcha/ });
    await user.type(screen.getByRole('textbox', { name: /^Captcha/ }), 'ab12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(LoginMessages.invalidCredentials);
    expect(screen.getByRole('textbox', { name: /^Captcha/ })).toHaveValue('');
    expect(getSession().token).toBeNull();
  });

  it('a wrong link says the sign-in link is not valid', async () => {
    http.onGet(api).reply(404, { code: 'not_found', message: 'Not found' });
    await openSignIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'This sign-in link is not valid' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('an agency that may not sign in is told why', async () => {
    http.onGet(api).reply(200, { ...page, canSignIn: false });
    await openSignIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in is not available' })).toBeInTheDocument();
    expect(screen.getByText(AgencyPortalMessages.cannotSignIn)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('signs in with a one-time code', async () => {
    http.onGet(api).reply(200, page);
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost(`${api}/otp`, { email: 'agency@talentbridge.test' }).reply(200, { message: 'Code sent' });
    http.onPost(`${api}/otp-login`, { email: 'agency@talentbridge.test', otp: '123456' }).reply(200, session);
    answerPortal(http);
    const { user, router } = await openSignIn();

    await user.click(await screen.findByRole('button', { name: 'Sign in with a one-time code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in with a one-time code' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'agency@talentbridge.test');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Agency portal' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/applied-by-agencies');
    expect(getSession().token).toBe('agency-token');
  });

  it('forgot password: email and captcha, then the neutral message', async () => {
    const neutral = 'If this email belongs to an account, a reset link is on its way.';
    http.onGet(api).reply(200, page);
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost(`${api}/reset`, { email: 'agency@talentbridge.test', captchaText: 'ab12', captchaId: 'cap-1' }).reply(200, { message: neutral });
    const { user } = await openSignIn();

    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'agency@talentbridge.test');
    await screen.findByRole('img', { name: /Captcha/ });
    await user.type(screen.getByRole('textbox', { name: /^Captcha/ }), 'ab12');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(neutral)).toBeInTheDocument();
  });

  it('?key= chooses a password with the strength rule, then returns to sign-in with a success message', async () => {
    const key = 'k'.repeat(32);
    http.onGet(api).reply(200, page);
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost('/api/agency-portal/password', { key, password: 'Better123', confirmpassword: 'Better123' }).reply(200, { message: 'Your password is set.' });
    const { user, router } = await openSignIn(`${link}?key=${key}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Password needs at least 8 characters, a digit')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^New password/), 'Better123');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Better123');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Agency sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password is set. You can sign in now.');
    expect(currentPath(router)).toBe(link);
  });

  it('a set-password refusal (expired key) is shown as the API says it', async () => {
    const key = 'k'.repeat(32);
    http.onGet(api).reply(200, page);
    http.onPost('/api/agency-portal/password').reply(400, { code: 'invalid_key', message: 'This link has expired.' });
    const { user } = await openSignIn(`${link}?key=${key}`);

    await user.type(await screen.findByLabelText(/^New password/), 'Better123');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Better123');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
  });

  it('an agency user already signed in through this link goes straight to the portal', async () => {
    setAgencySession({
      token: 'agency-token',
      agencyLogin: { agencyId, customerSlug: 'acme', agencyName: 'TalentBridge', companyName: 'Acme', userName: 'Ann Agent' },
    });
    http.onGet(api).reply(200, page);
    answerPortal(http);
    const { router } = await openSignIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agency portal' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/applied-by-agencies');
  });
});
