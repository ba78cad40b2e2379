import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp } from '../../test/test-app';
import { JobCode } from '../org/job-code.model';
import { Job } from './job.model';
import { StatusEvent } from './status-event.model';
import { buildJobsCompany, openJobThroughApproval, requisitionBody, setVacancyChain, type JobsCompany } from './jobs.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
let openJobId: string;
let draftJobId: string;
let globexJobId: string;

const createJob = (co: JobsCompany, auth: string, overrides: Record<string, unknown> = {}) =>
  request(app).post('/api/jobs').set('Authorization', auth).send({ ...requisitionBody(co, { jobCodeId: null }), ...overrides });

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  acme = await buildJobsCompany(ctx.config);
  globex = await buildJobsCompany(ctx.config);
  ({ jobId: openJobId } = await openJobThroughApproval(app, acme, { title: 'Platform Engineer', jobCodeId: null }));
  draftJobId = (await createJob(acme, acme.recruiter.auth, { title: 'Designer', team: { recruiterIds: [acme.recruiter.id] } })).body.id;
  globexJobId = (await openJobThroughApproval(app, globex, { title: 'Globex Secret Role', jobCodeId: null })).jobId;
});
afterAll(() => ctx.stop());

describe('POST /api/jobs', () => {
  it('lets a recruiter create a draft job, with the company workflow as its pipeline', async () => {
    const res = await createJob(acme, acme.recruiter.auth, { title: 'Support Agent', description: '<p>Help <strong>customers</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Support Agent', status: 'draft', canEdit: true, allowedTransitions: ['open', 'closed'] });
    expect(res.body.description).toBe('<p>Help <strong>customers</strong></p>');
    expect(res.body.pipeline.map((s: { name: string }) => s.name)).toEqual(['Applied', 'Phone screen', 'Interview', 'Final interview', 'Offer', 'Hired', 'Rejected']);
  });

  it('is not for employees (hiring managers use a requisition)', async () => {
    const res = await createJob(acme, acme.hm.auth);
    expect(res.status).toBe(403);
  });
});

describe('GET /api/jobs', () => {
  it('asks for sign-in', async () => {
    expect((await request(app).get('/api/jobs')).status).toBe(401);
  });

  it('refuses /jobs/all to a plain employee, allows it to a super user employee', async () => {
    const res = await request(app).get('/api/jobs?scope=all').set('Authorization', acme.employee.auth);
    expect(res.status).toBe(403);
    const { buildUser, tokenFor } = await import('../../test/factories');
    const su = await buildUser({ customerId: acme.customerId, role: 'employee', superUser: true });
    const ok = await request(app).get('/api/jobs?scope=all').set('Authorization', `Bearer ${await tokenFor(ctx.config, su)}`);
    expect(ok.status).toBe(200);
  });

  it('mine lists the jobs I own, manage or interview for', async () => {
    const asInterviewer = await request(app).get('/api/jobs?scope=mine').set('Authorization', acme.employee.auth);
    const mine = asInterviewer.body.items.map((j: { id: string }) => j.id);
    expect(mine).toContain(openJobId);
    expect(mine).not.toContain(draftJobId);
    const asHm = await request(app).get('/api/jobs?scope=mine').set('Authorization', acme.hm.auth);
    expect(asHm.body.items.map((j: { id: string }) => j.id)).toContain(openJobId);
    const asApprover = await request(app).get('/api/jobs?scope=mine').set('Authorization', acme.approver1.auth);
    expect(asApprover.body.items).toEqual([]);
  });

  it('all lists only my company, with filters, search, sort and paging', async () => {
    const all = await request(app).get('/api/jobs?scope=all&sort=title').set('Authorization', acme.admin.auth);
    expect(all.status).toBe(200);
    const titles = all.body.items.map((j: { title: string }) => j.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b)));
    expect(titles).not.toContain('Globex Secret Role');
    expect(all.body.total).toBe(3);

    const open = await request(app).get('/api/jobs?scope=all&status=open').set('Authorization', acme.admin.auth);
    expect(open.body.items.map((j: { id: string }) => j.id)).toEqual([openJobId]);
    expect(open.body.items[0].pipeline[0]).toMatchObject({ name: 'Applied', kind: 'screening', count: 0 });
    expect(open.body.items[0]).toMatchObject({ department: { name: 'Engineering' }, location: { name: 'Berlin' }, recruiters: [{ id: acme.recruiter.id }] });

    const search = await request(app).get('/api/jobs?scope=all&q=DESIGN').set('Authorization', acme.admin.auth);
    expect(search.body.items.map((j: { id: string }) => j.id)).toEqual([draftJobId]);
    const byRecruiter = await request(app).get(`/api/jobs?scope=all&recruiterId=${acme.recruiter.id}&departmentId=${acme.department._id}&locationId=${acme.location._id}`).set('Authorization', acme.admin.auth);
    expect(byRecruiter.body.total).toBe(3);
    const page2 = await request(app).get('/api/jobs?scope=all&pageSize=2&page=2').set('Authorization', acme.admin.auth);
    expect(page2.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page2.body.items).toHaveLength(1);
    const foreignFilter = await request(app).get(`/api/jobs?scope=all&departmentId=${globex.department._id}`).set('Authorization', acme.admin.auth);
    expect(foreignFilter.body.items).toEqual([]);
  });

  it('explains a bad filter', async () => {
    const res = await request(app).get('/api/jobs?scope=all&status=paused').set('Authorization', acme.admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^status: must be one of draft, pending_approval/);
  });
});

