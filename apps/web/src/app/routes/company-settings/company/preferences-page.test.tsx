import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { CompanyApi, CompanyMessages, DefaultCompanyPreferences, type TCompanyPreferences } from '@hireflow/contracts/company';
import { PrivacyApi, type TRetentionPreview, type TRetentionRun } from '@hireflow/contracts/privacy';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { formatDate } from '@/lib/date-format';

const http = mockHttp();

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
  http.onGet('/api/workflow-template').reply(200, { stages: [{ id: '64e000000000000000000001', name: 'Screen', kind: 'screening' }] });
  http.onGet('/api/stage-automations').reply(200, { stages: [] });
  http.onGet('/api/interview-attributes').reply(200, { items: [] });
  http.onGet('/api/interview-plan/default').reply(200, { jobId: null, inherited: false, rounds: [] });
}

/** The retention calls: no run yet, and a preview in which nobody is due unless the test says otherwise. */
function retentionApis({ runs = [], preview }: { runs?: TRetentionRun[]; preview?: (rules: Record<string, number | null>) => TRetentionPreview } = {}) {
  http.onGet(PrivacyApi.retentionRuns).reply(200, { items: runs });
  http.onPost(PrivacyApi.retentionPreview).reply((config) => {
    const rules = JSON.parse(config.data as string) as Record<string, number | null>;
    const answer = preview?.(rules) ?? { rules: Object.entries(rules).map(([rule, period]) => ({ rule, period, count: 0, sample: [] })) };
    return [200, answer];
  });
}

async function openPage(preferences: TCompanyPreferences = DefaultCompanyPreferences) {
  http.onGet(CompanyApi.preferences).reply(200, preferences);
  renderWithProviders(null, { route: '/company-settings/preferences' });
  await screen.findByRole('heading', { name: 'Preferences', level: 1 });
  return screen.findByRole('region', { name: 'Dates and time' });
}

