import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { DefaultRejectionReasons, type TRejectionReason } from '@hireflow/contracts/pipeline';
import { RejectionReasonLimits, RejectionReasonMessages } from '@hireflow/contracts/pipeline-rejections';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildJobsCompany } from '../../jobs/jobs.test-support';
import { buildPipelineCompany } from '../pipeline.test-support';
import { RejectionReason } from './rejection-reason.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const list = async (auth: string, usage = true) => (await request(app).get(`/api/rejection-reasons${usage ? '?usage=true' : ''}`).set('Authorization', auth).expect(200)).body.items as TRejectionReason[];
const add = (auth: string, label: unknown) => request(app).post('/api/rejection-reasons').set('Authorization', auth).send({ label });
const patch = (auth: string, id: string, body: object) => request(app).patch(`/api/rejection-reasons/${id}`).set('Authorization', auth).send(body);
const del = (auth: string, id: string) => request(app).delete(`/api/rejection-reasons/${id}`).set('Authorization', auth);
const move = (auth: string, id: string, body: object) => request(app).post(`/api/applications/${id}/move`).set('Authorization', auth).send(body);

describe('GET /api/rejection-reasons', () => {
  it('gives a company the default set in order, to every signed-in user; without the Lists right nobody changes it', async () => {
    const co = await buildJobsCompany(ctx.config);
    const items = await list(co.employee.auth);
    expect(items.map((r) => r.label)).toEqual([...DefaultRejectionReasons]);
    expect(items.every((r) => r.active && r.usedCount === 0)).toBe(true);
    expect((await add(co.recruiter.auth, 'Overqualified')).status).toBe(403);
    expect((await patch(co.employee.auth, items[0]!.id, { active: false })).status).toBe(403);
    expect((await del(co.recruiter.auth, items[0]!.id)).status).toBe(403);
    expect((await request(app).get('/api/rejection-reasons')).status).toBe(401);
  });
});

