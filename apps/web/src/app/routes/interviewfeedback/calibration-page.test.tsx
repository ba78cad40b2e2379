import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCalibration } from '@hireflow/contracts/interviews-insights';
import { renderWithProviders, currentPath } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const calibration: TCalibration = {
  scope: 'all',
  jobs: [{ id: '64d000000000000000000001', title: 'Backend Engineer' }],
  rows: [
    {
      interviewerId: 'u1', interviewerName: 'Emma Employee', submitted: 4, distribution: { strong_no: 1, no: 0, yes: 2, strong_yes: 1 }, meanScore: 0.5,
      withPanel: 4, panelMajority: 3, agreesWithPanel: 2, panelAgreement: 2 / 3, meanDifference: 0.75, decided: 2, agreesWithOutcome: 1, outcomeAgreement: 0.5,
    },
    {
      interviewerId: 'u2', interviewerName: 'Hank Manager', submitted: 1, distribution: { strong_no: 0, no: 1, yes: 0, strong_yes: 0 }, meanScore: -1,
      withPanel: 0, panelMajority: 0, agreesWithPanel: 0, panelAgreement: null, meanDifference: null, decided: 0, agreesWithOutcome: 0, outcomeAgreement: null,
    },
  ],
};

function signInAs(overrides: Parameters<typeof signIn>[0]) {
  const { user } = signIn(overrides);
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
}

describe('/interviewfeedback-all/calibration', () => {
  it('shows each interviewer’s agreement in a table and their recommendations as bars, and filters by job', async () => {
    signInAs({ admin: true });
    const asked: unknown[] = [];
    http.onGet('/api/interview-feedback/calibration').reply((config) => {
      asked.push(config.params);
      return [200, calibration];
    });
    const { router } = renderWithProviders(null, { route: '/interviewfeedback-all/calibration' });
    const table = await screen.findByRole('table', { name: 'Calibration per interviewer' });
    const emma = within(table).getByRole('row', { name: /Emma Employee/ });
    expect(within(emma).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '+0.50', '67% (2 of 3)', '+0.75', '50% (1 of 2)']);
    const hank = within(table).getByRole('row', { name: /Hank Manager/ });
    expect(within(hank).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '-1.00', '– (0 of 0)', '–', '– (0 of 0)']);

    const chart = screen.getByRole('region', { name: 'Recommendations per interviewer' });
    expect(within(chart).getByRole('listitem', { name: 'Emma Employee: Strong no 1, No 0, Yes 2, Strong yes 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'How this is computed' })).toHaveTextContent(/majority of the others/);

    await userEvent.click(screen.getByRole('combobox', { name: 'Job' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Backend Engineer' }));
    await waitFor(() => expect(currentPath(router)).toBe('/interviewfeedback-all/calibration?jobId=64d000000000000000000001'));
    await waitFor(() => expect(asked).toContainEqual({ jobId: '64d000000000000000000001' }));
  });

  it('says when there is nothing to compare yet', async () => {
    signInAs({ addlRoles: ['HM'], role: 'employee' });
    http.onGet('/api/interview-feedback/calibration').reply(200, { scope: 'mine', jobs: [], rows: [] });
    renderWithProviders(null, { route: '/interviewfeedback-all/calibration' });
    expect(await screen.findByText('No submitted scorecards yet.')).toBeInTheDocument();
    expect(screen.getByText(/for the jobs you are the hiring manager of/)).toBeInTheDocument();
  });

  it('shows the refusal of the API to someone who may not see it', async () => {
    signInAs({ role: 'employee' });
    http.onGet('/api/interview-feedback/calibration').reply(403, { code: 'forbidden', message: 'Calibration is for admins and hiring managers.' });
    renderWithProviders(null, { route: '/interviewfeedback-all/calibration' });
    expect(await screen.findByText('Calibration is for admins and hiring managers.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
