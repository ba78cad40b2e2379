import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPipelineCard, TSpeedScreeningItem, TSpeedScreeningPage } from '@hireflow/contracts/pipeline';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';

const http = mockHttp();
const jobId = '64d000000000000000000001';
const stages = [
  { id: '64f000000000000000000001', name: 'Applied', kind: 'screening' as const },
  { id: '64f000000000000000000002', name: 'Phone screen', kind: 'screening' as const },
  { id: '64f000000000000000000009', name: 'Rejected', kind: 'rejected' as const },
];

function item(n: number, name: string, extra: Partial<TSpeedScreeningItem> = {}): TSpeedScreeningItem {
  const card: TPipelineCard = {
    applicationId: `64a00000000000000000000${n}`,
    candidateId: `64c00000000000000000000${n}`,
    jobId,
    jobTitle: 'Backend Engineer',
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
    currentTitle: '',
    source: 'career_site',
    stageId: stages[0]!.id,
    stageKind: 'screening',
    stageEnteredAt: '2026-11-01T09:00:00.000Z',
    appliedAt: '2026-11-01T09:00:00.000Z',
    tags: [],
    owner: null,
    rejectionReason: '',
    withdrawn: false,
    onHold: false,
  };
  return {
    card,
    answers: [],
    resume: null,
    profile: { currentTitle: '', currentCompany: '', location: '', experienceYears: null, skills: [] },
    nextStage: stages[1]!,
    rejectStage: stages[2]!,
    ...extra,
  };
}

const ada = item(1, 'Ada Lovelace', {
  answers: [{ label: 'Why us?', answer: 'I love engines' }],
  resume: { fileId: 'f1', filename: 'ada.docx' },
  profile: { currentTitle: 'Mathematician', currentCompany: 'Analytical Engines', location: 'London', experienceYears: 7, skills: ['Algorithms'] },
});
const bo = item(2, 'Bo Chen');
const cy = item(3, 'Cy Young');

type Call = { url: string; body: unknown };

function setUp(items: TSpeedScreeningItem[] = [ada, bo, cy]) {
  const { user } = signIn({ role: 'recruiter' });
  const calls: Call[] = [];
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
  http.onGet('/api/speed-screening').reply((config) => {
    const page: TSpeedScreeningPage = { items: config.params.limit === 1 ? [] : items, nextCursor: null, total: items.length, jobs: [{ id: jobId, title: 'Backend Engineer', stages }] };
    return [200, page];
  });
  http.onGet(/\/api\/applications\/.+\/resume-preview/).reply(200, { kind: 'html', fileId: 'f1', filename: 'ada.docx', textState: 'none', html: '<p>Built the first program</p>' });
  http.onGet('/api/rejection-reasons').reply(200, { items: [{ id: 'r1', label: 'Not enough experience', active: true, usedCount: 0 }] });
  http.onGet('/api/mail-templates').reply(200, { items: [] });
  http.onPost(/\/api\/applications\/.+\/move/).reply((config) => {
    calls.push({ url: config.url!, body: JSON.parse(config.data as string) });
    const id = config.url!.split('/')[3]!;
    const from = [ada, bo, cy].find((i) => i.card.applicationId === id)!;
    return [200, { card: from.card, fromStageId: stages[0]!.id, jobStatus: 'open' }];
  });
  http.onPost(/\/api\/applications\/.+\/hold/).reply((config) => {
    calls.push({ url: config.url!, body: JSON.parse(config.data as string) });
    return [200, { card: ada.card }];
  });
  return { calls };
}

const current = () => screen.findByRole('region', { name: 'Profile summary' });
const status = () => screen.getByRole('status');