describe('GET /api/jobs/:id', () => {
  it('shows the job page data: details, hiring team, pipeline', async () => {
    const res = await request(app).get(`/api/jobs/${openJobId}`).set('Authorization', acme.recruiter.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Platform Engineer',
      status: 'open',
      hiringManager: { id: acme.hm.id },
      interviewers: [{ id: acme.employee.id }],
      salaryBand: { min: 60000, max: 80000, currency: 'EUR' },
      canEdit: true,
      allowedTransitions: ['on_hold', 'closed', 'filled'],
    });
    expect(res.body.requisitionId).toBeTruthy();
  });

  it('gives an employee outside the hiring team 403, another company 404, a bad id 400', async () => {
    expect((await request(app).get(`/api/jobs/${openJobId}`).set('Authorization', acme.approver1.auth)).status).toBe(403);
    expect((await request(app).get(`/api/jobs/${globexJobId}`).set('Authorization', acme.admin.auth)).status).toBe(404);
    const bad = await request(app).get('/api/jobs/nope').set('Authorization', acme.admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id: must be a valid id');
  });
});

describe('POST /api/jobs/:id/status', () => {
  const setStatus = (id: string, auth: string, status: string, comment = '') => request(app).post(`/api/jobs/${id}/status`).set('Authorization', auth).send({ status, comment });

  it('follows the transition table and records a status event', async () => {
    const hold = await setStatus(openJobId, acme.recruiter.auth, 'on_hold', 'Budget review');
    expect(hold.status).toBe(200);
    expect(hold.body.status).toBe('on_hold');
    const events = await StatusEvent.find({ customerId: acme.customerId, entity: 'job', entityId: openJobId }).sort({ at: 1 }).lean();
    expect(events.at(-1)).toMatchObject({ from: 'open', to: 'on_hold', comment: 'Budget review', by: acme.recruiter.user._id });
    expect((await setStatus(openJobId, acme.recruiter.auth, 'open')).status).toBe(200);
  });

  it('refuses a transition the table does not allow, and leaves the job as it was', async () => {
    const res = await setStatus(draftJobId, acme.recruiter.auth, 'filled');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A job that is draft cannot become filled; it can go to: open, closed');
    const manual = await setStatus(draftJobId, acme.recruiter.auth, 'pending_approval');
    expect(manual.status).toBe(409);
    expect((await Job.findOne({ customerId: acme.customerId, _id: draftJobId }).lean())?.status).toBe('draft');
  });

  it('is for the job owners, hiring manager and admins only', async () => {
    expect((await setStatus(openJobId, acme.approver2.auth, 'closed')).status).toBe(403);
    expect((await setStatus(openJobId, acme.employee.auth, 'closed')).status).toBe(403);
  });

  it('another company gets 404 and nothing changes', async () => {
    expect((await setStatus(globexJobId, acme.admin.auth, 'closed')).status).toBe(404);
    expect((await Job.findOne({ customerId: globex.customerId, _id: globexJobId }).lean())?.status).toBe('open');
  });
});

