import { z } from 'zod';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { ZName, ZTimeZone, zMultilineText, zText } from './common';

extend([a11yPlugin]);

// ---------------------------------------------------------------------------------------------
// The company itself: its profile (company-settings/company-profile), its look and feel
// (company-settings/look-feel) and its preferences (company-settings/preferences, besides the workflow
// template of jobs.ts). The career site, candidate pages, mails and offer letters read them.
// ---------------------------------------------------------------------------------------------

export const CompanyApi = {
  profile: '/api/company/profile',
  logo: '/api/company/logo',
  /** The logo as candidates and mails see it (public: the career site and mails link it). */
  publicLogo: '/api/public/company-logo/:customerId',
  lookFeel: '/api/company/look-feel',
  preferences: '/api/company/preferences',
} as const;

export const CompanySizes = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5000+'] as const;
export const Industries = [
  'Software', 'Financial services', 'Healthcare', 'Retail', 'Manufacturing', 'Education', 'Hospitality', 'Logistics',
  'Media', 'Public sector', 'Professional services', 'Energy', 'Non-profit', 'Staffing and recruiting', 'Other',
] as const;

export const CompanyLimits = {
  aboutMax: 2000,
  logoMaxBytes: 2 * 1024 * 1024,
  /** The stored logo fits in this box (px), aspect kept; a larger upload is resized. */
  logoBox: { width: 400, height: 160 },
  logoTypes: ['image/png', 'image/jpeg'] as const,
  /** Neither side of an upload may exceed this (px): decoding a huge image would take too much memory. */
  logoMaxSide: 6000,
} as const;

/**
 * POST CompanyApi.logo takes multipart/form-data with the image in this field (the server takes the one
 * file sent, whatever its field). POST and DELETE of the logo answer the updated ZCompanyProfile.
 */
export const LogoUploadField = 'logo';

const ZCountry = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code such as DE or US' });
const ZOptionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be a web address starting with http:// or https://' }).max(300)]);

export const ZCompanyAddress = z.object({
  line1: zText().trim().max(120, { error: 'is too long' }).default(''),
  line2: zText().trim().max(120, { error: 'is too long' }).default(''),
  city: zText().trim().max(80, { error: 'is too long' }).default(''),
  region: zText().trim().max(80, { error: 'is too long' }).default(''),
  postalCode: zText().trim().max(20, { error: 'is too long' }).default(''),
  /** Decides the invoices' tax rate (billing.ts TaxRates). */
  country: z.union([z.literal(''), ZCountry]).default(''),
});
export type TCompanyAddress = z.infer<typeof ZCompanyAddress>;

export const ZCompanyProfileInput = z.object({
  name: ZName,
  website: ZOptionalUrl.default(''),
  address: ZCompanyAddress,
  // One enum with '' (not a union) so a wrong value is refused with this message, not zod's "Invalid input".
  industry: z.enum(['', ...Industries], { error: 'is not one of the listed industries' }).default(''),
  size: z.enum(['', ...CompanySizes], { error: 'is not one of the listed sizes' }).default(''),
  about: zMultilineText().trim().max(CompanyLimits.aboutMax, { error: `must be at most ${CompanyLimits.aboutMax} characters` }).default(''),
});
export type TCompanyProfileInput = z.input<typeof ZCompanyProfileInput>;

export const ZCompanyProfile = ZCompanyProfileInput.extend({
  /** Where the logo can be fetched, or null without one. */
  logoUrl: z.string().nullable(),
  slug: z.string().nullable(),
});
export type TCompanyProfile = z.infer<typeof ZCompanyProfile>;

// ---------- Look and feel ----------

/**
 * The brand colour is the background of white text (buttons, headers) and the colour of links on white
 * pages, so white and it must reach WCAG AA for normal text (4.5:1) both ways round.
 */
export const MinBrandContrast = 4.5;
export const BrandTextColor = '#ffffff';
export const DefaultBrandColor = '#2f6f4f';

export type TContrastCheck = { ok: true; ratio: number } | { ok: false; ratio: number; reason: string; suggestion: string | null };

/**
 * Whether text stays readable on and in this colour; when not, why, and the nearest darker shade that is.
 * One rule for the API (which refuses the colour) and the SPA (which says why as the admin picks it).
 */
