import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { getSession } from '@/lib/session';
import { IntegrationsApi } from '@hireflow/contracts/integrations';
import { buildConnection, buildMyIntegrations } from '@/features/integrations/test/build-integrations';

const http = mockHttp();

async function open(route: string, heading: string) {
  renderWithProviders(null, { route });
  await screen.findByRole('heading', { name: heading, level: 1 });
}

describe('/user-preferences', () => {
  it('opens profile by default; saving updates the stored user', async () => {
    const session = signIn({ firstName: 'Rita', lastName: 'Recruiter', fullName: 'Rita Recruiter' });
    // The API's copy of the user, as the access matrix and the profile answer it.
    let current = session.user;
    http.onGet('/api/user-accessmatrix').reply(() => [200, { user: current, rights: [] }]);
    http.onGet('/api/preferences/profile').reply(() => [200, { user: current }]);
    http.onGet('/api/org/locations/options').reply(200, { options: [] });
    let sent: Record<string, unknown> | null = null;
    http.onPost('/api/preferences/profile').reply((config) => {
      sent = JSON.parse(config.data);
      current = { ...session.user, firstName: 'Rosa', fullName: 'Rosa Recruiter' };
      return [200, { user: current }];
    });
    await open('/user-preferences', 'Profile');
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Rosa');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent).toMatchObject({ firstName: 'Rosa', lastName: 'Recruiter', timezone: 'UTC' }));
    await waitFor(() => expect(getSession().user?.fullName).toBe('Rosa Recruiter'));
  });

  it('password change: the confirmation must match before anything is sent', async () => {
    const session = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
    http.onGet('/api/preferences/profile').reply(200, { user: session.user });
    http.onGet('/api/org/locations/options').reply(200, { options: [] });
    await open('/user-preferences/profile', 'Profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), 'OldPass123');
    await user.type(screen.getByLabelText(/^New password/), 'NewPass456');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Other4567');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(http.history.post.filter((r) => r.url === '/api/preferences/password')).toHaveLength(0);
  });

  it('email preferences save each switch at once', async () => {
    const session = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
    const all = { approvalRequests: true, interviewReminders: true, feedbackDue: true, candidateApplied: true, offerUpdates: true, referralUpdates: true, weeklyDigest: false };
    http.onGet('/api/preferences/notifications').reply(200, { notifications: all });
    let sent: unknown = null;
    http.onPost('/api/preferences/notifications').reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { notifications: { ...all, weeklyDigest: true } }];
    });
    await open('/user-preferences/preferences', 'Email preferences');
    const digest = await screen.findByRole('switch', { name: /Weekly digest/ });
    expect(digest).not.toBeChecked();
    await userEvent.setup().click(digest);
    await waitFor(() => expect(sent).toEqual({ weeklyDigest: true }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Weekly digest/ })).toBeChecked());
  });

  it('My integrations tab: my mailbox and calendar with their state', async () => {
    const session = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
    http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations({ connections: [buildConnection({ account: 'rita@gmail.test' })] }));
    await open('/user-preferences/myintegrations', 'My integrations');
    expect(screen.getByRole('tab', { name: 'My integrations' })).toHaveAttribute('aria-selected', 'true');
    const mailbox = await screen.findByRole('region', { name: 'Mailbox' });
    expect(mailbox).toHaveTextContent('rita@gmail.test');
    expect(screen.getByRole('region', { name: 'Calendar' })).toHaveTextContent('Not connected');
  });
});
