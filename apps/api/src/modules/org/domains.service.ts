import type { Types } from 'mongoose';
import { MaxDomains, OrgMessages, PublicEmailDomains } from '@hireflow/contracts/org';
import { AppError } from '../../lib/app-error';
import { Customer } from './customer.model';

/** The email domains whose employees may sign themselves up (kept on the customer, where sign-up reads them). */
export async function listDomains({ customerId }: { customerId: Types.ObjectId }) {
  const customer = await Customer.findById(customerId, { domains: 1 }).lean();
  if (!customer) throw AppError.notFound('Company');
  return { domains: [...(customer.domains ?? [])].sort() };
}

async function assertClaimable(customerId: Types.ObjectId, domain: string) {
  if ((PublicEmailDomains as readonly string[]).includes(domain)) throw AppError.badRequest(OrgMessages.publicDomain);
  if (await Customer.exists({ domains: domain, _id: { $ne: customerId } })) throw AppError.conflict(OrgMessages.domainTaken);
}

export async function addDomain({ customerId, domain }: { customerId: Types.ObjectId; domain: string }) {
  await assertClaimable(customerId, domain);
  const { domains } = await listDomains({ customerId });
  if (domains.includes(domain)) throw AppError.conflict('This domain is already on the list');
  if (domains.length >= MaxDomains) throw AppError.badRequest(`A company may list at most ${MaxDomains} domains`);
  await Customer.updateOne({ _id: customerId }, { $addToSet: { domains: domain } });
  return listDomains({ customerId });
}

export async function renameDomain({ customerId, from, to }: { customerId: Types.ObjectId; from: string; to: string }) {
  const { domains } = await listDomains({ customerId });
  if (!domains.includes(from)) throw AppError.notFound('Domain');
  if (from === to) return { domains };
  await assertClaimable(customerId, to);
  if (domains.includes(to)) throw AppError.conflict('This domain is already on the list');
  await Customer.updateOne({ _id: customerId }, { $set: { domains: domains.map((d) => (d === from ? to : d)) } });
  return listDomains({ customerId });
}

export async function removeDomain({ customerId, domain }: { customerId: Types.ObjectId; domain: string }) {
  const { domains } = await listDomains({ customerId });
  if (!domains.includes(domain)) throw AppError.notFound('Domain');
  await Customer.updateOne({ _id: customerId }, { $pull: { domains: domain } });
  return listDomains({ customerId });
}
