import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import type { TAdditionalRole, TBasicRole } from '@hireflow/contracts/roles';
import { Department } from '../org/department.model';
import { Location } from '../org/location.model';
import { BusinessUnit } from '../org/business-unit.model';
import { JobCode } from '../org/job-code.model';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import type { Config } from '../../config';

/** A company with org data and one user per role the jobs area cares about, each with a bearer token. */
export async function buildJobsCompany(config: Config) {
  const customer = await buildCustomer();
  const customerId = customer._id;
  const [department, location, businessUnit, jobCode] = await Promise.all([
    Department.create({ customerId, name: 'Engineering' }),
    Location.create({ customerId, name: 'Berlin' }),
    BusinessUnit.create({ customerId, name: 'Product' }),
    JobCode.create({ customerId, code: 'ENG-2', title: 'Engineer II', approvedHeadcount: 3, usedHeadcount: 1 }),
  ]);
  const person = async (role: TBasicRole, extra: { admin?: boolean; addlRoles?: TAdditionalRole[]; superUser?: boolean } = {}) => {
    const user = await buildUser({ customerId, role, ...extra });
    return { user, id: String(user._id), auth: `Bearer ${await tokenFor(config, user)}` };
  };
  const [admin, recruiter, hm, approver1, approver2, employee] = await Promise.all([
    person('recruiter', { admin: true }),
    person('recruiter'),
    person('employee', { addlRoles: ['HM'] }),
    person('employee'),
    person('recruiter'),
    person('employee'),
  ]);
  return { customer, customerId, department, location, businessUnit, jobCode, admin, recruiter, hm, approver1, approver2, employee };
}
export type JobsCompany = Awaited<ReturnType<typeof buildJobsCompany>>;

export function requisitionBody(co: JobsCompany, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Backend Engineer',
    jobCodeId: String(co.jobCode._id),
    departmentId: String(co.department._id),
    businessUnitId: String(co.businessUnit._id),
    locationId: String(co.location._id),
    headcount: 1,
    employmentType: 'full_time',
    salaryBand: { min: 60000, max: 80000, currency: 'eur' },
    targetStartDate: '2027-01-15',
    justification: 'The team doubles its scope next quarter',
    team: { hiringManagerId: co.hm.id, recruiterIds: [co.recruiter.id], interviewerIds: [co.employee.id], followerIds: [] },
    ...overrides,
  };
}

export async function setVacancyChain(app: Express, co: JobsCompany, approverIds: string[], businessUnitId: string | null = null) {
  const res = await request(app).put('/api/approval-chains').set('Authorization', co.admin.auth).send({ kind: 'vacancy', businessUnitId, approverIds });
  if (res.status !== 200) throw new Error(`chain: ${res.status} ${JSON.stringify(res.body)}`);
}

/** An open job through the whole requisition path (one approver). */
export async function openJobThroughApproval(app: Express, co: JobsCompany, overrides: Record<string, unknown> = {}) {
  await setVacancyChain(app, co, [co.approver1.id]);
  const created = await request(app).post('/api/requisitions').set('Authorization', co.hm.auth).send({ ...requisitionBody(co, overrides), submit: true });
  if (created.status !== 201) throw new Error(`requisition: ${created.status} ${JSON.stringify(created.body)}`);
  const decided = await request(app).post(`/api/vacancy-approvals/${created.body.id}/decision`).set('Authorization', co.approver1.auth).send({ decision: 'approve' });
  if (decided.status !== 200) throw new Error(`decision: ${decided.status} ${JSON.stringify(decided.body)}`);
  return { requisitionId: created.body.id as string, jobId: decided.body.jobId as string };
}

export const idOf = (doc: { _id: Types.ObjectId }) => String(doc._id);