describe('/company-settings/preferences: dates, time and retention', () => {
  it('is not found without the right of the preferences page', async () => {
    signInWith(['careerSiteSettings']);
    renderWithProviders(null, { route: '/company-settings/preferences' });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i })).toBeInTheDocument();
  });

  it('shows each date format with today, empty periods as kept until erased, and saves the chosen ones', async () => {
    signInWith(['advanceSettings']);
    retentionApis();
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
    expect(await screen.findByRole('textbox', { name: 'Stage 1 name' })).toHaveValue('Screen');

    const user = userEvent.setup();
    await user.click(within(section).getByRole('radio', { name: /^YYYY-MM-DD/ }));
    await user.click(within(section).getByRole('radio', { name: 'Sunday' }));
    const zone = within(section).getByRole('combobox', { name: /^Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Berlin');
    await user.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    await user.type(rejected, '6x');
    expect(rejected).toHaveValue('6');
    // Nobody is due under the new period: the save needs no confirmation.
    expect(await within(section).findByText(/Nobody would be anonymised today/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(sent).toEqual({ timeZone: 'Europe/Berlin', dateFormat: 'YYYY-MM-DD', weekStart: 0, retention: { rejectedMonths: 6, sourcedDays: null, withdrawnMonths: null } }),
    );
    expect(await screen.findByText(CompanyMessages.preferencesSaved)).toBeInTheDocument();
    expect(formatDate('2026-03-05T12:00:00')).toBe('2026-03-05');
  });

  it('shows the contract limits under a period and sends nothing', async () => {
    signInWith(['advanceSettings']);
    retentionApis();
    const section = await openPage({ ...DefaultCompanyPreferences, retention: { rejectedMonths: 12, sourcedDays: null, withdrawnMonths: null } });
    const sourced = within(section).getByRole('textbox', { name: 'Sourced, never contacted (days)' });
    const user = userEvent.setup();
    await user.type(sourced, '3');
    await user.click(within(section).getByRole('button', { name: 'Save preferences' }));
    expect(await within(section).findByText('Must be at least 7')).toBeInTheDocument();
    expect(sourced).toHaveFocus();
    expect(http.history.put).toHaveLength(0);
  });
});

describe('/company-settings/preferences: who the retention rules would affect, and their runs', () => {
  const names = ['Rita', 'Rob', 'Olga', 'Hank', 'Max', 'Walt', 'Wendy', 'Sam', 'Mia', 'Yan'].map((n, i) => ({ id: `64e0000000000000000001${String(i).padStart(2, '0')}`, name: `${n} Person` }));

  it('shows who a rule would anonymise once it is switched on, and asks before saving it', async () => {
    signInWith(['advanceSettings']);
    const asked: unknown[] = [];
    retentionApis({
      preview: (rules) => {
        asked.push(rules);
        return {
          rules: [
            { rule: 'rejectedMonths', period: rules.rejectedMonths ?? null, count: rules.rejectedMonths ? 12 : 0, sample: rules.rejectedMonths ? names : [] },
            { rule: 'sourcedDays', period: null, count: 0, sample: [] },
            { rule: 'withdrawnMonths', period: null, count: 0, sample: [] },
          ],
        };
      },
    });
    let sent: unknown = null;
    http.onPut(CompanyApi.preferences).reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, sent];
    });
    const section = await openPage();
    const impact = within(section).getByRole('region', { name: 'Who would be affected' });
    expect(within(impact).getByText(/Switch a rule on or change its period/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(within(section).getByRole('textbox', { name: 'Rejected candidates (months)' }), '12');
    expect(await within(impact).findByText('Rejected candidates after 12 months: 12 candidates')).toBeInTheDocument();
    const list = within(impact).getByRole('list', { name: 'Rejected candidates who would be anonymised' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([...names.map((n) => n.name), 'and 2 more']);
    expect(within(impact).getByRole('alert')).toHaveTextContent('Saving anonymises 12 candidates');
    expect(within(impact).getByRole('alert')).toHaveTextContent('Erasure cannot be undone.');
    expect(asked.at(-1)).toEqual({ rejectedMonths: 12, sourcedDays: null, withdrawnMonths: null });

    await user.click(within(section).getByRole('button', { name: 'Save preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn the retention rules on?' });
    expect(dialog).toHaveTextContent('The daily run will anonymise 12 candidates who fall under the new periods today');
    expect(http.history.put).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(http.history.put).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Save preferences' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Turn the retention rules on?' })).getByRole('button', { name: 'Save and anonymise' }));
    await waitFor(() => expect(sent).toEqual({ ...DefaultCompanyPreferences, retention: { rejectedMonths: 12, sourcedDays: null, withdrawnMonths: null } }));
    // Saved: the rule is what the daily run applies now, nothing left to preview.
    expect(await within(impact).findByText(/Switch a rule on or change its period/)).toBeInTheDocument();
  });

  it('lists the recent runs with what each rule anonymised', async () => {
    signInWith(['advanceSettings']);
    const run = (at: string, counts: TRetentionRun['counts'], extra: Partial<TRetentionRun> = {}): TRetentionRun => ({
      id: `run-${at}`,
      at,
      trigger: 'daily',
      rules: { rejectedMonths: 12, sourcedDays: 30, withdrawnMonths: null },
      counts,
      erased: counts.rejectedMonths + counts.sourcedDays,
      failed: 0,
      finishedAt: at,
      ...extra,
    });
    retentionApis({
      runs: [run('2026-03-06T01:00:00.000Z', { rejectedMonths: 2, sourcedDays: 1, withdrawnMonths: 0 }, { failed: 1, erased: 2 }), run('2026-03-05T01:00:00.000Z', { rejectedMonths: 4, sourcedDays: 0, withdrawnMonths: 0 })],
    });
    await openPage();
    const runs = await screen.findByRole('table', { name: 'Retention runs' });
    const rows = within(runs).getAllByRole('row').map((r) => within(r).queryAllByRole(r.querySelector('th') ? 'columnheader' : 'cell').map((c) => c.textContent));
    expect(rows[0]).toEqual(['Date', 'Rejected candidates', 'Sourced, never contacted', 'Withdrawn candidates', 'Erased', 'Failed']);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      ['2', '1', 'Off', '2', '1'],
      ['4', '0', 'Off', '4', '0'],
    ]);
    expect(rows[1]![0]).toContain(formatDate('2026-03-06T01:00:00.000Z'));
  });

  it('says when no run happened yet', async () => {
    signInWith(['advanceSettings']);
    retentionApis();
    await openPage();
    const section = await screen.findByRole('region', { name: 'Retention runs' });
    expect(await within(section).findByText('No run yet: the rules run once a day once switched on.')).toBeInTheDocument();
  });
});
