import type { Types } from 'mongoose';
import type { TApplicationDetail } from '@hireflow/contracts/candidates-profile';
import { Agency } from '../../agencies/agency.model';
import { User } from '../../users/user.model';

type Origin = NonNullable<TApplicationDetail['origin']>;

/**
 * Who brought the candidate to this application: the employee who referred them or the agency that submitted
 * them (both recorded when the application was created). Looked up in the application's own company only.
 */
export async function applicationOrigin(
  customerId: Types.ObjectId,
  application: { referrerId?: Types.ObjectId | null; agencyId?: Types.ObjectId | null },
): Promise<Origin> {
  const [referrer, agency] = await Promise.all([
    application.referrerId ? User.findOne({ customerId, _id: application.referrerId }, { firstName: 1, lastName: 1, email: 1 }).lean() : null,
    application.agencyId ? Agency.findOne({ customerId, _id: application.agencyId }, { name: 1 }).lean() : null,
  ]);
  return {
    referrer: referrer ? { id: String(referrer._id), name: `${referrer.firstName} ${referrer.lastName ?? ''}`.trim(), email: referrer.email } : null,
    agency: agency ? { id: String(agency._id), name: agency.name } : null,
  };
}
