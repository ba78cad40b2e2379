import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { ReportsApi, TatDefaults } from '@hireflow/contracts/reports';
import { startTestApp } from '../../../test/test-app';
import { buildJobsCompany } from '../../jobs/jobs.test-support';
import { buildUser, tokenFor } from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  await ctx.worker.stop({ graceMs: 0 });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const url = ReportsApi.tatSettings;
const targets = { stages: { screening: 3, interview: 12, offer: 4 }, vacancyDays: 60 };

describe('turnaround targets (company-settings/tatsettings)', () => {
  it('are the defaults until an admin saves them, then what was saved, with who and when', async () => {
    const co = await buildJobsCompany(ctx.config);
    const before = await request(app).get(url).set('Authorization', co.admin.auth).expect(200);
    expect(before.body).toEqual({ stages: { screening: TatDefaults.screening, interview: TatDefaults.interview, offer: TatDefaults.offer }, vacancyDays: TatDefaults.vacancyDays, updatedAt: null, updatedBy: null });

    const saved = await request(app).put(url).set('Authorization', co.admin.auth).send(targets).expect(200);
    expect(saved.body).toMatchObject({ ...targets, updatedBy: `${co.admin.user.firstName} ${co.admin.user.lastName}` });
    expect(Date.parse(saved.body.updatedAt)).not.toBeNaN();

    const after = await request(app).get(url).set('Authorization', co.admin.auth).expect(200);
    expect(after.body).toEqual(saved.body);

    // Saving again changes them (one settings document per company).
    const again = await request(app).put(url).set('Authorization', co.admin.auth).send({ ...targets, vacancyDays: 30 }).expect(200);
    expect(again.body.vacancyDays).toBe(30);
  });

  it('need the advanceSettings right to read or change', async () => {
    const co = await buildJobsCompany(ctx.config);
    await request(app).get(url).set('Authorization', co.recruiter.auth).expect(403);
    await request(app).put(url).set('Authorization', co.recruiter.auth).send(targets).expect(403);
    const granted = await buildUser({ customerId: co.customerId, role: 'recruiter', rights: ['advanceSettings'] });
    await request(app).put(url).set('Authorization', `Bearer ${await tokenFor(ctx.config, granted)}`).send(targets).expect(200);
    const read = await request(app).get(url).set('Authorization', co.admin.auth).expect(200);
    expect(read.body.updatedBy).toBe(`${granted.firstName} ${granted.lastName}`);
  });

  it('refuse bad input with a clear message and change nothing', async () => {
    const co = await buildJobsCompany(ctx.config);
    await request(app).put(url).set('Authorization', co.admin.auth).send(targets).expect(200);
    const zero = await request(app).put(url).set('Authorization', co.admin.auth).send({ ...targets, stages: { ...targets.stages, interview: 0 } }).expect(400);
    expect(zero.body.message).toBe('stages.interview: must be at least 1 day');
    const fraction = await request(app).put(url).set('Authorization', co.admin.auth).send({ ...targets, vacancyDays: 2.5 }).expect(400);
    expect(fraction.body.message).toBe('vacancyDays: must be whole days');
    const missing = await request(app).put(url).set('Authorization', co.admin.auth).send({ vacancyDays: 20 }).expect(400);
    expect(missing.body.message).toMatch(/^stages/);
    const read = await request(app).get(url).set('Authorization', co.admin.auth).expect(200);
    expect(read.body).toMatchObject(targets);
  });

  it('belong to one company', async () => {
    const a = await buildJobsCompany(ctx.config);
    const b = await buildJobsCompany(ctx.config);
    await request(app).put(url).set('Authorization', a.admin.auth).send(targets).expect(200);
    const other = await request(app).get(url).set('Authorization', b.admin.auth).expect(200);
    expect(other.body).toMatchObject({ stages: { screening: TatDefaults.screening, interview: TatDefaults.interview, offer: TatDefaults.offer }, updatedBy: null });
  });
});
