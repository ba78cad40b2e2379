import type { Types } from 'mongoose';
import { AuthMessages, type TOnboardingRequest, type TPresentStatusResponse } from '@hireflow/contracts/auth';
import { AppError } from '../../lib/app-error';
import { Customer } from '../org/customer.model';

const companyNotFound = () => new AppError('not_found', { message: AuthMessages.companyNotFound, status: 404 });

/** The caller's company as the first-run screens need it. */
export async function presentCompanyStatus(customerId: Types.ObjectId): Promise<TPresentStatusResponse> {
  const customer = await Customer.findById(customerId, { name: 1, slug: 1, isAuthorized: 1, userOptionsPage: 1 }).lean();
  if (!customer) throw companyNotFound();
  return {
    id: String(customer._id),
    name: customer.name,
    slug: customer.slug ?? null,
    isAuthorized: !!customer.isAuthorized,
    userOptionsPage: !!customer.userOptionsPage,
  };
}

/** The admin has finished /user-options: only for their own company (another id is "not found"). */
export async function completeUserOptions({ customerId, id }: { customerId: Types.ObjectId; id: string }): Promise<TPresentStatusResponse> {
  if (String(customerId) !== id) throw companyNotFound();
  await Customer.updateOne({ _id: customerId }, { $set: { userOptionsPage: true } });
  return presentCompanyStatus(customerId);
}

/** The admin's first-run company details: name, the unique slug of the career site, its basics. */
export async function completeOnboarding({ customerId, input }: { customerId: Types.ObjectId; input: TOnboardingRequest }): Promise<TPresentStatusResponse> {
  if (await Customer.exists({ slug: input.slug, _id: { $ne: customerId } })) {
    throw new AppError('slug_taken', { message: AuthMessages.slugTaken(input.slug), status: 409 });
  }
  const set: Record<string, unknown> = { name: input.companyName, slug: input.slug };
  if (input.website !== undefined) set.website = input.website;
  if (input.careerIntro !== undefined) set.careerIntro = input.careerIntro;
  try {
    const result = await Customer.updateOne({ _id: customerId }, { $set: set });
    if (result.matchedCount === 0) throw companyNotFound();
  } catch (error) {
    if ((error as { code?: number }).code === 11000) throw new AppError('slug_taken', { message: AuthMessages.slugTaken(input.slug), status: 409 });
    throw error;
  }
  return presentCompanyStatus(customerId);
}