export function checkBrandColor(hex: string): TContrastCheck {
  const c = colord(hex);
  if (!c.isValid()) return { ok: false, ratio: 0, reason: 'is not a colour', suggestion: null };
  const ratio = Math.floor(c.contrast(BrandTextColor) * 100) / 100;
  if (ratio >= MinBrandContrast) return { ok: true, ratio };
  let darker = c;
  for (let i = 0; i < 100 && darker.contrast(BrandTextColor) < MinBrandContrast; i++) darker = darker.darken(0.01);
  return {
    ok: false,
    ratio,
    suggestion: darker.toHex(),
    reason: `is too light: white text on it, and it as text on white, would be hard to read (contrast ${ratio.toFixed(2)}:1, at least ${MinBrandContrast}:1 is needed). Choose a darker colour, such as ${darker.toHex()}.`,
  };
}

export const ZBrandColor = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { error: 'must be a colour such as #2f6f4f' })
  .superRefine((value, ctx) => {
    const check = checkBrandColor(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason });
  });

export const ZLookFeelInput = z.object({ primaryColor: ZBrandColor });
export type TLookFeelInput = z.input<typeof ZLookFeelInput>;

export const ZLookFeel = z.object({
  primaryColor: z.string(),
  /** True when the company chose no colour yet (the default is shown). */
  isDefault: z.boolean(),
  logoUrl: z.string().nullable(),
});
export type TLookFeel = z.infer<typeof ZLookFeel>;

// ---------- Preferences ----------

export const DateFormats = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'D MMM YYYY'] as const;
export type TDateFormat = (typeof DateFormats)[number];
/** 0 = Sunday, 1 = Monday, 6 = Saturday (as dayjs and Intl count). */
export const WeekStarts = [0, 1, 6] as const;

/** Candidate data retention (the privacy issue applies them): null keeps data until someone erases it. */
export const RetentionLimits = {
  rejectedMonths: { min: 1, max: 120 },
  sourcedDays: { min: 7, max: 3650 },
  withdrawnMonths: { min: 1, max: 120 },
} as const;

const retention = (key: keyof typeof RetentionLimits) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(RetentionLimits[key].min, { error: `must be at least ${RetentionLimits[key].min}` })
    .max(RetentionLimits[key].max, { error: `must be at most ${RetentionLimits[key].max}` })
    .nullable();

export const ZCompanyPreferences = z.object({
  timeZone: ZTimeZone,
  dateFormat: z.enum(DateFormats, { error: 'is not one of the listed formats' }),
  weekStart: z.union([z.literal(0), z.literal(1), z.literal(6)], { error: 'must be Sunday, Monday or Saturday' }),
  retention: z.object({
    /** Anonymise rejected candidates this many months after the rejection. */
    rejectedMonths: retention('rejectedMonths'),
    /** Anonymise candidates sourced but never contacted after this many days. */
    sourcedDays: retention('sourcedDays'),
    /** Anonymise candidates who withdrew this many months after withdrawing. */
    withdrawnMonths: retention('withdrawnMonths'),
  }),
});
export type TCompanyPreferences = z.infer<typeof ZCompanyPreferences>;

export const DefaultCompanyPreferences: TCompanyPreferences = {
  timeZone: 'UTC',
  dateFormat: 'DD/MM/YYYY',
  weekStart: 1,
  retention: { rejectedMonths: null, sourcedDays: null, withdrawnMonths: null },
};

export const CompanyMessages = {
  profileSaved: 'Company profile saved.',
  logoSaved: 'Logo saved.',
  logoRemoved: 'Logo removed.',
  logoType: 'The logo must be a PNG or JPEG image.',
  logoTooLarge: `The logo must be at most ${CompanyLimits.logoMaxBytes / 1024 / 1024} MB.`,
  logoUnreadable: 'This file is not an image we can read. Upload a PNG or JPEG.',
  logoTooManyPixels: `The logo is too large to process: use an image of at most ${CompanyLimits.logoMaxSide} × ${CompanyLimits.logoMaxSide} pixels.`,
  logoMissing: 'Choose a PNG or JPEG image to upload.',
  lookFeelSaved: 'Look and feel saved.',
  preferencesSaved: 'Preferences saved.',
} as const;