describe('changing the list (admins and the Lists right)', () => {
  it('adds, renames, retires and restores; refuses duplicates, empty and too-long labels', async () => {
    const co = await buildJobsCompany(ctx.config);
    const listsUser = await buildUser({ customerId: co.customerId, role: 'recruiter', rights: ['standardSettings'] });
    const auth = `Bearer ${await tokenFor(ctx.config, listsUser)}`;
    const created = await add(auth, '  Overqualified  ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ label: 'Overqualified', active: true, usedCount: 0 });
    expect((await list(auth)).at(-1)!.label).toBe('Overqualified');

    expect((await add(auth, 'OVERQUALIFIED')).body).toMatchObject({ message: RejectionReasonMessages.duplicate('Overqualified') });
    expect((await add(auth, '   ')).body.message).toBe('label: is required');
    expect((await add(auth, 'x'.repeat(RejectionReasonLimits.labelMax + 1))).status).toBe(400);
    expect((await patch(auth, created.body.id, {})).body.message).toBe('Nothing to change');
    expect((await patch(auth, created.body.id, { label: 'Not enough experience' })).status).toBe(409);

    const renamed = await patch(co.admin.auth, created.body.id, { label: 'Overqualified for the role' });
    expect(renamed.body).toMatchObject({ id: created.body.id, label: 'Overqualified for the role' });
    expect((await patch(auth, created.body.id, { active: false })).body.active).toBe(false);
    expect((await list(auth)).find((r) => r.id === created.body.id)!.active).toBe(false);
    expect((await patch(auth, created.body.id, { active: true })).body.active).toBe(true);
    expect((await patch(auth, 'ffffffffffffffffffffffff', { active: true })).status).toBe(404);
    expect((await patch(auth, 'nope', { active: true })).body.message).toBe('id: must be a valid id');
  });

  it('keeps at most 100 reasons and at least one active one', async () => {
    const co = await buildJobsCompany(ctx.config);
    const items = await list(co.admin.auth);
    await RejectionReason.insertMany(
      Array.from({ length: RejectionReasonLimits.perCompany - items.length }, (_, i) => ({ customerId: co.customerId, label: `Reason ${i}`, labelKey: `reason ${i}`, position: 100 + i, active: false })),
    );
    expect((await add(co.admin.auth, 'One too many')).body.message).toBe(RejectionReasonMessages.tooMany);
    for (const r of items.slice(1)) expect((await patch(co.admin.auth, r.id, { active: false })).status).toBe(200);
    expect((await patch(co.admin.auth, items[0]!.id, { active: false })).body.message).toBe(RejectionReasonMessages.lastActive);
    expect((await del(co.admin.auth, items[0]!.id)).body.message).toBe(RejectionReasonMessages.lastActive);
  });

  it('reorders with every reason once, and refuses a partial or foreign order without writing', async () => {
    const co = await buildJobsCompany(ctx.config);
    const other = await buildJobsCompany(ctx.config);
    const items = await list(co.admin.auth);
    const reversed = [...items].reverse().map((r) => r.id);
    const res = await request(app).put('/api/rejection-reasons/order').set('Authorization', co.admin.auth).send({ ids: reversed });
    expect(res.status).toBe(200);
    expect((await list(co.employee.auth, false)).map((r) => r.id)).toEqual(reversed);
    const foreign = (await list(other.admin.auth))[0]!.id;
    for (const ids of [reversed.slice(1), [...reversed.slice(1), foreign], [...reversed.slice(1), reversed[1]]]) {
      const refused = await request(app).put('/api/rejection-reasons/order').set('Authorization', co.admin.auth).send({ ids });
      expect(refused.body).toMatchObject({ message: RejectionReasonMessages.reorderMismatch });
    }
    expect((await list(co.admin.auth)).map((r) => r.id)).toEqual(reversed);
    expect((await request(app).put('/api/rejection-reasons/order').set('Authorization', co.recruiter.auth).send({ ids: reversed })).status).toBe(403);
  });
});

describe('usage and deleting', () => {
  it('counts rejections per reason (also under a former label); deletes only a reason never used, else says to retire it', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 3 });
    const reasons = await list(co.admin.auth);
    const experience = reasons.find((r) => r.label === 'Not enough experience')!;
    const salary = reasons.find((r) => r.label === 'Salary expectations too high')!;
    await move(co.recruiter.auth, applicationIds[0]!, { stageId: stage('rejected'), reason: experience.label }).expect(200);
    await move(co.recruiter.auth, applicationIds[1]!, { stageId: stage('rejected'), reason: experience.label }).expect(200);
    await move(co.recruiter.auth, applicationIds[2]!, { stageId: stage('rejected'), reason: salary.label }).expect(200);
    await patch(co.admin.auth, experience.id, { label: 'Too junior' }).expect(200);
    // Moved back out of rejected: the application no longer carries the reason.
    await move(co.recruiter.auth, applicationIds[2]!, { stageId: stage('interview') }).expect(200);

    const counted = await list(co.admin.auth);
    expect(counted.find((r) => r.id === experience.id)).toMatchObject({ label: 'Too junior', usedCount: 2 });
    expect(counted.find((r) => r.id === salary.id)!.usedCount).toBe(0);
    expect((await list(co.admin.auth, false)).every((r) => r.usedCount === 0)).toBe(true);

    const refused = await del(co.admin.auth, experience.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(RejectionReasonMessages.inUse(2));
    // Used once, then moved back: the stage history still holds it.
    expect((await del(co.admin.auth, salary.id)).body.message).toBe(RejectionReasonMessages.inUse(1));

    const unused = reasons.find((r) => r.label === 'Did not show up')!;
    expect((await del(co.admin.auth, unused.id)).status).toBe(204);
    expect((await list(co.admin.auth)).some((r) => r.id === unused.id)).toBe(false);
    expect((await del(co.admin.auth, unused.id)).status).toBe(404);
  });

  it('a retired reason is no longer accepted for a rejection', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const reason = (await list(co.admin.auth)).find((r) => r.label === 'Culture or values fit')!;
    await patch(co.admin.auth, reason.id, { active: false }).expect(200);
    const res = await move(co.recruiter.auth, applicationIds[0]!, { stageId: stage('rejected'), reason: reason.label });
    expect(res.status).toBe(400);
  });
});
