import { Types } from 'mongoose';
import type { Config } from '../../config';
import type { TAgencyStatus } from '@hireflow/contracts/agencies';
import { hashPassword } from '../auth/auth.crypto';
import { Agency, type AgencyDoc } from './agency.model';
import { AgencyUser, type AgencyUserDoc } from './agency-user.model';
import { startAgencySession } from './portal/agency-session';

export const AgencyTestPassword = 'Agency@12345';

/**
 * An agency of a company inserted directly in any state (default: active), with its contact as an active
 * agency user (password AgencyTestPassword) and a bearer token of an agency session for them.
 */
export async function addAgency(
  config: Config,
  { customerId, invitedBy, jobIds = [], status = 'active', name = `Agency ${new Types.ObjectId().toHexString().slice(-5)}`, feePercent = 15, maxCandidatesPerJob = 10, shareSalary = false }: {
    customerId: Types.ObjectId;
    invitedBy: Types.ObjectId;
    jobIds?: Types.ObjectId[];
    status?: TAgencyStatus;
    name?: string;
    feePercent?: number;
    maxCandidatesPerJob?: number;
    shareSalary?: boolean;
  },
) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const agency = (await Agency.create({
    customerId,
    name,
    contactName: `${name} Contact`,
    contactEmail: `contact@${slug}.test`,
    feeBasisPoints: Math.round(feePercent * 100),
    guaranteeDays: 90,
    jobIds,
    maxCandidatesPerJob,
    shareSalary,
    status,
    invitedBy,
    approvedAt: status === 'active' || status === 'paused' ? new Date() : null,
  })).toObject() as AgencyDoc;
  const contact = await addAgencyUser(config, agency, { name: agency.contactName, email: agency.contactEmail, isContact: true });
  return { agency, id: String(agency._id), ...contact };
}

/** One more active user of the agency, with a bearer token of an agency session. */
export async function addAgencyUser(config: Config, agency: AgencyDoc, { name, email, isContact = false }: { name: string; email: string; isContact?: boolean }) {
  const user = (await AgencyUser.create({
    customerId: agency.customerId,
    agencyId: agency._id,
    name,
    email,
    isContact,
    status: 'active',
    passwordHash: await hashPassword(config, AgencyTestPassword),
  })).toObject() as AgencyUserDoc;
  const { token } = await startAgencySession({ config, ip: '127.0.0.1', userAgent: 'test' }, user, agency);
  return { user, auth: `Bearer ${token}` };
}
