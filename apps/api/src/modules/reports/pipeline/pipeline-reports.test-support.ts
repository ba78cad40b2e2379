import type { Express } from 'express';
import { Types } from 'mongoose';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import type { Config } from '../../../config';
import { applyToJob } from '../../candidates/applications/apply.service';
import { Job, type JobDoc } from '../../jobs/job.model';
import { openJobThroughApproval } from '../../jobs/jobs.test-support';
import { moveApplication } from '../../pipeline/move/move-application';
import { buildPipelineCompany, stageFinder } from '../../pipeline/pipeline.test-support';

/** A moment of the hand-built history: "06-05" is 2026-06-05 at 10:00 UTC (or the time given). */
export const on = (day: string, time = '10:00') => new Date(`2026-${day}T${time}:00.000Z`);

/**
 * A company with two open jobs in one business unit and a history built through the real services
 * (applications and moves at fixed dates), for the pipeline reports' hand-worked figures.
 */
export async function buildPipelineHistory(app: Express, config: Config) {
  const { co, job: backend } = await buildPipelineCompany(app, config, { applicants: 0, title: 'Backend Engineer', headcount: 2 });
  const { jobId } = await openJobThroughApproval(app, co, { title: 'Data Analyst', headcount: 1, headcountJustification: 'A second team starts in July' });
  const analyst = (await Job.findOne({ customerId: co.customerId, _id: jobId }).lean()) as JobDoc;

  const apply = async (job: JobDoc, name: string, source: TApplicationSource, at: Date) => {
    const { applicationId } = await applyToJob({
      customerId: co.customerId,
      job,
      input: { firstName: name, lastName: 'Tester', email: `${name.toLowerCase()}.${new Types.ObjectId().toHexString().slice(-6)}@example.test`, phone: '', answers: [] },
      resume: null,
      source,
      at,
    });
    const stage = stageFinder(job);
    const move = async (to: string, when: Date, extra: { reason?: string; withdrawn?: boolean; by?: typeof co.recruiter } = {}) => {
      await moveApplication({ customerId: co.customerId, actor: (extra.by ?? co.recruiter).user, applicationId, input: { stageId: stage(to), reason: extra.reason, withdrawn: extra.withdrawn }, context: { now: when } });
    };
    return { applicationId, move };
  };

  // Backend Engineer
  const a1 = await apply(backend, 'Ada', 'career_site', on('06-01', '09:00'));
  await a1.move('Phone screen', on('06-03'));
  await a1.move('interview', on('06-05'));
  await a1.move('offer', on('06-10'));
  await a1.move('hired', on('06-15'));
  const a2 = await apply(backend, 'Ben', 'referral', on('06-02'));
  await a2.move('interview', on('06-04'));
  await a2.move('rejected', on('06-08'), { reason: 'Skills do not match the role' });
  const a3 = await apply(backend, 'Cem', 'career_site', on('06-02', '11:00'));
  await a3.move('rejected', on('06-06'), { reason: 'Skills do not match the role', by: co.admin });
  const a4 = await apply(backend, 'Dia', 'agency', on('06-03'));
  await a4.move('interview', on('06-07'));
  await a4.move('rejected', on('06-09'), { withdrawn: true, reason: 'Took another offer' });
  const a5 = await apply(backend, 'Eli', 'career_site', on('05-20'));
  await a5.move('interview', on('06-02'));
  // Data Analyst
  const b1 = await apply(analyst, 'Fay', 'referral', on('06-05'));
  await b1.move('interview', on('06-06'));
  await b1.move('offer', on('06-12'));
  await b1.move('interview', on('06-20'));
  await apply(analyst, 'Gus', 'sourced', on('06-10'));
  const b3 = await apply(analyst, 'Hal', 'career_site', on('06-11'));
  await b3.move('offer', on('06-12'));
  await b3.move('rejected', on('06-14'), { reason: 'Salary expectations too high', by: co.admin });

  return { co, backend, analyst };
}

/** Another company with a little history of its own in the same days (tenant isolation). */
export async function buildOtherCompany(app: Express, config: Config) {
  const { co, job } = await buildPipelineCompany(app, config, { applicants: 0, title: 'Other Engineer', headcount: 2 });
  const stage = stageFinder(job);
  for (const [i, name] of ['Ivo', 'Jan', 'Kim'].entries()) {
    const { applicationId } = await applyToJob({
      customerId: co.customerId,
      job,
      input: { firstName: name, lastName: 'Other', email: `${name.toLowerCase()}.${new Types.ObjectId().toHexString().slice(-6)}@example.test`, phone: '', answers: [] },
      resume: null,
      source: 'referral',
      at: on('06-04'),
    });
    if (i === 0) await moveApplication({ customerId: co.customerId, actor: co.recruiter.user, applicationId, input: { stageId: stage('rejected'), reason: 'Skills do not match the role' }, context: { now: on('06-05') } });
    if (i === 1) await moveApplication({ customerId: co.customerId, actor: co.recruiter.user, applicationId, input: { stageId: stage('interview') }, context: { now: on('06-05') } });
  }
  return { co, job };
}
