import type { Types } from 'mongoose';
import type { z } from 'zod';
import type { TCompanyPreferences, TCompanyProfile, TLookFeel, ZCompanyProfileInput, ZLookFeelInput } from '@hireflow/contracts/company';
import { AppError } from '../../lib/app-error';
import { Customer } from '../org/customer.model';
import { presentLookFeel, presentPreferences, presentProfile } from './company.presenter';

/**
 * The company's own settings: profile (company-settings/company-profile), look and feel (look-feel) and
 * preferences (preferences). The customer document is the tenant itself, so every read and write here is by
 * the caller's own customer id; there is nothing to find of another company.
 */
const profileFields = { name: 1, slug: 1, website: 1, profile: 1, branding: 1 } as const;

async function loadCustomer(customerId: Types.ObjectId, projection: Record<string, 1>) {
  const customer = await Customer.findById(customerId, projection).lean();
  if (!customer) throw AppError.notFound('Company');
  return customer;
}

export async function getCompanyProfile({ customerId }: { customerId: Types.ObjectId }): Promise<TCompanyProfile> {
  return presentProfile(await loadCustomer(customerId, profileFields));
}

export async function updateCompanyProfile({ customerId, input }: { customerId: Types.ObjectId; input: z.output<typeof ZCompanyProfileInput> }): Promise<TCompanyProfile> {
  const customer = await Customer.findByIdAndUpdate(
    customerId,
    {
      $set: {
        name: input.name,
        website: input.website,
        'profile.address': input.address,
        'profile.industry': input.industry,
        'profile.size': input.size,
        'profile.about': input.about,
      },
    },
    { new: true, projection: profileFields, runValidators: true },
  ).lean();
  if (!customer) throw AppError.notFound('Company');
  return presentProfile(customer);
}

export async function getLookFeel({ customerId }: { customerId: Types.ObjectId }): Promise<TLookFeel> {
  return presentLookFeel(await loadCustomer(customerId, { name: 1, branding: 1 }));
}

export async function updateLookFeel({ customerId, input }: { customerId: Types.ObjectId; input: z.output<typeof ZLookFeelInput> }): Promise<TLookFeel> {
  const customer = await Customer.findByIdAndUpdate(customerId, { $set: { 'branding.primaryColor': input.primaryColor } }, { new: true, projection: { name: 1, branding: 1 } }).lean();
  if (!customer) throw AppError.notFound('Company');
  return presentLookFeel(customer);
}

export async function getCompanyPreferences({ customerId }: { customerId: Types.ObjectId }): Promise<TCompanyPreferences> {
  return presentPreferences(await loadCustomer(customerId, { name: 1, preferences: 1 }));
}

export async function updateCompanyPreferences({ customerId, input }: { customerId: Types.ObjectId; input: TCompanyPreferences }): Promise<TCompanyPreferences> {
  const customer = await Customer.findByIdAndUpdate(
    customerId,
    { $set: { preferences: { timeZone: input.timeZone, dateFormat: input.dateFormat, weekStart: input.weekStart, retention: input.retention } } },
    { new: true, projection: { name: 1, preferences: 1 } },
  ).lean();
  if (!customer) throw AppError.notFound('Company');
  return presentPreferences(customer);
}
