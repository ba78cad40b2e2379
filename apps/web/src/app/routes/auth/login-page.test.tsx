import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { LoginMessages } from '@hireflow/contracts/messages';
import type { TStoredUser } from '@hireflow/contracts/users';
import { currentPath, renderWithProviders } from '@/test/render';
import { buildSession, buildUser } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { getSession, peekSavedUrl } from '@/lib/session';
import { SignInTimeoutMs } from '@/lib/api-client';

const http = mockHttp();
const captcha = { capId: 'cap-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"><text>ab12</text></svg>' };
const modes = { password: true, otp: true, google: false, microsoft: false };

/** What the pages after sign-in ask of the API. */
function answerSignedInCalls(mock: MockAdapter, user: TStoredUser) {
  mock.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
  mock.onGet('/api/customer/presentstatus').reply(200, {
    id: user.customer?.id ?? 'x',
    name: user.customer?.name ?? 'x',
    slug: user.customerState?.slug ?? null,
    isAuthorized: user.customerState?.isAuthorized ?? true,
    userOptionsPage: user.customerState?.userOptionsPage ?? true,
  });
}

async function openLogin(route = '/login') {
  const view = renderWithProviders(null, { route });
  await screen.findByRole('heading', { name: 'Sign in', level: 1 });
  return { ...view, user: userEvent.setup() };
}

async function passEmailStep(user: ReturnType<typeof userEvent.setup>, email = 'rita@acme.test') {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByLabelText(/^Password/);
}

