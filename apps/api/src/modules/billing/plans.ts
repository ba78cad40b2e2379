import type { RequestHandler } from 'express';
import type { ClientSession, Types } from 'mongoose';
import { BillingMessages, Plans, PlanFeatures, type TPlan, type TPlanFeature, type TPlanId, type TSubscriptionState } from '@hireflow/contracts/billing';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../lib/auth';
import { Customer, type CustomerDoc } from '../org/customer.model';
import { User } from '../users/user.model';

export type PlanAccess = {
  plan: TPlan;
  seats: number;
  trialEndsAt: Date | null;
  inTrial: boolean;
  status: TSubscriptionState;
  /** What the company may use now: every feature during the trial, then its plan's. */
  features: readonly TPlanFeature[];
};

type PlanFields = Pick<CustomerDoc, 'plan' | 'seats' | 'trialEndsAt' | 'subscription'>;

/** The company's plan as it stands at `now`. The one reading of plan, trial and seats. */
export function planOf(customer: PlanFields, now = new Date()): PlanAccess {
  const plan = Plans[(customer.plan as TPlanId) ?? 'growth'] ?? Plans.growth;
  const trialEndsAt = customer.trialEndsAt ?? null;
  const inTrial = !!trialEndsAt && trialEndsAt.getTime() > now.getTime();
  const status = (customer.subscription?.status ?? 'active') as TSubscriptionState;
  const features = inTrial ? PlanFeatures : status === 'canceled' ? [] : plan.features;
  return { plan, seats: customer.seats ?? plan.seats, trialEndsAt, inTrial, status, features };
}

export async function loadPlanAccess(customerId: Types.ObjectId, now = new Date()): Promise<PlanAccess> {
  const customer = await Customer.findById(customerId, { plan: 1, seats: 1, trialEndsAt: 1, subscription: 1 }).lean<PlanFields>();
  if (!customer) throw AppError.notFound('Company');
  return planOf(customer, now);
}

/** Refuses (403 plan_required) a company whose plan does not include the feature; put it after requireAuth, requireApiKey or requireAgencyAuth. */
export function requirePlanFeature(feature: TPlanFeature): RequestHandler {
  return async (req, _res, next) => {
    try {
      const access = await loadPlanAccess(req.apiKeyAuth?.customerId ?? req.agencyAuth?.customerId ?? tenantOf(req));
      next(access.features.includes(feature) ? undefined : AppError.planRequired(BillingMessages.featureNotInPlan(feature, access.plan.name)));
    } catch (error) {
      next(error);
    }
  };
}

/** Users who take a seat: everyone of the company who is not deactivated. */
export function countSeatsUsed(customerId: Types.ObjectId, session?: ClientSession | null) {
  return User.countDocuments({ customerId, status: { $ne: 'inactive' } }, { session: session ?? undefined });
}

/**
 * Refuses (409 seats_full) adding `adding` users beyond the company's seats, with a message that says how to
 * get more. Call it in the transaction that adds them: it writes the company's document first, so two
 * transactions adding users to one company conflict (WriteConflict) and the retried one counts the other's.
 */
export async function assertSeatsFor(customerId: Types.ObjectId, adding: number, session?: ClientSession | null): Promise<void> {
  if (adding <= 0) return;
  const customer = session
    ? await Customer.findOneAndUpdate({ _id: customerId }, { $set: { seatsCheckedAt: new Date() } }, { session, projection: { plan: 1, seats: 1, trialEndsAt: 1, subscription: 1 }, timestamps: false }).lean<PlanFields>()
    : await Customer.findById(customerId, { plan: 1, seats: 1, trialEndsAt: 1, subscription: 1 }).lean<PlanFields>();
  if (!customer) throw AppError.notFound('Company');
  const { seats } = planOf(customer);
  const used = await countSeatsUsed(customerId, session);
  const free = Math.max(0, seats - used);
  if (adding <= free) return;
  throw AppError.seatsFull(free === 0 ? BillingMessages.seatsFull(seats) : BillingMessages.seatsTooFew(seats, free, adding));
}