describe('a job whose requisition is not approved stays with the approval chain', () => {
  const submit = async (title: string) => {
    await setVacancyChain(app, acme, [acme.approver1.id]);
    const res = await request(app).post('/api/requisitions').set('Authorization', acme.hm.auth).send({ ...requisitionBody(acme, { title, jobCodeId: null }), submit: true });
    expect(res.status).toBe(201);
    return { requisitionId: res.body.id as string, jobId: res.body.jobId as string };
  };
  const reject = (requisitionId: string) =>
    request(app).post(`/api/vacancy-approvals/${requisitionId}/decision`).set('Authorization', acme.approver1.auth).send({ decision: 'reject', comment: 'Not this year' });

  it('after a rejection nobody can open or close the draft job by hand, and the job page offers nothing', async () => {
    const { requisitionId, jobId } = await submit('Rejected Role');
    expect((await reject(requisitionId)).status).toBe(200);
    expect((await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())?.status).toBe('draft');

    for (const who of [acme.hm, acme.recruiter, acme.admin]) {
      for (const status of ['open', 'closed']) {
        const res = await request(app).post(`/api/jobs/${jobId}/status`).set('Authorization', who.auth).send({ status });
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(/requisition that is not approved yet/);
      }
    }
    expect((await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())?.status).toBe('draft');
    const page = await request(app).get(`/api/jobs/${jobId}`).set('Authorization', acme.hm.auth);
    expect(page.body).toMatchObject({ status: 'draft', allowedTransitions: [], canEdit: false });
  });

  it('refuses edits while pending approval or returned, and allows them once approved', async () => {
    const { requisitionId, jobId } = await submit('Pending Role');
    const pending = await request(app).patch(`/api/jobs/${jobId}`).set('Authorization', acme.recruiter.auth).send({ headcount: 4 });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toMatch(/Change the requisition instead/);
    expect((await request(app).get(`/api/jobs/${jobId}`).set('Authorization', acme.recruiter.auth)).body.canEdit).toBe(false);

    await reject(requisitionId);
    const returned = await request(app).patch(`/api/jobs/${jobId}`).set('Authorization', acme.hm.auth).send({ title: 'Something else' });
    expect(returned.status).toBe(409);
    const job = await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean();
    expect(job).toMatchObject({ title: 'Pending Role', headcount: 1 });

    const approved = await request(app).patch(`/api/jobs/${openJobId}`).set('Authorization', acme.recruiter.auth).send({ published: true });
    expect(approved.status).toBe(200);
  });

  it('a job created directly keeps its draft transitions', async () => {
    const page = await request(app).get(`/api/jobs/${draftJobId}`).set('Authorization', acme.recruiter.auth);
    expect(page.body).toMatchObject({ allowedTransitions: ['open', 'closed'], canEdit: true });
  });
});

