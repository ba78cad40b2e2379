import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const env = { productName: 'Hireflow', helpSiteUrl: 'https://help.hireflow.local', googleClientId: null, microsoftClientId: null };
const bothConfigured = { ...env, googleClientId: 'google-client.apps.example', microsoftClientId: 'ms-client-id' };

// The browser leaves for the provider: window.location.assign is what the page calls.
const assign = vi.fn();
const original = window.location;
beforeEach(() => {
  assign.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign, origin: original.origin } });
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: original });
});

async function open(route: '/login' | '/signup') {
  const view = renderWithProviders(null, { route });
  await screen.findByRole('heading', { name: route === '/login' ? 'Sign in' : 'Create your company account', level: 1 });
  return { ...view, user: userEvent.setup() };
}

const envCalls = () => http.history.get.filter((c) => c.url === '/api/env_variables');

describe('/login with Google or Microsoft', () => {
  it('shows no provider button when neither is configured', async () => {
    http.onGet('/api/env_variables').reply(200, env);
    await open('/login');
    await waitFor(() => expect(envCalls()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('shows only the configured provider', async () => {
    http.onGet('/api/env_variables').reply(200, { ...env, microsoftClientId: 'ms-client-id' });
    await open('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Microsoft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('sends the typed email as login hint and goes to the address the API answers', async () => {
    http.onGet('/api/env_variables').reply(200, bothConfigured);
    http.onPost('/api/user/googleLogin').reply(200, { url: 'https://accounts.google.test/o/oauth2/auth?state=s1' });
    const { user } = await open('/login');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@acme.test');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.test/o/oauth2/auth?state=s1'));
    const posts = http.history.post.filter((c) => c.url === '/api/user/googleLogin');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].data as string)).toEqual({ provider: 'google', email: 'rita@acme.test' });
  });

  it('leaves out a half-typed email, and asks Microsoft when that button is clicked', async () => {
    http.onGet('/api/env_variables').reply(200, bothConfigured);
    http.onPost('/api/user/googleLogin').reply(200, { url: 'https://login.microsoft.test/authorize?state=s2' });
    const { user } = await open('/login');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rita@');
    await user.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.microsoft.test/authorize?state=s2'));
    expect(JSON.parse(http.history.post[0].data as string)).toEqual({ provider: 'microsoft' });
  });

  it('keeps the email confirmed in the password step as login hint', async () => {
    http.onGet('/api/env_variables').reply(200, bothConfigured);
    http.onPost('/api/user/auth').reply(200, { email: 'rita@acme.test', modes: { password: true, otp: true, google: true, microsoft: false } });
    http.onGet('/api/captcha_api').reply(200, { capId: 'cap-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
    http.onPost('/api/user/googleLogin').reply(200, { url: 'https://accounts.google.test/auth' });
    const { user } = await open('/login');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Rita@acme.test{Enter}');
    await screen.findByLabelText(/^Password/);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.test/auth'));
    const post = http.history.post.find((c) => c.url === '/api/user/googleLogin');
    expect(JSON.parse(post?.data as string)).toEqual({ provider: 'google', email: 'rita@acme.test' });
  });

  it('points an account without a password at the configured providers as well as the one-time code', async () => {
    http.onGet('/api/env_variables').reply(200, bothConfigured);
    http.onPost('/api/user/auth').reply(200, { email: 'gina@acme.test', modes: { password: false, otp: true, google: true, microsoft: true } });
    const { user } = await open('/login');
    await screen.findByRole('button', { name: 'Continue with Google' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'gina@acme.test{Enter}');
    expect(
      await screen.findByText('This account has no password yet. Continue with Google or Microsoft below, or sign in with a one-time code.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Sign in with a one-time code' }).length).toBeGreaterThan(0);
  });

  it('offers the one-time code alone when that provider is not configured', async () => {
    http.onGet('/api/env_variables').reply(200, env);
    http.onPost('/api/user/auth').reply(200, { email: 'gina@acme.test', modes: { password: false, otp: true, google: true, microsoft: false } });
    const { user } = await open('/login');
    await waitFor(() => expect(envCalls()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'gina@acme.test{Enter}');
    expect(await screen.findByText('This account has no password yet. Sign in with a one-time code instead.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('shows the button busy while the API answers, the other one disabled', async () => {
    http.onGet('/api/env_variables').reply(200, bothConfigured);
    http.onPost('/api/user/googleLogin').reply(() => new Promise(() => {}));
    const { user } = await open('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveAttribute('data-loading', 'true'));
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says why when the API refuses, and stays on the page', async () => {
    http.onGet('/api/env_variables').reply(200, bothConfigured);
    const message = 'Too many attempts from this device. Please wait 30 seconds and try again.';
    http.onPost('/api/user/googleLogin').reply(429, { code: 'too_many_requests', message, details: { retryAfter: 30 } });
    const { user } = await open('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('says plainly when the provider was switched off since the page loaded', async () => {
    http.onGet('/api/env_variables').reply(200, bothConfigured);
    http.onPost('/api/user/googleLogin').reply(501, { code: 'not_configured', message: 'Microsoft is not set up for this installation.' });
    const { user } = await open('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Microsoft is not set up on this installation. Please use your email instead.');
  });
});

describe('/signup with Google or Microsoft', () => {
  it('shows no provider button when neither is configured', async () => {
    http.onGet('/api/env_variables').reply(200, env);
    await open('/signup');
    await waitFor(() => expect(envCalls()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('asks the API for the sign-up address and goes there', async () => {
    http.onGet('/api/env_variables').reply(200, { ...env, googleClientId: 'google-client.apps.example' });
    http.onPost('/api/user/thirdparty/signup').reply(200, { url: 'https://accounts.google.test/signup?state=s3' });
    const { user } = await open('/signup');
    expect(screen.queryByRole('button', { name: 'Continue with Microsoft' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.test/signup?state=s3'));
    const posts = http.history.post.filter((c) => c.url === '/api/user/thirdparty/signup');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].data as string)).toEqual({ provider: 'google' });
    // The sign-up form itself was not sent.
    expect(http.history.post).toHaveLength(1);
  });

  it('says "Oops! Something went wrong" when the API cannot be reached', async () => {
    http.onGet('/api/env_variables').reply(200, { ...env, microsoftClientId: 'ms-client-id' });
    http.onPost('/api/user/thirdparty/signup').networkError();
    const { user } = await open('/signup');
    await user.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! Something went wrong');
    expect(assign).not.toHaveBeenCalled();
  });
});
