import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderWithProviders } from '@/test/render';
import { buildSession, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { getSession } from '@/lib/session';
import { isRegisteredPath } from '@/app/routes/app-routes';

const http = mockHttp();
const hashKey = 'a'.repeat(32);
const status = (over = {}) => ({ id: '64a000000000000000000001', name: 'Acme Corp', slug: 'acme', isAuthorized: true, userOptionsPage: true, ...over });

describe('/reset-password', () => {
  it('checks the link first, then sets the new password', async () => {
    http.onPost('/api/is_hashkey/valid', { hashKey }).reply(200, { valid: true });
    http
      .onPost('/api/reset_password', { hashKey, password: 'NewPass123', confirmpassword: 'NewPass123' })
      .reply(200, { message: 'Your password has been changed. Please sign in with your new password.' });
    const user = userEvent.setup();
    renderWithProviders(null, { route: `/reset-password?hashKey=${hashKey}` });
    await user.type(await screen.findByLabelText(/^New password/), 'NewPass123');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'NewPass123{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says when the passwords differ or are weak, before calling the API', async () => {
    http.onPost('/api/is_hashkey/valid').reply(200, { valid: true });
    const user = userEvent.setup();
    renderWithProviders(null, { route: `/reset-password?hashKey=${hashKey}` });
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'other{Enter}');
    expect(await screen.findByText(/Password needs at least 8 characters/)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveFocus();
    expect(http.history.post.filter((r) => r.url === '/api/reset_password')).toHaveLength(0);
  });

  it('an invalid or expired link says so and offers a new one', async () => {
    http.onPost('/api/is_hashkey/valid').reply(200, { valid: false });
    renderWithProviders(null, { route: `/reset-password?hashKey=${hashKey}` });
    expect(await screen.findByRole('heading', { name: 'This link has expired', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('a link without a key is treated as invalid', async () => {
    renderWithProviders(null, { route: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'This link has expired', level: 1 })).toBeInTheDocument();
  });
});

describe('/forgot-password', () => {
  it('is its own page with the email + captcha form', async () => {
    http.onGet('/api/captcha_api').reply(200, { capId: 'c', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    renderWithProviders(null, { route: '/forgot-password' });
    expect(await screen.findByRole('heading', { name: 'Reset your password', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Captcha/ })).toBeInTheDocument();
  });
});

describe('/verify', () => {
  it('verifies the key from the mail link, then continues signed in', async () => {
    const session = buildSession();
    http.onPost('/api/verify_user_email', { verify_key: hashKey }).reply(200, { message: 'Thank you! Your email is verified.', email: session.user.email, tokenId: 't'.repeat(32) });
    http.onGet(`/api/continueAfterVerifyEmail/${encodeURIComponent(session.user.email)}/${'t'.repeat(32)}`).reply(200, session);
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, { route: `/verify?key=${hashKey}` });
    expect(await screen.findByText('Thank you! Your email is verified.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    expect(getSession().token).toBe(session.token);
  });

  it('says when the link is invalid or expired', async () => {
    http.onPost('/api/verify_user_email').reply(400, { code: 'verify_link_invalid', message: 'This verification link is invalid or has expired. Please ask for a new one.' });
    renderWithProviders(null, { route: `/verify?verify_key=${hashKey}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is invalid or has expired.');
  });
});

describe('/stop', () => {
  it('offers to resend the verification mail', async () => {
    const { user } = signIn({ email_verification: { status: false } });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    http.onPost('/api/resend_email_verifcation', { email: user.email }).reply(200, { message: 'We have sent a verification link to your email.' });
    const events = userEvent.setup();
    renderWithProviders(null, { route: '/stop' });
    await events.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a verification link to your email.');
  });

  it('moves on once the API says the email is verified', async () => {
    const { user } = signIn({ email_verification: { status: false } });
    http.onGet('/api/user-accessmatrix').reply(200, { user: { ...user, email_verification: { status: true } }, rights: [] });
    const { router } = renderWithProviders(null, { route: '/stop' });
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = renderWithProviders(null, { route: '/stop' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });
});

describe('/pendingverification', () => {
  it('waits while the company is not authorised', async () => {
    signIn({ customerState: { slug: 'acme', isAuthorized: false, userOptionsPage: true } });
    http.onGet('/api/customer/presentstatus').reply(200, status({ isAuthorized: false }));
    renderWithProviders(null, { route: '/pendingverification' });
    expect(await screen.findByRole('heading', { name: 'Your account is being reviewed', level: 1 })).toBeInTheDocument();
  });

  it('moves on once the company is authorised', async () => {
    signIn({ customerState: { slug: 'acme', isAuthorized: false, userOptionsPage: true } });
    http.onGet('/api/customer/presentstatus').reply(200, status());
    http.onGet('/api/user-accessmatrix').reply(() => [200, { user: getSession().user, rights: [] }]);
    const { router } = renderWithProviders(null, { route: '/pendingverification' });
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
  });
});

describe('/onboarding', () => {
  it('an admin without a company slug gives the company details, then moves on', async () => {
    signIn({ admin: true, customer: { id: '64a000000000000000000001', name: 'New Co' }, customerState: { slug: null, isAuthorized: true, userOptionsPage: false } });
    http.onPost('/api/customer/careersetting/onboarding').reply(200, status({ name: 'New Co', slug: 'new-co', userOptionsPage: false }));
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, { route: '/onboarding' });
    expect(await screen.findByRole('textbox', { name: /Company name/ })).toHaveValue('New Co');
    expect(screen.getByRole('textbox', { name: /Career site address/ })).toHaveValue('new-co');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-options'));
    expect(JSON.parse(http.history.post[0].data)).toMatchObject({ companyName: 'New Co', slug: 'new-co' });
  });

  it('shows the API refusal, e.g. a taken slug', async () => {
    signIn({ admin: true, customerState: { slug: null, isAuthorized: true, userOptionsPage: false } });
    http.onPost('/api/customer/careersetting/onboarding').reply(409, { code: 'slug_taken', message: 'The career site address "acme-corp" is already taken. Please choose another.' });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/onboarding' });
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('is already taken');
  });
});

describe('/user-options', () => {
  it('finishing sets userOptionsPage through /api/customerStateUpdate and lands on the dashboard', async () => {
    const { user } = signIn({ admin: true, customerState: { slug: 'acme', isAuthorized: true, userOptionsPage: false } });
    http.onPost('/api/customerStateUpdate', { id: user.customer!.id }).reply(200, status());
    http.onGet('/api/user-accessmatrix').reply(() => [200, { user: getSession().user, rights: [] }]);
    const events = userEvent.setup();
    const { router } = renderWithProviders(null, { route: '/user-options' });
    await events.click(await screen.findByRole('radio', { name: 'Post a job' }));
    await events.click(screen.getByRole('button', { name: 'Finish' }));
    // The chosen page once it exists, the dashboard until then.
    const expected = isRegisteredPath('/jobs/all') ? '/jobs/all' : '/dashboard';
    await waitFor(() => expect(currentPath(router)).toBe(expected));
    expect(getSession().user?.customerState?.userOptionsPage).toBe(true);
  });

  it('a non-admin is sent onward', async () => {
    const { user } = signIn({ customerState: { slug: 'acme', isAuthorized: true, userOptionsPage: false } });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    const { router } = renderWithProviders(null, { route: '/user-options' });
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
  });
});

describe('/logout', () => {
  it('calls the logout API, clears local and session storage, and goes to /login', async () => {
    signIn();
    sessionStorage.setItem('draft', 'x');
    localStorage.setItem('savedUrl', '/jobs/all');
    http.onPost('/api/user/logout').reply(200, { message: 'You have been signed out.' });
    const { router } = renderWithProviders(null, { route: '/logout' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(http.history.post.map((r) => r.url)).toEqual(['/api/user/logout']);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('still signs out locally when the API cannot be reached', async () => {
    signIn();
    http.onPost('/api/user/logout').networkError();
    const { router } = renderWithProviders(null, { route: '/logout' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(getSession().token).toBeNull();
  });
});

describe('/signup', () => {
  it('creates a company and its admin, deriving the career site address from the name', async () => {
    http.onPost('/api/selfsignup').reply(201, { message: 'Your account is ready. We have sent a verification link to ada@new.test.', email: 'ada@new.test' });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/signup' });
    await user.type(await screen.findByRole('textbox', { name: /Company name/ }), 'New Co Ltd');
    const address = screen.getByRole('textbox', { name: /Career site address/ });
    expect(address).toHaveValue('new-co-ltd');
    // It reads as the web address it is: the prefix before the field, the whole address in its description.
    expect(screen.getByText('…/careers/')).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription(`Your career site will be at ${window.location.origin}/careers/new-co-ltd. Lowercase letters, digits and dashes.`);
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'ada@new.test');
    await user.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 010 0100');
    await user.type(screen.getByLabelText(/^Password/), 'Secret123{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check your email', level: 1 })).toBeInTheDocument();
    // The confirmation says once that the link was sent, then what comes next.
    expect(screen.getByRole('status')).toHaveTextContent('Your account is ready. We have sent a verification link to ada@new.test.');
    expect(screen.getAllByText(/verification link/)).toHaveLength(1);
    expect(screen.getByText('Open the link in that mail to verify your email, then sign in.')).toBeInTheDocument();
    expect(screen.getByText(/we review your company and mail you when it is approved/)).toBeInTheDocument();
    expect(JSON.parse(http.history.post[0].data)).toEqual({
      companyName: 'New Co Ltd',
      slug: 'new-co-ltd',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@new.test',
      mobile: '+1 555 010 0100',
      password: 'Secret123',
    });
  });

  it('validates with the contract and focuses the first problem', async () => {
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/signup' });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveFocus();
    expect(screen.getAllByText('Is required').length).toBeGreaterThan(0);
    expect(http.history.post).toHaveLength(0);
  });

  it('shows the API refusal for a taken email', async () => {
    http.onPost('/api/selfsignup').reply(409, { code: 'email_taken', message: 'An account with this email already exists. Please sign in instead.' });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/signup' });
    await user.type(await screen.findByRole('textbox', { name: /Company name/ }), 'Acme');
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'A');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'B');
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'admin@acme.test');
    await user.type(screen.getByRole('textbox', { name: /Mobile/ }), '+1 555 010 0100');
    await user.type(screen.getByLabelText(/^Password/), 'Secret123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });
});

describe('/employee-signup', () => {
  it('signs up an employee of the company owning the email domain', async () => {
    http.onPost('/api/employeeSelfSignUp').reply(201, { message: 'Your account is ready.', email: 'new@acme.test' });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/employee-signup' });
    await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Nia');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'New');
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'new@acme.test');
    await user.type(screen.getByLabelText(/^Password/), 'Secret123{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check your email', level: 1 })).toBeInTheDocument();
    expect(JSON.parse(http.history.post[0].data)).toMatchObject({ firstName: 'Nia', lastName: 'New', email: 'new@acme.test' });
  });

  it('shows why an unknown domain is refused', async () => {
    http.onPost('/api/employeeSelfSignUp').reply(400, { code: 'unknown_domain', message: 'No company on Hireflow uses this email domain.' });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/employee-signup' });
    await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Nia');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'New');
    await user.type(screen.getByRole('textbox', { name: /Work email/ }), 'nia@elsewhere.test');
    await user.type(screen.getByLabelText(/^Password/), 'Secret123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No company on Hireflow uses this email domain.');
  });
});
