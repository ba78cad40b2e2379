import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TInterviewPlan, TInterviewPlanInput } from '@hireflow/contracts/interviews';
import type { TInterviewAttributeRow } from '@hireflow/contracts/interviews-plans';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import JobInterviewPlanSection from './job-interview-plan-section';

const http = mockHttp();
const jobId = '64f0000000000000000000j1'.replace('j', 'a');
const id = (n: number) => `64f00000000000000000${String(n).padStart(4, '0')}`;
const attr = (n: number, name: string, active = true): TInterviewAttributeRow => ({ id: id(100 + n), name, description: '', active, usedInPlans: 0 });
const library = [attr(1, 'Coding'), attr(2, 'Communication'), attr(3, 'Old habit', false)];
const inherited: TInterviewPlan = {
  jobId,
  inherited: true,
  rounds: [
    { id: id(1), name: 'Phone screen', durationMinutes: 30, interviewers: [{ id: id(50), name: 'Rita Recruiter' }], attributes: [{ id: id(102), name: 'Communication' }] },
    { id: id(2), name: 'Technical', durationMinutes: 60, interviewers: [], attributes: [] },
  ],
};

describe('the interview plan editor (job page section)', () => {
  it('shows the inherited default; reorders, edits, adds and removes rounds with buttons and saves the plan with stable round ids', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { rights: AccessRightKeys });
    http.onGet('/api/interview-attributes').reply(200, { items: library });
    http.onGet(`/api/jobs/${jobId}/interview-plan`).reply(200, inherited);
    const saved: TInterviewPlanInput[] = [];
    http.onPut(`/api/jobs/${jobId}/interview-plan`).reply((config) => {
      const input = JSON.parse(config.data as string) as TInterviewPlanInput;
      saved.push(input);
      const plan: TInterviewPlan = {
        jobId,
        inherited: false,
        rounds: input.rounds.map((r, i) => ({ id: r.id ?? id(90 + i), name: r.name, durationMinutes: r.durationMinutes, interviewers: [], attributes: (r.attributeIds ?? []).map((a) => ({ id: a, name: library.find((l) => l.id === a)!.name })) })),
      };
      return [200, plan];
    });
    renderWithProviders(<JobInterviewPlanSection jobId={jobId} canEdit />);
    const user = userEvent.setup();

    expect(await screen.findByText(/This job follows your company's/)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Interview plan' });
    expect(within(form).getAllByRole('group', { name: /^Round \d/ }).map((g) => g.getAttribute('aria-label'))).toEqual(['Round 1: Phone screen', 'Round 2: Technical']);
    // The interviewers of the plan show by name.
    expect(within(within(form).getByRole('group', { name: 'Round 1: Phone screen' })).getAllByText('Rita Recruiter')[0]).toHaveClass('mantine-Pill-label');

    // Move the technical round up with the keyboard.
    within(form).getByRole('button', { name: 'Move Technical up' }).focus();
    await user.keyboard('{Enter}');
    expect(within(form).getAllByRole('group', { name: /^Round \d/ }).map((g) => g.getAttribute('aria-label'))).toEqual(['Round 1: Technical', 'Round 2: Phone screen']);
    expect(screen.getByRole('status')).toHaveTextContent('Technical moved up to position 1.');

    // Focus attributes: only the active ones of the library are offered.
    const technical = within(form).getByRole('group', { name: 'Round 1: Technical' });
    await user.click(within(technical).getByRole('combobox', { name: /Focus attributes/ }));
    expect(await screen.findByRole('option', { name: 'Coding' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Old habit/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Coding' }));

    await user.click(within(form).getByRole('button', { name: 'Add round' }));
    const added = within(form).getByRole('group', { name: 'Round 3: Round 3' });
    await user.type(within(added).getByRole('textbox', { name: /Round name/ }), 'Onsite');
    const duration = within(added).getByRole('textbox', { name: /Duration/ });
    await user.clear(duration);
    await user.type(duration, '120');
    await user.click(within(form).getByRole('button', { name: 'Remove Phone screen' }));

    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      rounds: [
        { id: id(2), name: 'Technical', durationMinutes: 60, interviewerIds: [], attributeIds: [id(101)] },
        { name: 'Onsite', durationMinutes: 120, interviewerIds: [], attributeIds: [] },
      ],
    });
    expect(await screen.findByText('Interview plan saved.')).toBeInTheDocument();
    expect(screen.queryByText(/This job follows your company's/)).not.toBeInTheDocument();
  });

  it('shows the refusal of the API, and a read-only plan to those who do not run the job', async () => {
    signIn({ role: 'employee' });
    http.onGet('/api/interview-attributes').reply(200, { items: library });
    http.onGet(`/api/jobs/${jobId}/interview-plan`).reply(200, { ...inherited, inherited: false });
    renderWithProviders(<JobInterviewPlanSection jobId={jobId} canEdit={false} />);
    const rounds = await screen.findByRole('list', { name: 'Interview rounds' });
    expect(within(rounds).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Phone screen 30 min · Rita RecruiterCommunication', 'Technical 60 min']);
    expect(screen.queryByRole('button', { name: 'Save plan' })).not.toBeInTheDocument();
  });
});
