import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type MockAdapter from 'axios-mock-adapter';
import type { TStoredUser } from '@hireflow/contracts/users';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { appRoutes } from '@/app/routes/app-routes';
import { currentPath, renderWithProviders } from '@/test/render';
import { buildSession, buildUser } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { clearAllStorage, getSession } from '@/lib/session';

const http = mockHttp();
let counter = 0;
/** A fresh state per test: the page posts each state once per page load. */
const nextState = () => `state-${++counter}-abcdefghijklmnop`;

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

const posts = (url: string) => http.history.post.filter((c) => c.url === url);

describe('sign-in callbacks (/googleSignin, /outlooksigninauth)', () => {
  it('posts code and state once, stores the session and lands on the dashboard', async () => {
    const session = buildSession();
    const state = nextState();
    http.onPost('/api/authComplete').reply(200, session);
    answerSignedInCalls(http, session.user);
    const { router } = renderWithProviders(null, { route: `/googleSignin?code=code-1&state=${state}&scope=openid` });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(getSession().token).toBe(session.token);
    expect(posts('/api/authComplete')).toHaveLength(1);
    expect(posts('/api/authComplete')[0].params).toEqual({ code: 'code-1', state });
  });

  it('shows progress under one h1 in a main landmark while the API answers', async () => {
    http.onPost('/api/authComplete').reply(() => new Promise(() => {}));
    renderWithProviders(null, { route: `/outlooksigninauth?code=c&state=${nextState()}` });
    expect(await screen.findByRole('heading', { name: 'Signing you in with Microsoft', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your Microsoft account…');
  });

  it('posts once under React StrictMode (the state is single-use on the server)', async () => {
    const session = buildSession();
    http.onPost('/api/authComplete').reply(200, session);
    answerSignedInCalls(http, session.user);
    const router = createMemoryRouter(appRoutes, { initialEntries: [`/googleSignin?code=c&state=${nextState()}`] });
    render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()} env="test">
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(posts('/api/authComplete')).toHaveLength(1);
  });

  it('does not reuse an old answer when the same address is opened again later', async () => {
    const session = buildSession();
    const route = `/googleSignin?code=c&state=${nextState()}`;
    http.onPost('/api/authComplete').replyOnce(200, session);
    http.onPost('/api/authComplete').reply(400, { code: 'state_invalid', message: 'This link has expired or was already used. Please start again.' });
    answerSignedInCalls(http, session.user);
    const first = renderWithProviders(null, { route });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    first.unmount();
    clearAllStorage(); // signed out since

    renderWithProviders(null, { route });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
    expect(posts('/api/authComplete')).toHaveLength(2);
    expect(getSession().token).toBeNull();
  });

  it('an unverified email lands on /stop', async () => {
    const session = { token: 'tok', user: buildUser({ email_verification: { status: false } }) };
    http.onPost('/api/authComplete').reply(200, session);
    answerSignedInCalls(http, session.user);
    const { router } = renderWithProviders(null, { route: `/googleSignin?code=c&state=${nextState()}` });
    expect(await screen.findByRole('heading', { name: 'Verify your email', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/stop');
  });

  it('shows the API refusal (a used or expired state) with a link back to /login', async () => {
    const message = 'This link has expired or was already used. Please start again.';
    http.onPost('/api/authComplete').reply(400, { code: 'state_invalid', message });
    const { router } = renderWithProviders(null, { route: `/googleSignin?code=c&state=${nextState()}` });
    expect(await screen.findByRole('heading', { name: 'Could not sign you in with Google', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(getSession().token).toBeNull();
    screen.getByRole('link', { name: 'Back to sign in' }).click();
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });

  it('says the user declined at the provider (?error=access_denied), without calling the API', async () => {
    renderWithProviders(null, { route: `/outlooksigninauth?error=access_denied&error_description=The+user+said+no&state=${nextState()}` });
    expect(await screen.findByRole('heading', { name: 'Could not sign you in with Microsoft', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You did not let Microsoft sign you in. Nothing was changed.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(http.history.post).toHaveLength(0);
  });

  it('says the link is unusable when it has no code', async () => {
    renderWithProviders(null, { route: '/googleSignin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used. Please start again.');
    expect(http.history.post).toHaveLength(0);
  });
});

describe('sign-up callbacks (/googleSignup, /outlooksignupauth)', () => {
  it('posts code and state to the sign-up verify call and takes the new admin to /onboarding', async () => {
    const session = { token: 'new-admin', user: buildUser({ admin: true, customerState: { slug: null, isAuthorized: true, userOptionsPage: false } }) };
    const state = nextState();
    http.onPost('/api/thirdparty/signup/verify').reply(201, session);
    answerSignedInCalls(http, session.user);
    const { router } = renderWithProviders(null, { route: `/outlooksignupauth?code=ms-code&state=${state}` });
    expect(await screen.findByRole('heading', { name: 'Tell us about your company', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/onboarding');
    expect(getSession().token).toBe('new-admin');
    expect(posts('/api/thirdparty/signup/verify')).toHaveLength(1);
    expect(posts('/api/thirdparty/signup/verify')[0].params).toEqual({ code: 'ms-code', state });
  });

  it('shows progress while the company is created', async () => {
    http.onPost('/api/thirdparty/signup/verify').reply(() => new Promise(() => {}));
    renderWithProviders(null, { route: `/googleSignup?code=c&state=${nextState()}` });
    expect(await screen.findByRole('heading', { name: 'Signing you up with Google', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your Google account…');
  });

  it('shows the refusal (an account exists already) with links back to /signup and /login', async () => {
    const message = 'An account with this email already exists. Please sign in.';
    http.onPost('/api/thirdparty/signup/verify').reply(409, { code: 'conflict', message });
    renderWithProviders(null, { route: `/googleSignup?code=c&state=${nextState()}` });
    expect(await screen.findByRole('heading', { name: 'Could not sign you up with Google', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to sign-up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'sign in to an existing account' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(getSession().token).toBeNull());
  });

  it('says "Oops! Something went wrong" when the API fails, never a blank page', async () => {
    http.onPost('/api/thirdparty/signup/verify').networkError();
    renderWithProviders(null, { route: `/outlooksignupauth?code=c&state=${nextState()}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! Something went wrong');
    expect(screen.getByRole('heading', { name: 'Could not sign you up with Microsoft', level: 1 })).toBeInTheDocument();
  });
});
