import { PlanIds } from '@hireflow/contracts/billing';
import { Promo } from '../modules/billing/promos/promo.model';

/** The demo promo code a company admin can apply on the Subscription page (the super admin sees it at /superadmin/promos). */
export const DemoPromo = { code: 'LAUNCH20', kind: 'percent' as const, value: 20, plans: [...PlanIds], maxUses: 1000 };

export async function seedPromos() {
  await Promo.updateOne({ code: DemoPromo.code }, { $setOnInsert: { ...DemoPromo, usesSoFar: 0, active: true, validFrom: null, validTo: null } }, { upsert: true });
}