describe('/speed-screening', () => {
  it('shows one applicant with résumé, answers and profile; A advances, H holds, S skips, each announced and counted', async () => {
    const { calls } = setUp();
    renderWithProviders(null, { route: `/speed-screening?jobId=${jobId}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Speed screening' })).toBeInTheDocument();
    expect(within(await current()).getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Mathematician at Analytical Engines')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Answers' })).getByText('I love engines')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Résumé' })).findByText('Built the first program')).toBeInTheDocument();
    expect(screen.getByText('3 left')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.keyboard('a');
    expect(within(await current()).getByRole('heading', { name: 'Bo Chen' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Advanced Ada Lovelace to Phone screen');
    expect(screen.getByText('2 left')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContainEqual({ url: `/api/applications/${ada.card.applicationId}/move`, body: { stageId: stages[1]!.id } }));

    await user.keyboard('h');
    expect(within(await current()).getByRole('heading', { name: 'Cy Young' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Put Bo Chen on hold');
    await waitFor(() => expect(calls).toContainEqual({ url: `/api/applications/${bo.card.applicationId}/hold`, body: { onHold: true } }));
    expect(screen.getByText('1 left')).toBeInTheDocument();

    await user.keyboard('s');
    expect(await screen.findByText('You reached the end; you skipped 1.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the board' })).toHaveAttribute('href', `/workflow?jobId=${jobId}`);
    await user.keyboard('{ArrowLeft}');
    expect(within(await current()).getByRole('heading', { name: 'Cy Young' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('R asks for a reason; typing in the dialog triggers no shortcut; the rejection is sent with the reason', async () => {
    const { calls } = setUp();
    renderWithProviders(null, { route: `/speed-screening?jobId=${jobId}` });
    await current();
    const user = userEvent.setup();
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject Ada Lovelace' });
    await user.click(within(dialog).getByRole('radio', { name: 'Candidate withdrew' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'ahs u');
    expect(within(dialog).getByRole('textbox', { name: 'Note (optional)' })).toHaveValue('ahs u');
    await user.click(within(dialog).getByRole('radio', { name: 'We reject' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Rejection reason' }));
    await user.click(await screen.findByRole('option', { name: 'Not enough experience', hidden: true }));
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(within(await current()).getByRole('heading', { name: 'Bo Chen' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Rejected Ada Lovelace: Not enough experience');
    await waitFor(() => expect(calls).toEqual([{ url: `/api/applications/${ada.card.applicationId}/move`, body: { stageId: stages[2]!.id, reason: 'Not enough experience', withdrawn: false } }]));
  });

  it('U undoes the last decision: the applicant is back in front of me and moved back to the stage it came from', async () => {
    const { calls } = setUp();
    renderWithProviders(null, { route: `/speed-screening?jobId=${jobId}` });
    await current();
    const user = userEvent.setup();
    await user.keyboard('a');
    expect(within(await current()).getByRole('heading', { name: 'Bo Chen' })).toBeInTheDocument();
    await user.keyboard('u');
    expect(within(await current()).getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Undone: Ada Lovelace is back to screen');
    expect(screen.getByText('3 left')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ stageId: stages[1]!.id }, { stageId: stages[0]!.id }]));
    // Ctrl+Z undoes too; nothing left to undo now, so nothing is sent.
    await user.keyboard('{Control>}z{/Control}');
    expect(calls).toHaveLength(2);
  });

  it('? shows the shortcuts; while the help is open the keys do nothing', async () => {
    const { calls } = setUp();
    renderWithProviders(null, { route: `/speed-screening?jobId=${jobId}` });
    await current();
    const user = userEvent.setup();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Reject with a reason')).toBeInTheDocument();
    await user.keyboard('a');
    expect(calls).toHaveLength(0);
    expect(screen.getByText('3 left')).toBeInTheDocument();
  });

  it("takes an applicant a colleague moved meanwhile off my list", async () => {
    const { calls } = setUp();
    renderWithProviders(null, { route: `/speed-screening?jobId=${jobId}` });
    await current();
    act(() =>
      emitLiveEvent({
        id: 'e1',
        kind: 'application.moved',
        at: '2026-11-02T09:00:00.000Z',
        jobId,
        applicationId: bo.card.applicationId,
        candidateId: bo.card.candidateId,
        byUserId: '64b000000000000000000099',
        data: { fromStageId: stages[0]!.id, card: { ...bo.card, stageId: stages[1]!.id } },
      }),
    );
    expect(await screen.findByText('2 left')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.keyboard('a');
    expect(within(await current()).getByRole('heading', { name: 'Cy Young' })).toBeInTheDocument();
    expect(screen.getByText('1 left')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(await current()).getByRole('heading', { name: 'Bo Chen' })).toBeInTheDocument();
    expect(screen.getByText(/A colleague moved Bo Chen on/)).toBeInTheDocument();
    await user.keyboard('a');
    expect(calls).toHaveLength(1);
  });

  it('says when nothing is left to screen', async () => {
    setUp([]);
    renderWithProviders(null, { route: `/speed-screening?jobId=${jobId}` });
    expect(await screen.findByText('Nothing left to screen for this job')).toBeInTheDocument();
    expect(screen.getByText('0 left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the board' })).toHaveAttribute('href', `/workflow?jobId=${jobId}`);
  });

  it("shows the API's message when the applicants cannot be loaded", async () => {
    const { user } = signIn({ role: 'employee' });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    http.onGet('/api/speed-screening').reply(403, { code: 'forbidden', message: "Only the job's owners, its hiring manager, its recruiters and admins can move its applicants." });
    renderWithProviders(null, { route: `/speed-screening?jobId=${jobId}` });
    expect(await screen.findByText(/Only the job's owners/)).toBeInTheDocument();
  });
});
