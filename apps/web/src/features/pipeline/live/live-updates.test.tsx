import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { PipelineApi, type TLiveEvent } from '@hireflow/contracts/pipeline';
import { renderWithProviders } from '@/test/render';
import { mockHttp } from '@/test/http';
import { signIn } from '@/test/factories';
import LiveUpdates, { LiveUpdatesMessages } from './live-updates';
import { subscribeLiveEvents } from './live-events';
import { FakeEventSource } from './fake-event-source';

const http = mockHttp();

const moved = (id: string): TLiveEvent => ({
  id,
  kind: 'application.moved',
  at: '2026-11-24T03:00:00.000Z',
  jobId: 'job1',
  applicationId: 'app1',
  candidateId: 'cand1',
  byUserId: 'u2',
  data: { fromStageId: 's1' },
});

describe('LiveUpdates (the shell’s live-update connection)', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    signIn();
    http.onPost(PipelineApi.eventsToken).reply(200, { token: 'stream-token' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hands each event once to the screens that listen and refreshes the caches it touches, not the board', async () => {
    const heard: string[] = [];
    const unsubscribe = subscribeLiveEvents((e) => heard.push(e.id));
    const { queryClient } = renderWithProviders(<LiveUpdates />);
    const keys = {
      job: ['jobs', 'detail', 'job1'],
      applicants: ['jobs', 'detail', 'job1', 'applicants', 1],
      otherJob: ['jobs', 'detail', 'job2'],
      jobList: ['jobs', 'list', { scope: 'mine' }],
      approvals: ['vacancy-approvals', 'list'],
      board: ['pipeline', 'board', 'job1'],
      stageList: ['pipeline', 'stage-list', 'interview'],
      profile: ['candidates', 'profile', 'cand1'],
      timeline: ['candidates', 'timeline', 'cand1'],
      otherProfile: ['candidates', 'profile', 'cand2'],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest();
    expect(source.params.get('token')).toBe('stream-token');
    act(() => source.open());
    source.emit('application.moved', moved('e1'), 'e1');
    source.emit('application.moved', moved('e1'), 'e1');
    expect(heard).toEqual(['e1']);

    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    await waitFor(() => expect(stale(keys.job)).toBe(true));
    for (const key of [keys.applicants, keys.jobList, keys.stageList, keys.profile, keys.timeline]) expect(stale(key)).toBe(true);
    for (const key of [keys.otherJob, keys.board, keys.otherProfile, keys.approvals]) expect(stale(key)).toBe(false);

    // The server could not catch this client up: everything live reloads, the board included.
    act(() => source.emit('resync', {}));
    await waitFor(() => expect(stale(keys.board)).toBe(true));
    expect(stale(keys.otherProfile)).toBe(true);
    expect(stale(keys.approvals)).toBe(false);
    unsubscribe();
  });

  it('says live updates are paused while the connection is down, and stops saying so once it is back', async () => {
    renderWithProviders(<LiveUpdates />);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => FakeEventSource.latest().fail());
    expect(await screen.findByText(LiveUpdatesMessages.paused)).toHaveAttribute('role', 'status');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    act(() => FakeEventSource.latest().open());
    await waitFor(() => expect(screen.queryByText(LiveUpdatesMessages.paused)).not.toBeInTheDocument());
  });
});
