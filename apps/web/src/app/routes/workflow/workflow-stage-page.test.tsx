import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStageListResponse, TStageListRow } from '@hireflow/contracts/pipeline';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';

const http = mockHttp();
const jobId = '64e0000000000000000000a1';

function row(n: number, overrides: Partial<TStageListRow> = {}): TStageListRow {
  return {
    applicationId: `64e00000000000000000000${n}`,
    candidateId: `64e00000000000000000010${n}`,
    jobId,
    jobTitle: 'Platform Engineer',
    name: `Person ${n}`,
    email: `p${n}@example.test`,
    currentTitle: 'Engineer',
    source: 'career_site',
    stageId: '64e0000000000000000000b2',
    stageKind: 'interview',
    stageName: 'Technical interview',
    stageEnteredAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    appliedAt: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    tags: [],
    owner: null,
    rejectionReason: '',
    withdrawn: false,
    onHold: false,
    ...overrides,
  };
}

function listOf(items: TStageListRow[], overrides: Partial<TStageListResponse> = {}): TStageListResponse {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 50,
    scope: 'mine',
    canSeeAll: true,
    jobs: [{ id: jobId, title: 'Platform Engineer', stages: [{ id: '64e0000000000000000000b1', name: 'Applied', kind: 'screening' }, { id: '64e0000000000000000000b2', name: 'Technical interview', kind: 'interview' }, { id: '64e0000000000000000000b3', name: 'Rejected', kind: 'rejected' }] }],
    ...overrides,
  };
}

describe('/workflow/:stage', () => {
  it('lists the applicants of a stage kind, sorts by a header and keeps the page to one h1', async () => {
    signIn({ role: 'recruiter' });
    const asked: Record<string, unknown>[] = [];
    http.onGet('/api/workflow/list').reply((config) => {
      asked.push(config.params);
      const items = config.params.sort === 'name' ? [row(1), row(2)] : [row(2), row(1)];
      return [200, listOf(items)];
    });
    const { router } = renderWithProviders(null, { route: '/workflow/interview' });
    expect(await screen.findByRole('heading', { level: 1, name: /Interview/ })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Person 2' })).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ kind: 'interview', scope: 'mine', sort: 'newest', page: 1 });
    expect(screen.getByRole('tab', { name: 'Interview' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sort: 'name' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Person/ }).map((a) => a.textContent)).toEqual(['Person 1', 'Person 2']));
    expect(screen.getByRole('columnheader', { name: 'Name ↑' })).toHaveAttribute('aria-sort', 'ascending');
    // The sort is in the address, so a reload keeps it.
    expect(currentPath(router)).toBe('/workflow/interview?sort=name');
  });

  it('rejects the selected applicants with a reason and shows what was refused and why', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/workflow/list').reply(200, listOf([row(1), row(2), row(3)]));
    http.onGet('/api/rejection-reasons').reply(200, { items: [{ id: 'r1', label: 'Not enough experience', active: true, usedCount: 0 }] });
    http.onGet('/api/mail/templates').reply(200, { items: [] });
    let sent: unknown = null;
    http.onPost('/api/applications/bulk').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, { done: 1, refused: [{ applicationId: row(3).applicationId, name: 'Person 3', reason: "Only the job's owners, its hiring manager, its recruiters and admins can move its applicants." }] }];
    });
    renderWithProviders(null, { route: '/workflow/interview' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Person 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 3' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 applicants selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 applicants' });
    await user.click(within(dialog).getByRole('combobox', { name: /Rejection reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Not enough experience' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const summary = await screen.findByRole('status', { name: /^Rejected/ });
    expect(summary).toHaveTextContent('Rejected: 1 applicant.');
    expect(within(summary).getByRole('listitem')).toHaveTextContent("Person 3: Only the job's owners, its hiring manager, its recruiters and admins can move its applicants.");
    expect(sent).toEqual({ applicationIds: [row(1).applicationId, row(3).applicationId], action: { type: 'reject', reason: 'Not enough experience', withdrawn: false } });
    // The selection is cleared once the action is done.
    expect(screen.getByRole('checkbox', { name: 'Select Person 1' })).not.toBeChecked();
  });

  it('selects every row of the page at once and moves them to a named stage', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/workflow/list').reply(200, listOf([row(1, { stageKind: 'screening', stageName: 'Applied' }), row(2, { stageKind: 'screening', stageName: 'Applied' })]));
    let sent: unknown = null;
    http.onPost('/api/applications/bulk').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, { done: 2, refused: [] }];
    });
    renderWithProviders(null, { route: '/workflow/screening' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 applicants selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Technical interview (Interview)' }));
    expect(await screen.findByText('Moved to Technical interview: 2 applicants.')).toBeInTheDocument();
    expect(sent).toEqual({ applicationIds: [row(1).applicationId, row(2).applicationId], action: { type: 'move', stageKind: 'interview', stageName: 'Technical interview' } });
  });

  it('says so when a stage is empty, and an unknown stage is the 404 page', async () => {
    signIn({ role: 'employee' });
    http.onGet('/api/workflow/list').reply(200, listOf([], { canSeeAll: false, jobs: [] }));
    const { unmount } = renderWithProviders(null, { route: '/workflow/offer' });
    expect(await screen.findByText('No applicants are in offer stages of your jobs.')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Jobs' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(null, { route: '/workflow/limbo' });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i })).toBeInTheDocument();
  });

  it("shows a colleague's changes without a reload: a row's new tags at once, a newcomer after a refetch", async () => {
    signIn({ role: 'recruiter' });
    let calls = 0;
    http.onGet('/api/workflow/list').reply(() => [200, listOf(++calls === 1 ? [row(1)] : [row(4), row(1, { tags: ['Senior'] })])]);
    renderWithProviders(null, { route: '/workflow/interview' });
    const first = (await screen.findByRole('link', { name: 'Person 1' })).closest('tr')!;
    const event = (kind: 'application.updated' | 'application.moved', card: TStageListRow) => ({ id: `e-${kind}`, kind, at: new Date().toISOString(), jobId, applicationId: card.applicationId, candidateId: card.candidateId, byUserId: 'someone', data: { card } });
    act(() => emitLiveEvent(event('application.updated', row(1, { tags: ['Senior'] }))));
    expect(await within(first).findByText('Senior')).toBeInTheDocument();
    expect(calls).toBe(1);
    act(() => emitLiveEvent(event('application.moved', row(4))));
    expect(await screen.findByRole('link', { name: 'Person 4' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
