import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { ZDashboardActivityResponse } from '@hireflow/contracts/dashboard';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import type { Config } from '../../config';
import { bearer } from '../auth/auth.test-support';
import { Candidate } from '../candidates/candidate.model';
import { recordCandidateActivity } from '../candidates/candidate-activity';
import { Job } from '../jobs/job.model';

let app: Express;
let config: Config;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true' }));
});
afterAll(async () => stop());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function candidate(customerId: Types.ObjectId, firstName: string) {
  return Candidate.create({ customerId, firstName, lastName: 'Doe', email: `${firstName.toLowerCase()}@${String(customerId)}.test`, source: 'import' });
}

const activity = async (token: string) => ZDashboardActivityResponse.parse((await request(app).get('/api/dashboard/activity').set(bearer(token)).expect(200)).body).items;

describe('GET /api/dashboard/activity', () => {
  it('lists what I did and what happened on my jobs, newest first, without views and exports or other jobs', async () => {
    const customer = await buildCustomer();
    const customerId = customer._id;
    const recruiter = await buildUser({ customerId, role: 'recruiter', firstName: 'Rita', lastName: 'Recruiter' });
    const hm = await buildUser({ customerId, role: 'employee', addlRoles: ['HM'], firstName: 'Hank', lastName: 'Manager' });
    const myJob = await Job.create({ customerId, title: 'Backend Engineer', headcount: 1, status: 'open', memberIds: [hm._id, recruiter._id] });
    const otherJob = await Job.create({ customerId, title: 'Secret Role', headcount: 1, status: 'open', memberIds: [recruiter._id] });
    const jane = await candidate(customerId, 'Jane');
    const omar = await candidate(customerId, 'Omar');
    const base = { customerId, summary: '' };
    await recordCandidateActivity([
      { ...base, candidateId: jane._id, kind: 'stage_moved', by: recruiter._id, jobId: myJob._id, applicationId: jane._id, summary: 'Moved to Interview', at: minutesAgo(5) },
      { ...base, candidateId: jane._id, kind: 'viewed', by: recruiter._id, jobId: myJob._id, summary: 'Viewed', at: minutesAgo(4) },
      { ...base, candidateId: omar._id, kind: 'note_added', by: recruiter._id, jobId: otherJob._id, summary: 'Note added', at: minutesAgo(3) },
      { ...base, candidateId: jane._id, kind: 'feedback_submitted', by: hm._id, jobId: myJob._id, summary: 'Scorecard: Strong yes', at: minutesAgo(2) },
      { ...base, candidateId: omar._id, kind: 'profile_updated', by: hm._id, jobId: null, summary: 'Profile updated', at: minutesAgo(1) },
    ]);
    const hmToken = await tokenFor(config, hm);
    const items = await activity(hmToken);
    expect(items.map((i) => i.summary)).toEqual(['Profile updated', 'Scorecard: Strong yes', 'Moved to Interview']);
    expect(items[1]).toMatchObject({ mine: true, by: { name: 'Hank Manager' }, candidate: { id: String(jane._id), name: 'Jane Doe' }, job: { title: 'Backend Engineer' }, canOpen: true });
    expect(items[2]).toMatchObject({ mine: false, by: { name: 'Rita Recruiter' }, applicationId: String(jane._id), canOpen: true });
    // Omar is on none of Hank's jobs: Hank sees what he did, but may not open the profile.
    expect(items[0]).toMatchObject({ mine: true, job: null, canOpen: false });

    const recruiterItems = await activity(await tokenFor(config, recruiter));
    expect(recruiterItems.map((i) => i.summary)).toEqual(['Scorecard: Strong yes', 'Note added', 'Moved to Interview']);
    expect(recruiterItems.every((i) => i.canOpen)).toBe(true);
  });

  it('is empty for someone on no job who did nothing, never shows another company, and needs a company', async () => {
    const customer = await buildCustomer();
    const other = await buildCustomer();
    const employee = await buildUser({ customerId: customer._id, role: 'employee' });
    const stranger = await buildUser({ customerId: other._id, role: 'recruiter' });
    const theirs = await candidate(other._id, 'Zed');
    await recordCandidateActivity({ customerId: other._id, candidateId: theirs._id, kind: 'created', by: stranger._id, summary: 'Added' });
    expect(await activity(await tokenFor(config, employee))).toEqual([]);
    const superAdmin = await buildUser({ superAdmin: true });
    await request(app).get('/api/dashboard/activity').set(bearer(await tokenFor(config, superAdmin))).expect(403);
    await request(app).get('/api/dashboard/activity').expect(401);
  });
});
