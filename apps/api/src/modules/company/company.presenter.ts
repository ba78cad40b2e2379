import { CompanyApi, DefaultBrandColor, DefaultCompanyPreferences, DateFormats, checkBrandColor, type TCompanyPreferences, type TCompanyProfile, type TDateFormat, type TLookFeel } from '@hireflow/contracts/company';
import type { CustomerDoc } from '../org/customer.model';

type CustomerParts = Pick<CustomerDoc, '_id' | 'name'> & Partial<Pick<CustomerDoc, 'slug' | 'website' | 'profile' | 'branding' | 'preferences'>>;

/**
 * Where the company's logo is served (CompanyApi.publicLogo), relative to the site; `?v=` changes with each
 * upload so a cached copy of the old logo is never shown. Null without a logo.
 */
export function logoPathOf(customer: Pick<CustomerParts, '_id' | 'branding'>): string | null {
  const fileId = customer.branding?.logoFileId;
  if (!fileId) return null;
  return `${CompanyApi.publicLogo.replace(':customerId', String(customer._id))}?v=${encodeURIComponent(fileId.slice(0, 10))}`;
}

/** The brand colour as stored when it still passes the contrast rule, else the default. */
export function brandColorOf(customer: Pick<CustomerParts, 'branding'>): { color: string; isDefault: boolean } {
  const stored = customer.branding?.primaryColor;
  return stored && /^#[0-9a-f]{6}$/i.test(stored) && checkBrandColor(stored).ok ? { color: stored.toLowerCase(), isDefault: false } : { color: DefaultBrandColor, isDefault: true };
}

export function presentProfile(customer: CustomerParts): TCompanyProfile {
  const p = customer.profile;
  const a = p?.address;
  return {
    name: customer.name,
    website: customer.website ?? '',
    address: {
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      region: a?.region ?? '',
      postalCode: a?.postalCode ?? '',
      country: a?.country ?? '',
    },
    industry: (p?.industry ?? '') as TCompanyProfile['industry'],
    size: (p?.size ?? '') as TCompanyProfile['size'],
    about: p?.about ?? '',
    logoUrl: logoPathOf(customer),
    slug: customer.slug ?? null,
  };
}

export function presentLookFeel(customer: CustomerParts): TLookFeel {
  const { color, isDefault } = brandColorOf(customer);
  return { primaryColor: color, isDefault, logoUrl: logoPathOf(customer) };
}

/** Stored preferences, each falling back to the default when missing or no longer valid. */
export function presentPreferences(customer: CustomerParts): TCompanyPreferences {
  const p = customer.preferences;
  const d = DefaultCompanyPreferences;
  const weekStart = p?.weekStart === 0 || p?.weekStart === 1 || p?.weekStart === 6 ? p.weekStart : d.weekStart;
  const dateFormat = (DateFormats as readonly string[]).includes(p?.dateFormat ?? '') ? (p!.dateFormat as TDateFormat) : d.dateFormat;
  return {
    timeZone: p?.timeZone || d.timeZone,
    dateFormat,
    weekStart,
    retention: {
      rejectedMonths: p?.retention?.rejectedMonths ?? null,
      sourcedDays: p?.retention?.sourcedDays ?? null,
      withdrawnMonths: p?.retention?.withdrawnMonths ?? null,
    },
  };
}
