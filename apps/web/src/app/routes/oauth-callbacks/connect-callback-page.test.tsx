import { afterEach, describe, expect, it } from 'vitest';
import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { appRoutes } from '@/app/routes/app-routes';
import { notifications } from '@mantine/notifications';
import { IntegrationsApi } from '@hireflow/contracts/integrations';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { AvailabilityApi } from '@hireflow/contracts/interviews-availability';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { peekSavedUrl } from '@/lib/session';
import { buildConnection, buildMyIntegrations } from '@/features/integrations/test/build-integrations';

const http = mockHttp();
const State = 'state-0123456789abcdef';

afterEach(() => notifications.clean());

function signInWithShell() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
  http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations({ connections: [buildConnection()] }));
  return session;
}

describe('connect callback pages', () => {
  it('/gmailAuth hands code and state to emailSendAuth once, then returns to returnTo with a notification', async () => {
    signInWithShell();
    const calls: unknown[] = [];
    http.onGet(IntegrationsApi.emailSendAuth).reply((config) => {
      calls.push(config.params);
      return [200, { connection: buildConnection(), returnTo: '/user-preferences/myintegrations' }];
    });
    const { router } = renderWithProviders(null, { route: `/gmailAuth?code=c-123&state=${State}&scope=gmail.send` });
    expect(await screen.findByRole('heading', { name: 'Connecting your Gmail', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/user-preferences/myintegrations'));
    expect(await screen.findByText('Gmail connected as rita@gmail.test.')).toBeInTheDocument();
    expect(calls).toEqual([{ code: 'c-123', state: State }]);
  });

  it('under StrictMode (mounted twice) the provider\'s one-time code is still sent once', async () => {
    signInWithShell();
    let calls = 0;
    http.onGet(IntegrationsApi.emailSendAuth).reply(() => {
      calls += 1;
      return [200, { connection: buildConnection({ provider: 'microsoft', label: 'Outlook mail', account: 'rita@contoso.test' }), returnTo: '/dashboard' }];
    });
    http.onGet(/\/api\/dashboard.*/).reply(200, {});
    const router = createMemoryRouter(appRoutes, { initialEntries: [`/outlookauth?code=c-7&state=${State}`] });
    render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()} env="test">
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Outlook mail connected as rita@contoso.test.')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('/calenderAuth passes the meeting room on to authCalender and returns to the meeting rooms', async () => {
    signInWithShell();
    const calls: unknown[] = [];
    const room = buildConnection({ service: 'calendar', owner: 'room', provider: 'microsoft', label: 'Outlook calendar', account: 'spree@acme.test', meetingRoomId: '64e000000000000000000001', userId: null });
    http.onGet(IntegrationsApi.authCalender).reply((config) => {
      calls.push(config.params);
      return [200, { connection: room, returnTo: '/company-settings/manage-locations/meeting-rooms' }];
    });
    http.onGet(AvailabilityApi.officeAddresses).reply(200, { items: [] });
    http.onPost(InterviewApi.meetingRoomFetch).reply(200, { items: [] });
    const { router } = renderWithProviders(null, { route: `/calenderAuth?code=c-9&state=${State}&meetingRoomId=64e000000000000000000001` });
    expect(await screen.findByRole('heading', { name: "Connecting the meeting room's calendar", level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/company-settings/manage-locations/meeting-rooms'));
    expect(calls).toEqual([{ code: 'c-9', state: State, meetingRoomId: '64e000000000000000000001' }]);
    expect(http.history.get.filter((r) => r.url === IntegrationsApi.emailSendAuth)).toHaveLength(0);
  });

  it('/outlookcalender: a refusal by the API is shown with a link back to My integrations', async () => {
    signInWithShell();
    http.onGet(IntegrationsApi.authCalender).reply(400, { code: 'state_invalid', message: 'This link has expired or was already used. Please start again.' });
    const { router } = renderWithProviders(null, { route: `/outlookcalender?code=c-1&state=${State}` });
    expect(await screen.findByRole('heading', { name: 'Connecting your Outlook calendar', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('This link has expired or was already used. Please start again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My integrations' })).toHaveAttribute('href', '/user-preferences/myintegrations');
    expect(currentPath(router)).toBe(`/outlookcalender?code=c-1&state=${State}`);
  });

  it('/outlookauth with ?error= from the provider calls nothing and says nothing was connected', async () => {
    signInWithShell();
    renderWithProviders(null, { route: '/outlookauth?error=access_denied&error_description=The+user+declined' });
    expect(await screen.findByRole('heading', { name: 'Connecting your Outlook mail', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('You did not allow access, so nothing was connected.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My integrations' })).toBeInTheDocument();
    expect(http.history.get.filter((r) => r.url === IntegrationsApi.emailSendAuth)).toHaveLength(0);
  });

  it('signed out: keeps the callback URL and goes to /login without calling the API', async () => {
    const { router } = renderWithProviders(null, { route: `/googleCalender?code=c-2&state=${State}` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(peekSavedUrl()).toBe(`/googleCalender?code=c-2&state=${State}`);
    expect(http.history.get.filter((r) => r.url === IntegrationsApi.authCalender)).toHaveLength(0);
  });
});
