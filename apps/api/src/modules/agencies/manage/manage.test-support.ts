import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import type { JobsCompany } from '../../jobs/jobs.test-support';
import type { JobDoc } from '../../jobs/job.model';
import { applyToJob } from '../../candidates/applications/apply.service';
import type { AgencyDoc } from '../agency.model';
import type { AgencyUserDoc } from '../agency-user.model';
import { AgencySubmission } from '../agency-submission.model';

export async function setAgencyChain(app: Express, co: Pick<JobsCompany, 'admin'>, approverIds: string[], businessUnitId: string | null = null) {
  const res = await request(app).put('/api/approval-chains').set('Authorization', co.admin.auth).send({ kind: 'agency', businessUnitId, approverIds });
  if (res.status !== 200) throw new Error(`agency chain: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A candidate an agency user submitted to a job, as the portal stores it (application source "agency" + the submission). */
export async function submitThroughAgency(co: Pick<JobsCompany, 'customerId'>, job: JobDoc, agency: AgencyDoc, agencyUser: AgencyUserDoc, firstName: string, lastName = 'Placed') {
  const email = `${firstName.toLowerCase()}.${new Types.ObjectId().toHexString().slice(-6)}@agency-candidate.test`;
  const at = new Date();
  const { applicationId } = await applyToJob({
    customerId: co.customerId,
    job,
    input: { firstName, lastName, email, phone: '', answers: [] },
    resume: null,
    source: 'agency',
    at,
    origin: { agencyId: agency._id },
    alsoInTransaction: async (session, applied) => {
      await AgencySubmission.create(
        [{ customerId: co.customerId, agencyId: agency._id, agencyUserId: agencyUser._id, jobId: job._id, candidateId: applied.candidateId, applicationId: applied.applicationId, emailKey: email, candidateName: `${firstName} ${lastName}`, submittedAt: at }],
        { session },
      );
    },
  });
  return String(applicationId);
}