describe('PATCH /api/jobs/:id', () => {
  it('changes details, sanitises the description and writes the activity history', async () => {
    const res = await request(app)
      .patch(`/api/jobs/${openJobId}`)
      .set('Authorization', acme.recruiter.auth)
      .send({ title: 'Senior Platform Engineer', description: '<h2>About</h2><p onclick="x()">Hi <a href="javascript:alert(1)">x</a></p>' });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Senior Platform Engineer');
    expect(res.body.description).toBe('<h2>About</h2><p>Hi <a rel="noopener noreferrer nofollow">x</a></p>');
    const activity = await request(app).get(`/api/jobs/${openJobId}/activity`).set('Authorization', acme.recruiter.auth);
    expect(activity.body.items[0]).toMatchObject({ action: 'updated', summary: 'Changed title from "Platform Engineer" to "Senior Platform Engineer", description', by: { id: acme.recruiter.id } });
    expect(activity.body.items.map((a: { summary: string }) => a.summary)).toContain('Status changed from open to on hold: Budget review');
  });

  it('refuses an empty change and other companies', async () => {
    const empty = await request(app).patch(`/api/jobs/${openJobId}`).set('Authorization', acme.recruiter.auth).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to change');
    expect((await request(app).patch(`/api/jobs/${globexJobId}`).set('Authorization', acme.admin.auth).send({ title: 'Hijacked' })).status).toBe(404);
    expect((await request(app).get(`/api/jobs/${globexJobId}/activity`).set('Authorization', acme.admin.auth)).status).toBe(404);
    expect((await request(app).get(`/api/jobs/${globexJobId}/applications`).set('Authorization', acme.admin.auth)).status).toBe(404);
    expect((await Job.findOne({ customerId: globex.customerId, _id: globexJobId }).lean())?.title).toBe('Globex Secret Role');
  });
});

