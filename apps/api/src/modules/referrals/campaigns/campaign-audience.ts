import type { Types } from 'mongoose';
import type { TReferralAudience } from '@hireflow/contracts/referrals';
import { AppError } from '../../../lib/app-error';
import { BusinessUnit } from '../../org/business-unit.model';
import { Department } from '../../org/department.model';
import { Location } from '../../org/location.model';
import { User } from '../../users/user.model';

type Audience = Pick<TReferralAudience, 'kind' | 'departmentIds' | 'locationIds' | 'businessUnitIds'> | { kind: string; departmentIds: (Types.ObjectId | string)[]; locationIds: (Types.ObjectId | string)[]; businessUnitIds: (Types.ObjectId | string)[] };

/**
 * The active users of the company an audience reaches: everyone, or those in any of the chosen
 * departments AND any of the chosen locations AND any of the chosen business units (a dimension left
 * empty does not narrow).
 */
export function audienceFilter(customerId: Types.ObjectId, audience: Audience): Record<string, unknown> {
  const filter: Record<string, unknown> = { customerId, status: 'active' };
  if (audience.kind === 'everyone') return filter;
  // A filtered audience that names nothing reaches nobody (the contract refuses it; stored data may still hold it).
  if (!audience.departmentIds.length && !audience.locationIds.length && !audience.businessUnitIds.length) return { ...filter, _id: { $in: [] } };
  if (audience.departmentIds.length) filter.department = { $in: audience.departmentIds };
  if (audience.locationIds.length) filter.location = { $in: audience.locationIds };
  if (audience.businessUnitIds.length) filter.buItemId = { $in: audience.businessUnitIds };
  return filter;
}

type StoredAudience = { kind: string; departmentIds: Types.ObjectId[]; locationIds: Types.ObjectId[]; businessUnitIds: Types.ObjectId[] };

/** A stored campaign's audience (one without any reaches nobody). */
export function storedAudience(campaign: { audience?: StoredAudience | null }): StoredAudience {
  return campaign.audience ?? { kind: 'filtered', departmentIds: [], locationIds: [], businessUnitIds: [] };
}

/** Departments, locations and business units of another company (or unknown) are a 400 naming the field. */
export async function assertAudienceRefs(customerId: Types.ObjectId, audience: TReferralAudience) {
  const checks = [
    ['audience.departmentIds', audience.departmentIds, Department],
    ['audience.locationIds', audience.locationIds, Location],
    ['audience.businessUnitIds', audience.businessUnitIds, BusinessUnit],
  ] as const;
  for (const [field, ids, model] of checks) {
    const unique = [...new Set(ids)];
    if (unique.length && (await (model as typeof Department).countDocuments({ customerId, _id: { $in: unique } })) !== unique.length) {
      throw AppError.badRequest(`${field}: one of them is not in your company`);
    }
  }
}

export async function countAudience(customerId: Types.ObjectId, audience: TReferralAudience): Promise<number> {
  await assertAudienceRefs(customerId, audience);
  return User.countDocuments(audienceFilter(customerId, audience));
}
