import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { ReportsApi, TatDefaults, type TTatSettingsResponse } from '@hireflow/contracts/reports';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const route = '/company-settings/tatsettings';

const defaults: TTatSettingsResponse = { stages: { screening: TatDefaults.screening, interview: TatDefaults.interview, offer: TatDefaults.offer }, vacancyDays: TatDefaults.vacancyDays, updatedAt: null, updatedBy: null };

function mockPage(settings: TTatSettingsResponse) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
  http.onGet(ReportsApi.tatSettings).reply(200, settings);
}

describe(route, () => {
  it('shows the suggested targets, refuses a target of zero days and saves whole days', async () => {
    mockPage(defaults);
    const sent: unknown[] = [];
    http.onPut(ReportsApi.tatSettings).reply((config) => {
      const body = JSON.parse(config.data as string);
      sent.push(body);
      return [200, { ...body, updatedAt: '2026-11-24T10:00:00.000Z', updatedBy: 'Ada Admin' }];
    });
    renderWithProviders(null, { route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Turnaround targets' })).toBeInTheDocument();
    expect(await screen.findByText(/no one has changed them yet/)).toBeInTheDocument();
    const user = userEvent.setup();
    const interview = screen.getByRole('textbox', { name: /^Interview/ });
    expect(interview).toHaveValue(`${TatDefaults.interview} days`);

    await user.clear(interview);
    await user.type(interview, '0');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(await screen.findByText(/must be at least 1 day/i)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(interview);
    await user.type(interview, '14');
    const vacancy = screen.getByRole('textbox', { name: /Target to fill a job/ });
    await user.clear(vacancy);
    await user.type(vacancy, '60');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ stages: { screening: TatDefaults.screening, interview: 14, offer: TatDefaults.offer }, vacancyDays: 60 });
    expect(await screen.findByText(/Last changed 24 Nov 2026 by Ada Admin/)).toBeInTheDocument();
  });

  it('says when the targets cannot be loaded and offers to try again', async () => {
    const session = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
    http.onGet(ReportsApi.tatSettings).replyOnce(500, { error: { code: 'internal', message: 'Something went wrong on our side.' } });
    http.onGet(ReportsApi.tatSettings).reply(200, defaults);
    renderWithProviders(null, { route });
    expect(await screen.findByText('The turnaround targets could not be loaded')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Save targets' })).toBeInTheDocument();
  });
});
