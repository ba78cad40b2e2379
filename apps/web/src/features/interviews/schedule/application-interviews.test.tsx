import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInterview } from '@hireflow/contracts/interviews';
import type { TLiveEvent } from '@hireflow/contracts/pipeline';
import { renderWithProviders } from '@/test/render';
import { buildJobDetail, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';
import { ApplicationInterviews } from './application-interviews';

const http = mockHttp();
const applicationId = '64c0000000000000000000a1';
const jobId = '64d000000000000000000001';
const ivy = { id: '64b0000000000000000000f1', name: 'Ivy Interviewer', email: 'ivy@acme.test' };
const hank = { id: '64b0000000000000000000f2', name: 'Hank Manager', email: 'hank@acme.test' };

function buildInterview(overrides: Partial<TInterview>): TInterview {
  return {
    id: '64a000000000000000000011', applicationId, candidateId: '64c000000000000000000001', candidateName: 'Ada Lovelace', jobId, jobTitle: 'Backend Engineer',
    roundId: null, roundName: 'Technical', start: '2099-03-23T13:00:00.000Z', end: '2099-03-23T14:00:00.000Z', durationMinutes: 60, timeZone: 'Europe/Berlin',
    mode: 'video', room: null, videoLink: 'https://meet.example.test/abc', phone: '',
    interviewers: [{ ...ivy, feedback: 'pending' }, { ...hank, feedback: 'pending' }],
    status: 'scheduled', statusNote: '', scheduledBy: null, selfScheduled: false, createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

const upcoming = buildInterview({});
const past = buildInterview({
  id: '64a000000000000000000012', roundName: 'Onsite', start: '2026-03-20T09:00:00.000Z', end: '2026-03-20T10:00:00.000Z', mode: 'onsite',
  room: { id: 'r1', name: 'Ada room', address: 'Main St 1, Berlin' }, videoLink: '',
  interviewers: [{ ...ivy, feedback: 'submitted' }, { ...hank, feedback: 'draft' }],
});
const noShow = buildInterview({ id: '64a000000000000000000013', roundName: 'Phone screen', start: '2026-03-10T09:00:00.000Z', end: '2026-03-10T09:30:00.000Z', mode: 'phone', phone: '+49 30 1234', videoLink: '', status: 'did_not_happen', statusNote: 'Candidate did not show up' });

const render = () => renderWithProviders(<ApplicationInterviews applicationId={applicationId} jobId={jobId} candidateName="Ada Lovelace" />);
const itemNamed = async (name: RegExp) => within(await screen.findByRole('region', { name: 'Interviews' })).findByRole('listitem', { name });

describe('ApplicationInterviews', () => {
  it('lists the interviews on my clock with where, the interviewers’ scorecards and the status', async () => {
    signIn({ role: 'recruiter', timezone: 'Europe/Berlin' });
    http.onGet('/api/interviews', { params: { applicationId } }).reply(200, { items: [upcoming, past, noShow], hasMore: false });
    render();
    const first = await itemNamed(/^Technical/);
    // 13:00 UTC is 14:00 in Berlin in winter.
    expect(first).toHaveTextContent('Mon, 23 Mar 2099, 14:00–15:00');
    expect(within(first).getByText('Scheduled')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'join link' })).toHaveAttribute('href', 'https://meet.example.test/abc');
    const onsite = await itemNamed(/^Onsite/);
    expect(onsite).toHaveTextContent('On site: Ada room, Main St 1, Berlin');
    const panel = within(within(onsite).getByRole('list', { name: 'Interviewers' }));
    expect(panel.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ivy Interviewer Scorecard submitted', 'Hank Manager Scorecard draft']);
    const phone = await itemNamed(/^Phone screen/);
    expect(within(phone).getByText('Did not happen')).toBeInTheDocument();
    expect(phone).toHaveTextContent('Phone call: +49 30 1234');
    expect(phone).toHaveTextContent('Reason: Candidate did not show up');
    // Only a scheduled interview can still be changed; a recruiter is no interviewer here.
    expect(within(phone).queryByRole('button', { name: /^Actions/ })).toBeNull();
    expect(within(first).queryByRole('link', { name: /Scorecard/ })).toBeNull();
  });

  it('cancels an interview with a reason, without telling the candidate, and shows it cancelled', async () => {
    signIn({ role: 'recruiter', timezone: 'Europe/Berlin' });
    let cancelled = false;
    http.onGet('/api/interviews').reply(() => [200, { items: [cancelled ? { ...upcoming, status: 'cancelled' } : upcoming], hasMore: false }]);
    const bodies: unknown[] = [];
    http.onPost(`/api/interviews/${upcoming.id}/cancel`).reply((config) => {
      bodies.push(JSON.parse(config.data as string));
      cancelled = true;
      return [200, { interview: { ...upcoming, status: 'cancelled' }, conflicts: [], mail: { candidate: 'not_notified', interviewersSent: 1, failed: [] } }];
    });
    render();
    const user = userEvent.setup();
    const item = await itemNamed(/^Technical/);
    await user.click(within(item).getByRole('button', { name: /^Actions for Technical/ }));
    // The interview has not started: nothing to record yet.
    expect(screen.queryByRole('menuitem', { name: 'Completed' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel interview…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the Technical with Ada Lovelace?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Position filled');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tell the candidate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel interview' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'Position filled', notifyCandidate: false }]));
    expect(await within(await itemNamed(/^Technical/)).findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('records that a past interview did not happen, with a reason of the list', async () => {
    signIn({ role: 'recruiter', timezone: 'Europe/Berlin' });
    const held = { ...past, status: 'scheduled' as const };
    http.onGet('/api/interviews').reply(200, { items: [held], hasMore: false });
    const bodies: unknown[] = [];
    http.onPost(`/api/interviews/${held.id}/status`).reply((config) => {
      bodies.push(JSON.parse(config.data as string));
      return [200, { interview: { ...held, status: 'did_not_happen', statusNote: 'Technical problems' } }];
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await itemNamed(/^Onsite/)).getByRole('button', { name: /^Actions for Onsite/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Did not happen…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as did not happen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose why it did not happen.');
    await user.click(within(dialog).getByRole('combobox', { name: /Why did it not happen/ }));
    await user.click(await screen.findByRole('option', { name: 'Technical problems' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as did not happen' }));
    await waitFor(() => expect(bodies).toEqual([{ status: 'did_not_happen', reason: 'Technical problems' }]));
  });

  it('gives an interviewer outside the hiring team the scorecard link and no actions, and refreshes on a live change', async () => {
    signIn({ id: ivy.id, role: 'employee', timezone: 'Europe/Berlin' });
    http.onGet(`/api/jobs/${jobId}`).reply(200, buildJobDetail({ id: jobId, hiringManager: { id: hank.id, name: hank.name, email: hank.email } }));
    let items = [upcoming];
    http.onGet('/api/interviews').reply(() => [200, { items, hasMore: false }]);
    render();
    const item = await itemNamed(/^Technical/);
    expect(within(item).getByRole('link', { name: 'Scorecard for Technical' })).toHaveAttribute('href', `/interviewfeedback/${upcoming.id}`);
    await waitFor(() => expect(http.history.get.some((r) => r.url === `/api/jobs/${jobId}`)).toBe(true));
    expect(within(item).queryByRole('button', { name: /^Actions/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schedule interview' })).toBeNull();

    items = [upcoming, { ...past, id: '64a000000000000000000019', roundName: 'Culture' }];
    const event: TLiveEvent = { id: 'e1', kind: 'interview.changed', at: '2026-03-23T09:00:00.000Z', jobId, applicationId, candidateId: null, byUserId: hank.id, data: { interviewId: '64a000000000000000000019', change: 'scheduled' } };
    act(() => emitLiveEvent(event));
    expect(await itemNamed(/^Culture/)).toBeInTheDocument();
  });

  it('offers to schedule the first interview when there is none', async () => {
    signIn({ role: 'recruiter', timezone: 'Europe/Berlin' });
    http.onGet('/api/interviews').reply(200, { items: [], hasMore: false });
    http.onGet(`/api/jobs/${jobId}/interview-plan`).reply(200, { jobId, inherited: true, rounds: [] });
    http.onPost('/api/meetingroom/fetch').reply(200, { items: [], hasMore: false });
    http.onGet('/api/mail/templates').reply(200, { items: [], hasMore: false });
    render();
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Interviews' });
    expect(await within(region).findByText('No interviews yet.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Schedule interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Ada Lovelace' });
    // No plan: an ad-hoc interview that needs a name.
    expect(await within(dialog).findByRole('textbox', { name: /Interview name/ })).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the interviewers to see when they are all free.')).toBeInTheDocument();
  });
});
