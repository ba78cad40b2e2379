import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { Job } from '../../jobs/job.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { emptyVacancyHistory, foldStatus, rebuildVacancyHistories } from './vacancy-history';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const vacancyOf = async (customerId: Types.ObjectId, jobId: Types.ObjectId) => (await Job.findOne({ customerId, _id: jobId }, { vacancy: 1 }).lean())!.vacancy;

describe('a job\'s vacancy history', () => {
  it('folds status events: first opening, holds and the end', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const events = [
      { to: 'open', at: at(1) },
      { to: 'on_hold', at: at(11) },
      { to: 'on_hold', at: at(12) },
      { to: 'open', at: at(21) },
      { to: 'filled', at: at(25) },
    ];
    expect(events.reduce(foldStatus, emptyVacancyHistory())).toEqual({ firstOpenAt: at(1), endedAt: at(25), heldMs: 10 * 86_400_000, holdSince: null, fills: [] });
    // Reopened after being filled, then on hold now: no end, the hold still running.
    expect([...events, { to: 'open', at: at(26) }, { to: 'on_hold', at: at(28) }].reduce(foldStatus, emptyVacancyHistory())).toMatchObject({ endedAt: null, holdSince: at(28), heldMs: 10 * 86_400_000 });
  });

  it('is kept by status changes and hires as a rebuild from the events computes it', async () => {
    const { co, job, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 3, headcount: 2 });
    const move = (id: string, stageName: string) => request(app).post(`/api/applications/${id}/move`).set('Authorization', co.recruiter.auth).send({ stageId: stage(stageName) }).expect(200);
    const setStatus = (status: string) => request(app).post(`/api/jobs/${String(job._id)}/status`).set('Authorization', co.recruiter.auth).send({ status }).expect(200);

    await setStatus('on_hold');
    expect(await vacancyOf(co.customerId, job._id)).toMatchObject({ endedAt: null, fills: [] });
    expect((await vacancyOf(co.customerId, job._id))!.holdSince).toBeInstanceOf(Date);
    await setStatus('open');
    await move(applicationIds[0]!, 'hired');
    await move(applicationIds[0]!, 'offer');
    await move(applicationIds[1]!, 'hired');
    // Hired again: not a first hire, so it fills nothing more. The second opening is filled: the job ends.
    await move(applicationIds[0]!, 'hired');
    const kept = await vacancyOf(co.customerId, job._id);
    const firstHires = await StageEvent.find({ customerId: co.customerId, jobId: job._id, toKind: 'hired', daysToHire: { $ne: null } }).sort({ at: 1 }).lean();
    expect(firstHires).toHaveLength(2);
    expect(kept!.fills).toEqual(firstHires.map((e) => e.at));
    expect((await Job.findOne({ customerId: co.customerId, _id: job._id }).lean())!.status).toBe('filled');
    expect(kept!.endedAt).toBeInstanceOf(Date);
    expect(kept!.holdSince).toBeNull();
    expect(kept!.firstOpenAt).toBeInstanceOf(Date);

    await Job.updateOne({ customerId: co.customerId, _id: job._id }, { $set: { vacancy: emptyVacancyHistory() } });
    await rebuildVacancyHistories(co.customerId);
    expect(await vacancyOf(co.customerId, job._id)).toEqual(kept);
  });
});
