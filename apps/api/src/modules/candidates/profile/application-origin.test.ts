import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { addAgency } from '../../agencies/agencies.test-support';
import type { JobDoc } from '../../jobs/job.model';
import type { JobsCompany } from '../../jobs/jobs.test-support';
import { applyToJob } from '../applications/apply.service';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: { co: JobsCompany; job: JobDoc; applicationIds: string[] };
let globex: { co: JobsCompany; job: JobDoc; applicationIds: string[] };

async function apply(co: JobsCompany, job: JobDoc, firstName: string, source: 'referral' | 'agency', origin: { referrerId?: Types.ObjectId; agencyId?: Types.ObjectId }) {
  const { applicationId } = await applyToJob({
    customerId: co.customerId,
    job,
    input: { firstName, lastName: 'Origin', email: `${firstName.toLowerCase()}@example.test`, phone: '', answers: [] },
    resume: null,
    source,
    origin,
  });
  return String(applicationId);
}

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  acme = await buildPipelineCompany(ctx.app, ctx.config, { applicants: 1 });
  globex = await buildPipelineCompany(ctx.app, ctx.config, { applicants: 0 });
});
afterAll(() => ctx.stop());

const detail = (id: string, auth: string) => request(app).get(`/api/applications/${id}`).set('Authorization', auth);

describe('GET /api/applications/:id origin', () => {
  it('names the employee who referred the candidate', async () => {
    const id = await apply(acme.co, acme.job, 'Fay', 'referral', { referrerId: acme.co.employee.user._id });
    const res = await detail(id, acme.co.recruiter.auth);
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('referral');
    expect(res.body.origin).toEqual({
      referrer: { id: acme.co.employee.id, name: `${acme.co.employee.user.firstName} ${acme.co.employee.user.lastName}`.trim(), email: acme.co.employee.user.email },
      agency: null,
    });
  });

  it('names the agency that submitted the candidate', async () => {
    const { agency } = await addAgency(ctx.config, { customerId: acme.co.customerId, invitedBy: acme.co.admin.user._id, jobIds: [acme.job._id], name: 'TalentBridge Partners' });
    const id = await apply(acme.co, acme.job, 'Gus', 'agency', { agencyId: agency._id });
    const res = await detail(id, acme.co.hm.auth);
    expect(res.status).toBe(200);
    expect(res.body.origin).toEqual({ referrer: null, agency: { id: String(agency._id), name: 'TalentBridge Partners' } });
  });

  it('gives nothing for a career-site applicant, and never a name from another company', async () => {
    const plain = await detail(acme.applicationIds[0]!, acme.co.recruiter.auth);
    expect(plain.body.origin).toEqual({ referrer: null, agency: null });

    // Ids of another company's employee and agency recorded on an application: no name crosses over.
    const { agency: foreignAgency } = await addAgency(ctx.config, { customerId: globex.co.customerId, invitedBy: globex.co.admin.user._id, name: 'Globex Headhunters' });
    const id = await apply(acme.co, acme.job, 'Hal', 'referral', { referrerId: globex.co.employee.user._id, agencyId: foreignAgency._id });
    const res = await detail(id, acme.co.recruiter.auth);
    expect(res.status).toBe(200);
    expect(res.body.origin).toEqual({ referrer: null, agency: null });
    expect(JSON.stringify(res.body)).not.toContain('Globex Headhunters');

    // And another company's admin does not see the application at all.
    expect((await detail(id, globex.co.admin.auth)).status).toBe(404);
  });
});
