import type { ClientSession } from 'mongoose';
import { Plans } from '@hireflow/contracts/billing';
import { Customer } from '../../org/customer.model';
import type { PlanChange } from '../payments/payment-provider';

/**
 * Puts a company on a plan: its seats become the plan's (seats a super admin granted beyond a plan are a deal
 * for that plan, so a change of plan resets them), the trial ends, the subscription is active and the promo (if any; null removes it) applies to coming invoices.
 * The manual provider calls it at once; the Stripe webhook calls it once checkout is paid.
 */
export async function applyPlanChange(change: PlanChange, session?: ClientSession | null) {
  const plan = Plans[change.plan];
  await Customer.updateOne(
    { _id: change.customerId },
    {
      $set: {
        plan: plan.id,
        seats: plan.seats,
        trialEndsAt: null,
        'subscription.status': 'active',
        // The promo that applies to the new plan (the subscription service checked it); null drops one that does not.
        'subscription.promoId': change.promoId,
      },
    },
    { session: session ?? undefined },
  );
}