describe('PATCH /api/jobs/:id openings and job-code headcount', () => {
  it('more openings than the job code has left need a justification; the code counts the change', async () => {
    const used = async () => (await JobCode.findOne({ customerId: acme.customerId, _id: acme.jobCode._id }).lean())?.usedHeadcount;
    const { jobId } = await openJobThroughApproval(app, acme, { title: 'Coded Role' });
    expect(await used()).toBe(2);
    const patch = (body: object) => request(app).patch(`/api/jobs/${jobId}`).set('Authorization', acme.recruiter.auth).send(body);

    expect((await patch({ headcount: 2 })).status).toBe(200);
    expect(await used()).toBe(3);

    const over = await patch({ headcount: 4 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('headcountJustification: job code ENG-2 has 0 of 3 approved positions left; explain why this job needs 2 more');
    expect((await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())?.headcount).toBe(2);
    expect(await used()).toBe(3);

    const justified = await patch({ headcount: 4, headcountJustification: 'Second team starts in May' });
    expect(justified.status).toBe(200);
    expect(justified.body.openings).toBe(4);
    expect(await used()).toBe(5);
    const activity = await request(app).get(`/api/jobs/${jobId}/activity`).set('Authorization', acme.recruiter.auth);
    expect(activity.body.items[0].summary).toBe('Changed openings from 2 to 4 (beyond the approved headcount of job code ENG-2: Second team starts in May)');

    expect((await patch({ headcount: 1 })).status).toBe(200);
    expect(await used()).toBe(2);
  });
});

describe('POST /api/jobs/:id/status and job-code headcount', () => {
  it('closing a requisition job gives its openings back to the job code; reopening takes them again', async () => {
    const code = await JobCode.create({ customerId: acme.customerId, code: 'OPS-1', title: 'Operations', approvedHeadcount: 3, usedHeadcount: 0 });
    const used = async () => (await JobCode.findOne({ customerId: acme.customerId, _id: code._id }).lean())?.usedHeadcount;
    const setStatus = (id: string, body: object) => request(app).post(`/api/jobs/${id}/status`).set('Authorization', acme.recruiter.auth).send(body);
    const { jobId } = await openJobThroughApproval(app, acme, { title: 'Ops Lead', jobCodeId: String(code._id), headcount: 2 });
    expect(await used()).toBe(2);

    expect((await setStatus(jobId, { status: 'closed' })).status).toBe(200);
    expect(await used()).toBe(0);
    // A closed job holds none, so changing its openings takes none either.
    expect((await request(app).patch(`/api/jobs/${jobId}`).set('Authorization', acme.recruiter.auth).send({ headcount: 1 })).status).toBe(200);
    expect(await used()).toBe(0);
    expect((await request(app).patch(`/api/jobs/${jobId}`).set('Authorization', acme.recruiter.auth).send({ headcount: 2 })).status).toBe(200);

    const { jobId: otherId } = await openJobThroughApproval(app, acme, { title: 'Ops Analyst', jobCodeId: String(code._id), headcount: 3 });
    expect(await used()).toBe(3);
    const over = await setStatus(jobId, { status: 'open' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('headcountJustification: job code OPS-1 has 0 of 3 approved positions left; explain why reopening this job needs 2');
    expect((await Job.findOne({ customerId: acme.customerId, _id: jobId }).lean())?.status).toBe('closed');
    expect(await used()).toBe(3);

    const reopened = await setStatus(jobId, { status: 'open', comment: 'Candidate declined', headcountJustification: 'Seasonal peak' });
    expect(reopened.status).toBe(200);
    expect(await used()).toBe(5);
    const events = await StatusEvent.find({ customerId: acme.customerId, entity: 'job', entityId: jobId }).sort({ at: 1 }).lean();
    expect(events.at(-1)).toMatchObject({ from: 'closed', to: 'open', comment: 'Candidate declined; beyond the approved headcount of job code OPS-1: Seasonal peak' });

    // Filled positions stay used; on hold ones too, until the job is closed.
    expect((await setStatus(otherId, { status: 'filled' })).status).toBe(200);
    expect(await used()).toBe(5);
    expect((await setStatus(jobId, { status: 'on_hold' })).status).toBe(200);
    expect(await used()).toBe(5);
    expect((await setStatus(jobId, { status: 'closed' })).status).toBe(200);
    expect(await used()).toBe(3);
  });

  it('leaves job codes alone for jobs created directly', async () => {
    const code = await JobCode.create({ customerId: acme.customerId, code: 'DIR-1', title: 'Direct', approvedHeadcount: 1, usedHeadcount: 1 });
    const created = await createJob(acme, acme.recruiter.auth, { title: 'Direct Coded', jobCodeId: String(code._id), headcount: 2, team: { recruiterIds: [acme.recruiter.id] } });
    for (const status of ['open', 'closed', 'open']) {
      expect((await request(app).post(`/api/jobs/${created.body.id}/status`).set('Authorization', acme.recruiter.auth).send({ status })).status).toBe(200);
    }
    expect((await JobCode.findOne({ customerId: acme.customerId, _id: code._id }).lean())?.usedHeadcount).toBe(1);
  });
});

describe('GET /api/jobs/:id/applications', () => {
  it('lists no applicants for a new job', async () => {
    const res = await request(app).get(`/api/jobs/${openJobId}/applications`).set('Authorization', acme.recruiter.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: [], total: 0, page: 1 });
  });
});

describe('workflow template (company-settings/preferences)', () => {
  it('validates and saves the ordered stages new jobs copy', async () => {
    const bad = await request(app).put('/api/workflow-template').set('Authorization', acme.admin.auth).send({ stages: [{ name: 'Applied', kind: 'screening' }, { name: 'Hired', kind: 'hired' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('stages: need a stage of kind rejected');
    expect((await request(app).put('/api/workflow-template').set('Authorization', acme.recruiter.auth).send({ stages: [] })).status).toBe(403);
    const stages = [
      { name: 'New', kind: 'screening' },
      { name: 'Onsite', kind: 'interview' },
      { name: 'Hired', kind: 'hired' },
      { name: 'Declined', kind: 'rejected' },
    ];
    const ok = await request(app).put('/api/workflow-template').set('Authorization', acme.admin.auth).send({ stages });
    expect(ok.status).toBe(200);
    const job = await createJob(acme, acme.recruiter.auth, { title: 'New Pipeline Job' });
    expect(job.body.pipeline.map((s: { name: string }) => s.name)).toEqual(['New', 'Onsite', 'Hired', 'Declined']);
    const globexStages = await request(app).get('/api/workflow-template').set('Authorization', globex.recruiter.auth);
    expect(globexStages.body.stages[0].name).toBe('Applied');
  });
});

describe('job custom fields: the same check on POST and PATCH as on requisitions', () => {
  let co: JobsCompany;
  beforeAll(async () => {
    co = await buildJobsCompany(ctx.config);
    const { CustomField } = await import('../org/custom-field.model');
    const { PickList } = await import('../org/pick-list.model');
    const list = await PickList.create({ customerId: co.customerId, name: 'Seniority', options: ['Junior', 'Senior'] });
    await CustomField.create({ customerId: co.customerId, entity: 'job', key: 'seniority', label: 'Seniority', type: 'dropdown', listId: list._id, required: true });
    await CustomField.create({ customerId: co.customerId, entity: 'job', key: 'budget', label: 'Budget', type: 'number' });
    // A field of another entity is not a job field.
    await CustomField.create({ customerId: co.customerId, entity: 'candidate', key: 'nickname', label: 'Nickname', type: 'text' });
  });
  const jobsTitled = (title: string) => Job.countDocuments({ customerId: co.customerId, title });

  it('POST without a required field, with a value outside its list, of the wrong type or with an undeclared key: 400, nothing stored', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'customFields.seniority: Seniority is required'],
      [{ seniority: 'Wizard' }, 'customFields.seniority: Seniority must be one of Junior, Senior'],
      [{ seniority: 'Senior', budget: 'lots' }, 'customFields.budget: Budget must be a number'],
      [{ seniority: 'Senior', nickname: 'Ace' }, 'customFields.nickname: is not a custom field of jobs'],
    ];
    for (const [customFields, message] of cases) {
      const res = await createJob(co, co.recruiter.auth, { title: 'Unchecked Role', customFields });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await jobsTitled('Unchecked Role')).toBe(0);

    const ok = await createJob(co, co.recruiter.auth, { title: 'Checked Role', customFields: { seniority: 'Junior', budget: 90000 } });
    expect(ok.status).toBe(201);
    expect(ok.body.customFields).toEqual({ seniority: 'Junior', budget: 90000 });
  });

  it('PATCH with a value outside its list, an undeclared key or without a required field: 400, the job unchanged', async () => {
    const created = await createJob(co, co.recruiter.auth, { title: 'Patched Role', customFields: { seniority: 'Junior' } });
    expect(created.status).toBe(201);
    const patch = (body: object) => request(app).patch(`/api/jobs/${created.body.id}`).set('Authorization', co.recruiter.auth).send(body);
    const outside = await patch({ title: 'Renamed Role', customFields: { seniority: 'Wizard' } });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('customFields.seniority: Seniority must be one of Junior, Senior');
    const undeclared = await patch({ customFields: { seniority: 'Senior', colour: 'blue' } });
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.message).toBe('customFields.colour: is not a custom field of jobs');
    const dropped = await patch({ customFields: { budget: 5 } });
    expect(dropped.status).toBe(400);
    expect(dropped.body.message).toBe('customFields.seniority: Seniority is required');
    const stored = await Job.findOne({ customerId: co.customerId, _id: created.body.id }).lean();
    expect(stored).toMatchObject({ title: 'Patched Role', customFields: { seniority: 'Junior' } });

    const ok = await patch({ customFields: { seniority: 'Senior' } });
    expect(ok.status).toBe(200);
    expect(ok.body.customFields).toEqual({ seniority: 'Senior' });
    // Other changes leave the custom fields as they are.
    expect((await patch({ title: 'Patched Role 2' })).status).toBe(200);
  });
});
