import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntegrationsApi } from '@hireflow/contracts/integrations';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { buildConnection, buildMyIntegrations } from '../test/build-integrations';

const http = mockHttp();
const warning = {
  connectionId: '64c000000000000000000001',
  label: 'Gmail',
  message: "Your Gmail connection stopped working, so mail you sent went out from the company's address instead. Reconnect it in My integrations.",
  at: '2026-11-20T08:05:00.000Z',
};

function signInAt(warnings: (typeof warning)[]) {
  const session = signIn();
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
  http.onGet('/api/preferences/notifications').reply(200, {
    notifications: { approvalRequests: true, interviewReminders: true, feedbackDue: true, candidateApplied: true, offerUpdates: true, referralUpdates: true, weeklyDigest: false },
  });
  http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations({ connections: [buildConnection({ status: 'expired' })], warnings }));
}

describe('the broken-connection banner in the signed-in shell', () => {
  it('on another page, says mail went out from the company address and links to My integrations', async () => {
    signInAt([warning]);
    const { router } = renderWithProviders(null, { route: '/user-preferences/preferences' });
    const banner = await screen.findByRole('status', { name: 'Your Gmail connection stopped working' });
    expect(banner).toHaveTextContent("Mail you sent went out from the company's address instead.");
    await userEvent.setup().click(screen.getByRole('link', { name: 'Reconnect in My integrations' }));
    await waitFor(() => expect(currentPath(router)).toBe('/user-preferences/myintegrations'));
    // My integrations shows the warning itself; the banner steps aside.
    expect(await screen.findByRole('alert', { name: /Gmail: mail went out/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Your Gmail connection stopped working' })).toBeNull();
  });

  it('stays away when nothing broke', async () => {
    signInAt([]);
    renderWithProviders(null, { route: '/user-preferences/preferences' });
    await screen.findByRole('switch', { name: /Weekly digest/ });
    await waitFor(() => expect(http.history.get.some((r) => r.url === IntegrationsApi.mine)).toBe(true));
    expect(screen.queryByText(/connection stopped working/)).toBeNull();
  });
});
