import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { ReportTally } from './report-tally.model';
import { storedDims } from './tallies';
import { rebuildAllTallies } from './rebuild';
import { comparableCounters } from '../../../test/tally-counters';
import { StageEvent } from '../../candidates/applications/stage-event.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const snapshot = async (customerId: Types.ObjectId) =>
  // The stage dimensions only: user and job hold usage counters written after each response (activity tests cover them).
  (await ReportTally.find({ customerId, dim: { $in: storedDims(['src', 'rej', 'rejby', 'hire']) } }, { _id: 0, dim: 1, key: 1, day: 1, n: 1 }).sort({ dim: 1, key: 1, day: 1 }).lean()).map((t) => ({ ...t, n: comparableCounters(t.n as Record<string, unknown>) }));

describe('stage tallies', () => {
  it('are kept by every move as a rebuild from the stage events computes them', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 4 });
    const move = (id: string, body: object) => request(app).post(`/api/applications/${id}/move`).set('Authorization', co.recruiter.auth).send(body).expect(200);
    await move(applicationIds[0]!, { stageId: stage('interview') });
    await move(applicationIds[0]!, { stageId: stage('offer') });
    await move(applicationIds[0]!, { stageId: stage('hired') });
    await move(applicationIds[1]!, { stageId: stage('interview') });
    await move(applicationIds[1]!, { stageId: stage('screening') });
    await move(applicationIds[2]!, { stageId: stage('rejected'), reason: 'Not a fit' }).catch(() => undefined);
    await move(applicationIds[3]!, { stageId: stage('rejected'), withdrawn: true, reason: 'Took another offer' });

    const incremental = await snapshot(co.customerId);
    const src = incremental.filter((t) => t.dim === 'src');
    expect(src).toHaveLength(1);
    const n = src[0]!.n as { applied: number; reached: Record<string, number>; passed: Record<string, number>; hired: number; entered: Record<string, number> };
    expect(n.applied).toBe(4);
    expect(n.hired).toBe(1);
    expect(n.reached).toMatchObject({ screening: 4, interview: 2, offer: 1, hired: 1 });
    expect(n.passed).toMatchObject({ screening: 2, interview: 1, offer: 1 });
    const hiredEvent = await StageEvent.findOne({ customerId: co.customerId, toKind: 'hired' }).lean();
    expect(hiredEvent?.daysToHire).toBe(0);

    await rebuildAllTallies(co.customerId);
    expect(await snapshot(co.customerId)).toEqual(incremental);
  });
});
