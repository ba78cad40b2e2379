import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { ZInterviewPlan, type TInterviewPlan } from '@hireflow/contracts/interviews';
import { InterviewPlanMessages, ZInterviewAttributeList } from '@hireflow/contracts/interviews-plans';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildInterviewCompany, type InterviewCompany } from '../interviews.test-support';
import { InterviewPlan } from './interview-plan.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const addAttribute = (auth: string, name: string, extra: object = {}) => request(app).post('/api/interview-attributes').set('Authorization', auth).send({ name, ...extra });
const attributes = async (auth: string) => ZInterviewAttributeList.parse((await request(app).get('/api/interview-attributes').set('Authorization', auth).expect(200)).body).items;
const putJobPlan = (auth: string, jobId: string, rounds: object[]) => request(app).put(`/api/jobs/${jobId}/interview-plan`).set('Authorization', auth).send({ rounds });
const getJobPlan = (auth: string, jobId: string) => request(app).get(`/api/jobs/${jobId}/interview-plan`).set('Authorization', auth);
const putDefault = (auth: string, rounds: object[]) => request(app).put('/api/interview-plan/default').set('Authorization', auth).send({ rounds });
const plan = (res: request.Response): TInterviewPlan => ZInterviewPlan.parse(res.body);

async function company(): Promise<InterviewCompany & { jobId: string; attr: Record<string, string> }> {
  const ic = await buildInterviewCompany(app, ctx.config, { applicants: 0 });
  const attr: Record<string, string> = {};
  for (const name of ['System design', 'Communication', 'Coding']) attr[name] = (await addAttribute(ic.co.admin.auth, name).expect(201)).body.id;
  return { ...ic, jobId: String(ic.job._id), attr };
}

describe('the attribute library', () => {
  it('is read by everyone of the company, changed only with the Lists right; names are unique whatever their case', async () => {
    const ic = await company();
    const { co } = ic;
    expect((await attributes(co.employee.auth)).map((a) => a.name)).toEqual(['Coding', 'Communication', 'System design']);
    expect((await addAttribute(co.recruiter.auth, 'Ownership')).status).toBe(403);
    const listsUser = await buildUser({ customerId: co.customerId, role: 'recruiter', rights: ['standardSettings'] });
    const auth = `Bearer ${await tokenFor(ctx.config, listsUser)}`;
    const created = await addAttribute(auth, '  Ownership ', { description: 'Takes things to the end' }).expect(201);
    expect(created.body).toMatchObject({ name: 'Ownership', description: 'Takes things to the end', active: true, usedInPlans: 0 });

    const dup = await addAttribute(auth, 'COMMUNICATION');
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(InterviewPlanMessages.duplicateAttribute('Communication'));
    const rename = await request(app).put(`/api/interview-attributes/${created.body.id}`).set('Authorization', auth).send({ name: 'coding' });
    expect(rename.status).toBe(409);
    expect((await addAttribute(auth, '   ')).body.message).toBe('name: is required');

    const renamed = await request(app).put(`/api/interview-attributes/${created.body.id}`).set('Authorization', auth).send({ name: 'Ownership and drive', active: false }).expect(200);
    expect(renamed.body).toMatchObject({ name: 'Ownership and drive', active: false, description: '' });
    expect((await request(app).put(`/api/interview-attributes/${created.body.id}`).set('Authorization', co.employee.auth).send({ name: 'x' })).status).toBe(403);
  });

  it('deletes an unused attribute and deactivates one a plan uses, saying so', async () => {
    const ic = await company();
    const { co } = ic;
    await putJobPlan(co.recruiter.auth, ic.jobId, [{ name: 'Technical', durationMinutes: 60, attributeIds: [ic.attr['Coding']] }]).expect(200);
    const inUse = await request(app).delete(`/api/interview-attributes/${ic.attr['Coding']}`).set('Authorization', co.admin.auth).expect(200);
    expect(inUse.body).toEqual({ deleted: false, deactivated: true, message: InterviewPlanMessages.deactivatedInUse(1) });
    const list = await attributes(co.admin.auth);
    expect(list.find((a) => a.name === 'Coding')).toMatchObject({ active: false, usedInPlans: 1 });
    const gone = await request(app).delete(`/api/interview-attributes/${ic.attr['Communication']}`).set('Authorization', co.admin.auth).expect(200);
    expect(gone.body).toMatchObject({ deleted: true, deactivated: false });
    expect((await attributes(co.admin.auth)).map((a) => a.name)).toEqual(['Coding', 'System design']);
  });

  it('keeps companies apart', async () => {
    const a = await company();
    const b = await company();
    await addAttribute(b.co.admin.auth, 'Only at B').expect(201);
    expect((await attributes(a.co.admin.auth)).map((x) => x.name)).not.toContain('Only at B');
    expect((await request(app).put(`/api/interview-attributes/${a.attr['Coding']}`).set('Authorization', b.co.admin.auth).send({ name: 'Stolen' })).status).toBe(404);
    expect((await request(app).delete(`/api/interview-attributes/${a.attr['Coding']}`).set('Authorization', b.co.admin.auth)).status).toBe(404);
    // A's own attribute name may exist at B too.
    expect((await addAttribute(b.co.admin.auth, 'Only at A')).status).toBe(201);
    expect((await addAttribute(a.co.admin.auth, 'Only at A')).status).toBe(201);
  });
});

