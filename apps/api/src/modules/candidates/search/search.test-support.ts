import type { Types } from 'mongoose';
import { Candidate, candidateMatchKeys } from '../candidate.model';
import { Job } from '../../jobs/job.model';

let n = 0;

/** A candidate straight into the database (résumé and notes text set as the résumé and notes helpers would). */
export async function buildCandidate(customerId: Types.ObjectId, fields: Record<string, unknown> = {}) {
  n += 1;
  const base = { firstName: `Person${n}`, lastName: 'Tester', email: `person${n}-${Math.random().toString(36).slice(2, 8)}@example.test`, source: 'sourced', ...fields };
  const doc = await Candidate.create({ customerId, ...base, ...candidateMatchKeys(base as never) } as never);
  return doc as unknown as { _id: Types.ObjectId };
}

export async function buildJob(customerId: Types.ObjectId, title: string, memberIds: Types.ObjectId[] = []) {
  return Job.create({ customerId, title, headcount: 1, status: 'open', memberIds });
}
