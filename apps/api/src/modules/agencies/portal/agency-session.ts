import type { TAgencyMe, TAgencySessionResponse } from '@hireflow/contracts/agency-portal';
import { signSessionToken } from '../../../lib/auth';
import { Session } from '../../auth/session.model';
import type { AuthCtx } from '../../auth/auth.context';
import { Customer } from '../../org/customer.model';
import { AgencyUser, type AgencyUserDoc } from '../agency-user.model';
import type { AgencyDoc } from '../agency.model';

/** What the portal shows of the signed-in agency user (also the sign-in answer, without the token). */
export async function presentAgencyMe(agencyUser: AgencyUserDoc, agency: AgencyDoc): Promise<TAgencyMe> {
  const company = await Customer.findById(agency.customerId, { name: 1, slug: 1 }).lean();
  return {
    user: { id: String(agencyUser._id), name: agencyUser.name, email: agencyUser.email, isContact: agencyUser.isContact },
    agency: { id: String(agency._id), name: agency.name, status: agency.status === 'paused' ? 'paused' : 'active', maxCandidatesPerJob: agency.maxCandidatesPerJob },
    company: { name: company?.name ?? '', slug: company?.slug ?? '' },
  };
}

/**
 * An agency user's session: a Session row of kind "agency" (so requireAuth refuses it everywhere and
 * requireAgencyAuth accepts it) and the JWT that names it. The caller has checked the password or code.
 */
export async function startAgencySession(ctx: Pick<AuthCtx, 'config' | 'ip' | 'userAgent'>, agencyUser: AgencyUserDoc, agency: AgencyDoc): Promise<TAgencySessionResponse> {
  const now = new Date();
  const session = await Session.create({
    userId: agencyUser._id,
    customerId: agencyUser.customerId,
    accountKind: 'agency',
    expiresAt: new Date(now.getTime() + ctx.config.jwtTtlHours * 3600_000),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  await AgencyUser.updateOne({ customerId: agencyUser.customerId, _id: agencyUser._id }, { $set: { lastLoginAt: now } });
  const token = signSessionToken(ctx.config, { sid: String(session._id), sub: String(agencyUser._id) });
  return { token, ...(await presentAgencyMe(agencyUser, agency)) };
}