describe('interview plans', () => {
  it('a job starts from the company default (inherited) and keeps its own plan once saved', async () => {
    const ic = await company();
    const { co } = ic;
    expect(plan(await getJobPlan(co.employee.auth, ic.jobId).expect(200))).toEqual({ jobId: ic.jobId, inherited: true, rounds: [] });

    const def = plan(await putDefault(co.admin.auth, [
      { name: 'Phone screen', durationMinutes: 30, interviewerIds: [co.recruiter.id] },
      { name: 'Technical', durationMinutes: 60, interviewerIds: [co.employee.id, co.hm.id], attributeIds: [ic.attr['Coding'], ic.attr['System design']] },
    ]).expect(200));
    expect(def.rounds[1]).toMatchObject({
      name: 'Technical',
      interviewers: [{ id: co.employee.id, name: `${co.employee.user.firstName} ${co.employee.user.lastName}` }, { id: co.hm.id, name: expect.any(String) }],
      attributes: [{ id: ic.attr['Coding'], name: 'Coding' }, { id: ic.attr['System design'], name: 'System design' }],
    });
    expect(plan(await request(app).get('/api/interview-plan/default').set('Authorization', co.employee.auth).expect(200)).rounds.map((r) => r.name)).toEqual(['Phone screen', 'Technical']);

    const inherited = plan(await getJobPlan(co.hm.auth, ic.jobId).expect(200));
    expect(inherited).toMatchObject({ jobId: ic.jobId, inherited: true });
    expect(inherited.rounds.map((r) => r.id)).toEqual(def.rounds.map((r) => r.id));

    // The hiring manager overrides: keeps the default's technical round (its id), drops the phone screen, adds an onsite.
    const tech = def.rounds[1]!;
    const own = plan(await putJobPlan(co.hm.auth, ic.jobId, [
      { id: tech.id, name: 'Technical deep dive', durationMinutes: 90, interviewerIds: [co.employee.id], attributeIds: [ic.attr['System design']] },
      { name: 'Onsite', durationMinutes: 120 },
    ]).expect(200));
    expect(own.inherited).toBe(false);
    expect(own.rounds[0]).toMatchObject({ id: tech.id, name: 'Technical deep dive', durationMinutes: 90 });
    expect(own.rounds[1]!.id).toMatch(/^[0-9a-f]{24}$/);

    // Changing the default no longer changes the job.
    await putDefault(co.admin.auth, [{ name: 'Culture', durationMinutes: 45 }]).expect(200);
    expect(plan(await getJobPlan(co.employee.auth, ic.jobId).expect(200)).rounds.map((r) => r.name)).toEqual(['Technical deep dive', 'Onsite']);
  });

  it('keeps round ids stable across edits and reorders, and refuses an id that is not in the plan', async () => {
    const ic = await company();
    const { co } = ic;
    const first = plan(await putJobPlan(co.recruiter.auth, ic.jobId, [{ name: 'A', durationMinutes: 30 }, { name: 'B', durationMinutes: 45 }]).expect(200));
    const [a, b] = first.rounds;
    const second = plan(await putJobPlan(co.recruiter.auth, ic.jobId, [
      { id: b!.id, name: 'B renamed', durationMinutes: 60 },
      { name: 'C', durationMinutes: 30 },
      { id: a!.id, name: 'A', durationMinutes: 30 },
    ]).expect(200));
    expect(second.rounds.map((r) => [r.id, r.name])).toEqual([[b!.id, 'B renamed'], [second.rounds[1]!.id, 'C'], [a!.id, 'A']]);
    expect(new Set(second.rounds.map((r) => r.id)).size).toBe(3);

    const foreign = await putJobPlan(co.recruiter.auth, ic.jobId, [{ id: '64f0000000000000000000aa', name: 'X', durationMinutes: 30 }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(InterviewPlanMessages.unknownRound);
    expect((await putJobPlan(co.recruiter.auth, ic.jobId, [{ id: a!.id, name: 'X', durationMinutes: 30 }, { id: a!.id, name: 'Y', durationMinutes: 30 }])).body.message).toBe(InterviewPlanMessages.duplicateRound);
    const stored = await InterviewPlan.findOne({ customerId: co.customerId, jobId: ic.job._id }).lean();
    expect(stored!.rounds.map((r) => String(r._id))).toEqual(second.rounds.map((r) => r.id));
  });

  it('validates rounds: active interviewers of the company, active attributes of the company, durations', async () => {
    const ic = await company();
    const other = await company();
    const { co } = ic;
    const gone = await buildUser({ customerId: co.customerId, role: 'employee', status: 'inactive' });
    const bad = async (rounds: object[]) => (await putJobPlan(co.recruiter.auth, ic.jobId, rounds).expect(400)).body.message as string;
    expect(await bad([{ name: 'T', durationMinutes: 60, interviewerIds: [String(gone._id)] }])).toBe(InterviewPlanMessages.unknownInterviewers);
    expect(await bad([{ name: 'T', durationMinutes: 60, interviewerIds: [other.co.employee.id] }])).toBe(InterviewPlanMessages.unknownInterviewers);
    expect(await bad([{ name: 'T', durationMinutes: 60, attributeIds: [other.attr['Coding']] }])).toBe(InterviewPlanMessages.unknownAttributes);
    await request(app).put(`/api/interview-attributes/${ic.attr['Coding']}`).set('Authorization', co.admin.auth).send({ name: 'Coding', active: false }).expect(200);
    expect(await bad([{ name: 'T', durationMinutes: 60, attributeIds: [ic.attr['Coding']] }])).toBe(InterviewPlanMessages.unknownAttributes);
    expect(await bad([{ name: 'T', durationMinutes: 5 }])).toMatch(/>=15/);
    expect(await bad([{ name: '', durationMinutes: 30 }])).toMatch(/name: is required/);
  });

  it('only owners, the hiring manager and admins change a job plan; the default takes the preferences right; other companies get 404', async () => {
    const ic = await company();
    const other = await company();
    const { co } = ic;
    const rounds = [{ name: 'Technical', durationMinutes: 60 }];
    expect((await putJobPlan(co.approver2.auth, ic.jobId, rounds)).status).toBe(403);
    expect((await putJobPlan(co.employee.auth, ic.jobId, rounds)).status).toBe(403);
    expect((await putJobPlan(co.approver1.auth, ic.jobId, rounds)).status).toBe(404);
    expect((await getJobPlan(co.approver1.auth, ic.jobId)).status).toBe(404);
    await putJobPlan(co.admin.auth, ic.jobId, rounds).expect(200);
    expect((await getJobPlan(co.approver2.auth, ic.jobId)).status).toBe(200);

    expect((await getJobPlan(other.co.admin.auth, ic.jobId)).status).toBe(404);
    expect((await putJobPlan(other.co.admin.auth, ic.jobId, rounds)).status).toBe(404);
    expect((await getJobPlan(co.admin.auth, 'not-an-id')).status).toBe(400);

    expect((await putDefault(co.recruiter.auth, rounds)).status).toBe(403);
    const prefs = await buildUser({ customerId: co.customerId, role: 'recruiter', rights: ['advanceSettings'] });
    await putDefault(`Bearer ${await tokenFor(ctx.config, prefs)}`, rounds).expect(200);
    // Each company has its own default.
    expect(plan(await request(app).get('/api/interview-plan/default').set('Authorization', other.co.employee.auth).expect(200)).rounds).toEqual([]);
    expect((await request(app).get('/api/interview-plan/default')).status).toBe(401);
  });
});

describe('signatures', () => {
  it('stores my signature sanitised and answers it through getsignature; admins read a colleague of their company only', async () => {
    const ic = await company();
    const other = await company();
    const { co } = ic;
    const saved = await request(app).put('/api/user/signature').set('Authorization', co.recruiter.auth)
      .send({ signature: '<p onclick="steal()">Riley <strong>Recruiter</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>' })
      .expect(200);
    expect(saved.body.signature).toBe('<p>Riley <strong>Recruiter</strong></p><a rel="noopener noreferrer nofollow">x</a>');
    const mine = await request(app).post('/api/templates/getsignature').set('Authorization', co.recruiter.auth).send({}).expect(200);
    expect(mine.body).toEqual({ signature: saved.body.signature });

    const asAdmin = await request(app).post('/api/templates/getsignature').set('Authorization', co.admin.auth).send({ userId: co.recruiter.id }).expect(200);
    expect(asAdmin.body.signature).toContain('Riley');
    expect((await request(app).post('/api/templates/getsignature').set('Authorization', co.employee.auth).send({ userId: co.recruiter.id })).status).toBe(403);
    expect((await request(app).post('/api/templates/getsignature').set('Authorization', other.co.admin.auth).send({ userId: co.recruiter.id })).status).toBe(404);
    expect((await request(app).put('/api/user/signature').set('Authorization', co.recruiter.auth).send({ signature: 'x'.repeat(5001) })).status).toBe(400);
  });
});
