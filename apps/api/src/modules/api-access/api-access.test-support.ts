import { Customer } from '../org/customer.model';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import type { Config } from '../../config';
import type { TPlanId } from '@hireflow/contracts/billing';

/** A company on a plan (Enterprise has the API) with an admin and a recruiter without manageApiKeys. */
export async function buildApiCompany(config: Config, plan: TPlanId = 'enterprise') {
  const customer = await buildCustomer();
  await Customer.updateOne({ _id: customer._id }, { $set: { plan, trialEndsAt: null } });
  const admin = await buildUser({ customerId: customer._id, admin: true });
  const recruiter = await buildUser({ customerId: customer._id, role: 'recruiter' });
  return {
    customerId: customer._id,
    admin: { user: admin, auth: `Bearer ${await tokenFor(config, admin)}` },
    recruiter: { user: recruiter, auth: `Bearer ${await tokenFor(config, recruiter)}` },
  };
}
export type ApiCompany = Awaited<ReturnType<typeof buildApiCompany>>;