async function submitPasswordStep(user: ReturnType<typeof userEvent.setup>, { password = 'Secret123', answer = 'ab12' } = {}) {
  await user.type(screen.getByLabelText(/^Password/), password);
  await screen.findByRole('img', { name: /Captcha/ });
  await user.type(screen.getByRole('textbox', { name: /^Captcha/ }), answer);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/login, password mode', () => {
  it('shows the sign-in form: email first', async () => {
    await openLogin();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('checks the email, then signs in with password and captcha', async () => {
    const session = buildSession();
    http.onPost('/api/user/auth', { email: 'rita@acme.test' }).reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    http
      .onPost('/api/user/login', { email: 'rita@acme.test', password: 'Secret123', captchaId: 'cap-1', captchaText: 'ab12' })
      .reply(200, session);
    answerSignedInCalls(http, session.user);
    const { user, router } = await openLogin();

    await passEmailStep(user);
    expect(screen.getByText('rita@acme.test')).toBeInTheDocument();
    await submitPasswordStep(user);

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(getSession().token).toBe(session.token);
  });

  it('submits the email step with Enter', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    const { user } = await openLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test{Enter}');
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
  });

  it('says "Bad request. User email is missing" for an empty email, on the field, and focuses it', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(await screen.findByText(LoginMessages.emailMissing)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(http.history.post).toHaveLength(0);
  });

  it('says "Oops! No account found for this email." for an unknown email', async () => {
    http.onPost('/api/user/auth').reply(404, { code: 'no_account', message: LoginMessages.noAccount });
    const { user } = await openLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@acme.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LoginMessages.noAccount);
  });

  it('says "Please resolve the captcha and submit!" when the captcha is empty, and focuses it', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    const { user } = await openLogin();
    await passEmailStep(user);
    await user.type(screen.getByLabelText(/^Password/), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(LoginMessages.captchaUnresolved)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Captcha/ })).toHaveFocus();
    expect(http.history.post.filter((r) => r.url === '/api/user/login')).toHaveLength(0);
  });

  it('says "Oops! please enter valid credentials" for a wrong password, and shows a fresh captcha', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').replyOnce(200, captcha).onGet('/api/captcha_api').reply(200, { ...captcha, capId: 'cap-2' });
    http.onPost('/api/user/login').reply(401, { code: 'invalid_credentials', message: LoginMessages.invalidCredentials });
    const { user } = await openLogin();
    await passEmailStep(user);
    await submitPasswordStep(user, { password: 'wrong-one1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(LoginMessages.invalidCredentials);
    await waitFor(() => expect(http.history.get.filter((r) => r.url === '/api/captcha_api')).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: /^Captcha/ })).toHaveValue('');
  });

  it('says how long this device must wait after too many wrong passwords, and what else to do', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    const held = { code: 'too_many_requests', message: 'Too many attempts from this device. Please wait 8 seconds and try again.', details: { retryAfter: 8 } };
    http.onPost('/api/user/login').replyOnce(429, held).onPost('/api/user/login').reply(429, { ...held, details: { retryAfter: 1 } });
    const { user } = await openLogin();
    await passEmailStep(user);
    await submitPasswordStep(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Too many attempts from this device\. Try again in [78] seconds, or sign in with a one-time code or reset your password \(below\)\.$/);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with a one-time code' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeEnabled();
  });

  it('counts the wait down and lets the user try again when it is over', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost('/api/user/login').reply(429, { code: 'too_many_requests', message: 'Too many attempts from this device. Please wait 1 second and try again.', details: { retryAfter: 1 } });
    const { user } = await openLogin();
    await passEmailStep(user);
    await submitPasswordStep(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 1 second,');
    expect(await screen.findByText('You can try again now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says "Please resolve the captcha and submit!" when the server rejects the captcha answer', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost('/api/user/login').reply(400, { code: 'captcha_unresolved', message: LoginMessages.captchaUnresolved });
    const { user } = await openLogin();
    await passEmailStep(user);
    await submitPasswordStep(user, { answer: 'zzzz' });
    expect(await screen.findByRole('alert')).toHaveTextContent(LoginMessages.captchaUnresolved);
  });

  it('says "Request timed out please try again later" on a time-out', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost('/api/user/login').timeout();
    const { user } = await openLogin();
    await passEmailStep(user);
    await submitPasswordStep(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(LoginMessages.timedOut);
    // A stalled API ends in that message: the sign-in calls carry a time-out.
    expect(http.history.post.find((c) => c.url === '/api/user/login')?.timeout).toBe(SignInTimeoutMs);
    expect(http.history.post.find((c) => c.url === '/api/user/auth')?.timeout).toBe(SignInTimeoutMs);
  });

  it('says "Oops! Something went wrong" for anything unexpected', async () => {
    http.onPost('/api/user/auth').networkError();
    const { user } = await openLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LoginMessages.somethingWrong);
  });

  it('offers a new captcha image with the refresh button', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').replyOnce(200, captcha).onGet('/api/captcha_api').reply(200, { capId: 'cap-2', svg: '<svg xmlns="http://www.w3.org/2000/svg"><text>zz99</text></svg>' });
    const { user } = await openLogin();
    await passEmailStep(user);
    const first = (await screen.findByRole('img', { name: /Captcha/ })).getAttribute('src');
    await user.click(screen.getByRole('button', { name: 'Show a new captcha' }));
    await waitFor(() => expect(screen.getByRole('img', { name: /Captcha/ }).getAttribute('src')).not.toBe(first));
  });

  it('disables the submit button while signing in', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost('/api/user/login').reply(() => new Promise(() => {}));
    const { user } = await openLogin();
    await passEmailStep(user);
    await submitPasswordStep(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
  });

  it('shows and hides the password', async () => {
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    const { user } = await openLogin();
    await passEmailStep(user);
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('/login, OTP mode', () => {
  async function openOtp() {
    const view = await openLogin();
    await view.user.click(screen.getByRole('button', { name: 'Sign in with a one-time code' }));
    await screen.findByRole('heading', { name: 'Sign in with a one-time code', level: 1 });
    await screen.findByRole('button', { name: 'Send code' }); // the mode's form loads on demand
    return view;
  }

  it('sends a code, then signs in with its six digits', async () => {
    const session = buildSession();
    http.onPost('/api/login/sendOTP', { email: 'rita@acme.test' }).reply(200, { message: 'sent' });
    http.onPost('/api/login/otp', { email: 'rita@acme.test', otp: '123456' }).reply(200, session);
    answerSignedInCalls(http, session.user);
    const { user, router } = await openOtp();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code to rita@acme.test.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /6-digit code/ }), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('lets the user resend only after the countdown', async () => {
    http.onPost('/api/login/sendOTP').reply(200, { message: 'sent' });
    const { user } = await openOtp();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test{Enter}');
    const resend = await screen.findByRole('button', { name: /Resend code in \d+ s/ });
    expect(resend).toBeDisabled();
  });

  it('says "Oops! Invalid OTP." for a wrong code from the server', async () => {
    http.onPost('/api/login/sendOTP').reply(200, { message: 'sent' });
    http.onPost('/api/login/otp').reply(401, { code: 'invalid_otp', message: LoginMessages.invalidOtp });
    const { user } = await openOtp();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test{Enter}');
    await user.type(await screen.findByRole('textbox', { name: /6-digit code/ }), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(LoginMessages.invalidOtp);
  });

  it('says "Oops! Invalid OTP." on the field for a code that is not six digits', async () => {
    http.onPost('/api/login/sendOTP').reply(200, { message: 'sent' });
    const { user } = await openOtp();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test{Enter}');
    await user.type(await screen.findByRole('textbox', { name: /6-digit code/ }), '12a{Enter}');
    expect(await screen.findByText(LoginMessages.invalidOtp)).toBeInTheDocument();
    expect(http.history.post.filter((r) => r.url === '/api/login/otp')).toHaveLength(0);
  });

  it('says "Oops! No account found for this email." when sending to an unknown email', async () => {
    http.onPost('/api/login/sendOTP').reply(404, { code: 'no_account', message: LoginMessages.noAccount });
    const { user } = await openOtp();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@acme.test{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(LoginMessages.noAccount);
  });
  it('says how long this device must wait for another code', async () => {
    http.onPost('/api/login/sendOTP').reply(429, { code: 'too_many_requests', message: 'Too many attempts from this device. Please wait 60 seconds and try again.', details: { retryAfter: 60 } });
    const { user } = await openOtp();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Try again in (60|59) seconds, or sign in with your password or reset it/);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
  });
});

describe('/login, forgot password mode', () => {
  it('asks for email and captcha, then confirms the mail', async () => {
    http.onGet('/api/captcha_api').reply(200, captcha);
    http
      .onPost('/api/reset_password_initiate', { email: 'rita@acme.test', captchaText: 'ab12', captchaId: 'cap-1' })
      .reply(200, { message: 'If an account exists for this email, we have sent a link to reset the password.' });
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Reset your password', level: 1 });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'rita@acme.test');
    await screen.findByRole('img', { name: /Captcha/ });
    await user.type(screen.getByRole('textbox', { name: /^Captcha/ }), 'ab12{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('we have sent a link to reset the password');
  });

  it('says "Please resolve the captcha and submit!" without a captcha answer', async () => {
    http.onGet('/api/captcha_api').reply(200, captcha);
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test{Enter}');
    expect(await screen.findByText(LoginMessages.captchaUnresolved)).toBeInTheDocument();
  });

  it('keeps the email typed in another mode', async () => {
    http.onGet('/api/captcha_api').reply(200, captcha);
    const { user } = await openLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('rita@acme.test');
  });
});

describe('destination after sign-in (SPEC section 4)', () => {
  async function signInAs(overrides: Partial<TStoredUser>, route = '/login') {
    const session = { token: 'tok', user: buildUser(overrides) };
    http.onPost('/api/user/auth').reply(200, { email: session.user.email, modes });
    http.onGet('/api/captcha_api').reply(200, captcha);
    http.onPost('/api/user/login').reply(200, session);
    answerSignedInCalls(http, session.user);
    const view = await openLogin(route);
    await passEmailStep(view.user, session.user.email);
    await submitPasswordStep(view.user);
    return view;
  }

  it('the platform super admin lands on /superadmin', async () => {
    const { router } = await signInAs({ superAdmin: true, customer: null, customerState: null, firstName: 'Sam', lastName: 'Super', fullName: 'Sam Super' });
    expect(await screen.findByRole('heading', { name: 'Super admin', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Signed in as Sam Super, platform super admin.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/superadmin');
  });

  it('an unverified email lands on /stop', async () => {
    const { router } = await signInAs({ email_verification: { status: false } });
    expect(await screen.findByRole('heading', { name: 'Verify your email', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/stop');
  });

  it('an admin without company slug lands on /onboarding', async () => {
    const { router } = await signInAs({ admin: true, customerState: { slug: null, isAuthorized: true, userOptionsPage: false } });
    expect(await screen.findByRole('heading', { name: 'Tell us about your company', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/onboarding');
  });

  it('a customer not authorised lands on /pendingverification', async () => {
    const { router } = await signInAs({ customerState: { slug: 'acme', isAuthorized: false, userOptionsPage: true } });
    expect(await screen.findByRole('heading', { name: 'Your account is being reviewed', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/pendingverification');
  });

  it('an admin whose userOptionsPage is false lands on /user-options', async () => {
    const { router } = await signInAs({ admin: true, customerState: { slug: 'acme', isAuthorized: true, userOptionsPage: false } });
    expect(await screen.findByRole('heading', { name: 'Welcome to Hireflow', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/user-options');
  });

  it('otherwise the saved URL, which is then spent', async () => {
    localStorage.setItem('savedUrl', '/superadmin');
    const { router } = await signInAs({ superAdmin: false });
    await waitFor(() => expect(currentPath(router)).not.toBe('/login'));
    // A company user is not allowed on /superadmin: the saved URL was honoured, and its guard answered.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(peekSavedUrl()).toBeNull();
  });

  it('else /dashboard, with the name and role', async () => {
    const { router } = await signInAs({ firstName: 'Rita', lastName: 'Recruiter', fullName: 'Rita Recruiter', role: 'recruiter' });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Rita Recruiter')).toBeInTheDocument();
    expect(screen.getByText('Recruiter')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('a visitor who came from the help site returns there', async () => {
    const referrer = 'https://help.hireflow.local/articles/interview-kits';
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(document, 'referrer', { configurable: true, value: referrer });
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign, origin: original.origin } });
    http.onGet('/api/env_variables').reply(200, { productName: 'Hireflow', helpSiteUrl: 'https://help.hireflow.local', googleClientId: null, microsoftClientId: null });
    try {
      await signInAs({});
      await waitFor(() => expect(assign).toHaveBeenCalledWith(referrer));
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
      Object.defineProperty(document, 'referrer', { configurable: true, value: '' });
    }
  });

  it('a referrer from elsewhere does not count', async () => {
    Object.defineProperty(document, 'referrer', { configurable: true, value: 'https://search.example/?q=hireflow' });
    http.onGet('/api/env_variables').reply(200, { productName: 'Hireflow', helpSiteUrl: 'https://help.hireflow.local', googleClientId: null, microsoftClientId: null });
    try {
      const { router } = await signInAs({});
      await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    } finally {
      Object.defineProperty(document, 'referrer', { configurable: true, value: '' });
    }
  });
});
