import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { CompanyApi, CompanyMessages, DefaultCompanyPreferences, type TCompanyPreferences } from '@hireflow/contracts/company';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { formatDate } from '@/lib/date-format';

const http = mockHttp();
const wait = { timeout: 15_000 };

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
  http.onGet('/api/workflow-template').reply(200, { stages: [{ id: '64e000000000000000000001', name: 'Screen', kind: 'screening' }] });
  http.onGet('/api/stage-automations').reply(200, { stages: [] });
  http.onGet('/api/interview-attributes').reply(200, { items: [] });
  http.onGet('/api/interview-plan/default').reply(200, { jobId: null, inherited: false, rounds: [] });
}

async function openPage(preferences: TCompanyPreferences = DefaultCompanyPreferences) {
  http.onGet(CompanyApi.preferences).reply(200, preferences);
  renderWithProviders(null, { route: '/company-settings/preferences' });
  await screen.findByRole('heading', { name: 'Preferences', level: 1 }, wait);
  return screen.findByRole('region', { name: 'Dates and time' }, wait);
}

describe('/company-settings/preferences: dates, time and retention', () => {
  it('is not found without the right of the preferences page', async () => {
    signInWith(['careerSiteSettings']);
    renderWithProviders(null, { route: '/company-settings/preferences' });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i }, wait)).toBeInTheDocument();
  });

  it('shows each date format with today, empty periods as kept until erased, and saves the chosen ones', async () => {
    signInWith(['advanceSettings']);
    let sent: unknown = null;
    http.onPut(CompanyApi.preferences).reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, sent];
    });
    const section = await openPage();
    const today = new Date();
    expect(within(section).getByRole('radio', { name: `YYYY-MM-DD: today is ${formatDate(today, 'YYYY-MM-DD')}` })).not.toBeChecked();
    expect(within(section).getByRole('radio', { name: `DD/MM/YYYY: today is ${formatDate(today, 'DD/MM/YYYY')}` })).toBeChecked();
    expect(within(section).getByRole('radio', { name: 'Monday' })).toBeChecked();
    const rejected = within(section).getByRole('textbox', { name: 'Rejected candidates (months)' });
    expect(rejected).toHaveValue('');
    expect(rejected).toHaveAttribute('placeholder', 'Keep until erased');
    expect(within(section).getByText(/The privacy rules apply these periods once a day/)).toBeInTheDocument();
    // The workflow part still works beside it.
    expect(await screen.findByRole('textbox', { name: 'Stage 1 name' }, wait)).toHaveValue('Screen');

    const user = userEvent.setup();
    await user.click(within(section).getByRole('radio', { name: /^YYYY-MM-DD/ }));
    await user.click(within(section).getByRole('radio', { name: 'Sunday' }));
    const zone = within(section).getByRole('combobox', { name: /^Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Berlin');
    await user.click(await screen.findByRole('option', { name: 'Europe/Berlin' }, wait));
    await user.type(rejected, '6x');
    expect(rejected).toHaveValue('6');
    await user.click(within(section).getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(sent).toEqual({ timeZone: 'Europe/Berlin', dateFormat: 'YYYY-MM-DD', weekStart: 0, retention: { rejectedMonths: 6, sourcedDays: null, withdrawnMonths: null } }),
    );
    expect(await screen.findByText(CompanyMessages.preferencesSaved, {}, wait)).toBeInTheDocument();
    expect(formatDate('2026-03-05T12:00:00')).toBe('2026-03-05');
  });

  it('shows the contract limits under a period and sends nothing', async () => {
    signInWith(['advanceSettings']);
    const section = await openPage({ ...DefaultCompanyPreferences, retention: { rejectedMonths: 12, sourcedDays: null, withdrawnMonths: null } });
    const sourced = within(section).getByRole('textbox', { name: 'Sourced, never contacted (days)' });
    const user = userEvent.setup();
    await user.type(sourced, '3');
    await user.click(within(section).getByRole('button', { name: 'Save preferences' }));
    expect(await within(section).findByText('Must be at least 7', {}, wait)).toBeInTheDocument();
    expect(sourced).toHaveFocus();
    expect(http.history.put).toHaveLength(0);
  });
});
