import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TJobApplicant } from '@hireflow/contracts/candidates';
import type { TJobDetail } from '@hireflow/contracts/jobs';
import { renderWithProviders } from '@/test/render';
import { buildJobDetail, buildJobSummary, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const stages = [
  { id: 's1', name: 'Applied', kind: 'screening' as const, count: 1 },
  { id: 's2', name: 'Interview', kind: 'interview' as const, count: 0 },
  { id: 's3', name: 'Hired', kind: 'hired' as const, count: 0 },
  { id: 's4', name: 'Rejected', kind: 'rejected' as const, count: 2 },
];
const job: TJobDetail = buildJobDetail({
  ...buildJobSummary({ pipeline: stages, recruiters: [{ id: 'rita', name: 'Rita Recruiter', email: 'r@acme.test' }] }),
  canEdit: false,
});
const applicant = (id: string, name: string, stage: (typeof stages)[number], extra: Partial<TJobApplicant> = {}): TJobApplicant => ({
  applicationId: id,
  candidateId: `c-${id}`,
  name,
  email: `${id}@example.test`,
  phone: '',
  answers: [],
  stage: { id: stage.id, name: stage.name, kind: stage.kind },
  source: 'career_site',
  appliedAt: '2026-11-01T00:00:00.000Z',
  resume: null,
  rejectionReason: '',
  withdrawn: false,
  ...extra,
});
const card = (a: TJobApplicant, stage: (typeof stages)[number], extra: object = {}) => ({
  card: {
    applicationId: a.applicationId, candidateId: a.candidateId, jobId: job.id, jobTitle: job.title, name: a.name, email: a.email, currentTitle: '', source: a.source,
    stageId: stage.id, stageKind: stage.kind, stageEnteredAt: '2026-11-02T00:00:00.000Z', appliedAt: a.appliedAt, tags: [], owner: null, rejectionReason: '', withdrawn: false, onHold: false, ...extra,
  },
  fromStageId: a.stage.id,
  jobStatus: 'open',
});

function serve(items: TJobApplicant[]) {
  let current = items;
  http.onGet(`/api/jobs/${job.id}`).reply(200, job);
  http.onGet(`/api/jobs/${job.id}/applications`).reply(() => [200, { items: current, total: current.length, page: 1, pageSize: 50 }]);
  http.onGet(`/api/jobs/${job.id}/activity`).reply(200, { items: [] });
  http.onGet('/api/rejection-reasons').reply(200, { items: [{ id: 'r1', label: 'Not enough experience', active: true, usedCount: 0 }, { id: 'r2', label: 'Old reason', active: false, usedCount: 0 }] });
  http.onGet('/api/mail/templates').reply(200, { items: [{ id: '64f000000000000000000001', kind: 'pipeline', name: 'Not selected', subject: 'Hi', body: 'Sorry', updatedAt: '2026-11-01T00:00:00.000Z' }] });
  return { set: (next: TJobApplicant[]) => (current = next) };
}

const grace = applicant('a1', 'Grace Hopper', stages[0]!);
const alan = applicant('a2', 'Alan Turing', stages[3]!, { rejectionReason: 'Not enough experience' });
const ada = applicant('a3', 'Ada Lovelace', stages[3]!, { withdrawn: true, rejectionReason: 'Took another offer' });
const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;

describe('/job/:id applicants: moves for the hiring team', () => {
  it('shows why applicants left, moves one with "Move to…", and rejects one with a reason and a delayed mail', async () => {
    signIn({ id: 'rita', role: 'recruiter' });
    const list = serve([grace, alan, ada]);
    const moves: { id: string; body: unknown }[] = [];
    http.onPost(/\/api\/applications\/a1\/move$/).reply((config) => {
      const body = JSON.parse(config.data as string) as { stageId: string };
      moves.push({ id: 'a1', body });
      const to = stages.find((s) => s.id === body.stageId)!;
      list.set([{ ...grace, stage: { id: to.id, name: to.name, kind: to.kind }, rejectionReason: to.kind === 'rejected' ? 'Not enough experience' : '' }, alan, ada]);
      return [200, card(grace, to)];
    });
    renderWithProviders(null, { route: `/job/${job.id}` });
    const user = userEvent.setup();

    expect(within(await rowOf('Alan Turing')).getByText('Reason: Not enough experience')).toBeInTheDocument();
    const adaRow = await rowOf('Ada Lovelace');
    expect(within(adaRow).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(adaRow).getByText('Note: Took another offer')).toBeInTheDocument();
    // Someone already rejected is moved back with "Move to…", not rejected again.
    expect(within(adaRow).queryByRole('button', { name: 'Reject Ada Lovelace…' })).toBeNull();

    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Move Grace Hopper to…' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Interview', 'Hired']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Interview' }));
    await waitFor(() => expect(moves).toEqual([{ id: 'a1', body: { stageId: 's2' } }]));
    expect(await within(await rowOf('Grace Hopper')).findByText('Interview')).toBeInTheDocument();

    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Reject Grace Hopper…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Grace Hopper' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Choose a rejection reason.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Rejection reason/ }));
    // A retired reason is not offered.
    expect(screen.queryByRole('option', { name: 'Old reason' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Not enough experience' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mail the candidate' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Template/ }));
    await user.click(await screen.findByRole('option', { name: 'Not selected' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Send' }));
    await user.click(await screen.findByRole('option', { name: 'In 1 day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(moves[1]).toEqual({ id: 'a1', body: { stageId: 's4', withdrawn: false, reason: 'Not enough experience', rejectionMail: { templateId: '64f000000000000000000001', delayMinutes: 1440 } } }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject Grace Hopper' })).toBeNull());
    expect(await within(await rowOf('Grace Hopper')).findByText('Reason: Not enough experience')).toBeInTheDocument();
  });

  it('records a withdrawal, and shows a refusal in the dialog without closing it', async () => {
    signIn({ id: 'rita', role: 'recruiter' });
    serve([grace]);
    const bodies: unknown[] = [];
    http.onPost(/\/api\/applications\/a1\/move$/).reply((config) => {
      bodies.push(JSON.parse(config.data as string));
      return [409, { code: 'conflict', message: 'Someone moved this applicant meanwhile; the board shows where it is now.' }];
    });
    renderWithProviders(null, { route: `/job/${job.id}` });
    const user = userEvent.setup();
    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Reject Grace Hopper…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Grace Hopper' });
    await user.click(within(dialog).getByText('Candidate withdrew'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Took another offer');
    await user.click(within(dialog).getByRole('button', { name: 'Record withdrawal' }));
    await waitFor(() => expect(bodies).toEqual([{ stageId: 's4', withdrawn: true, reason: 'Took another offer' }]));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone moved this applicant meanwhile');
    expect(screen.getByRole('dialog', { name: 'Reject Grace Hopper' })).toBeInTheDocument();
  });

  it('the details dialog moves too, from the keyboard; someone off the hiring team sees the stage and reason but no moves', async () => {
    signIn({ id: 'rita', role: 'recruiter' });
    serve([alan]);
    const bodies: unknown[] = [];
    http.onPost(/\/api\/applications\/a2\/move$/).reply((config) => {
      bodies.push(JSON.parse(config.data as string));
      return [200, card(alan, stages[0]!)];
    });
    const view = renderWithProviders(null, { route: `/job/${job.id}` });
    const user = userEvent.setup();
    await user.click(within(await rowOf('Alan Turing')).getByRole('button', { name: 'Details: Alan Turing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Application from Alan Turing' });
    expect(within(dialog).getByText('Reason: Not enough experience')).toBeInTheDocument();
    // From the keyboard: open the menu, pick the first stage.
    within(dialog).getByRole('button', { name: 'Move Alan Turing to…' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Applied' });
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Applied' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bodies).toEqual([{ stageId: 's1' }]));
    view.unmount();

    signIn({ id: 'someone-else', role: 'recruiter' });
    serve([alan]);
    renderWithProviders(null, { route: `/job/${job.id}` });
    const row = await rowOf('Alan Turing');
    expect(within(row).getByText('Reason: Not enough experience')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move .* to…$/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
