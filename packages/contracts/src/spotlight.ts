import { z } from 'zod';
import { ZNamedRef, ZObjectId, zText } from './common';

// ---------------------------------------------------------------------------------------------
// Spotlight: announcements the platform super admin shows on the dashboards of chosen companies
// and roles between two dates; each user may dismiss one, for themselves.
// ---------------------------------------------------------------------------------------------

export const SpotlightApi = {
  /** The super admin's list (GET) and create (POST). */
  list: '/api/superadmin/spotlight',
  /** The super admin's change (PATCH) and delete (DELETE). */
  one: '/api/superadmin/spotlight/:id',
  /** The signed-in user's announcements now (GET). */
  mine: '/api/spotlight',
  /** The signed-in user hides one for themselves (POST). */
  dismiss: '/api/spotlight/:id/dismiss',
} as const;

/**
 * Who an announcement speaks to, derived from the user's own fields: admin (the company admin flag),
 * recruiter and employee (the basic role), hiring manager (the HM additional role). A user who holds
 * several (an admin who recruits) sees an announcement when any of theirs is in its audience.
 */
export const SpotlightRoles = ['admin', 'recruiter', 'hiring_manager', 'employee'] as const;
export type TSpotlightRole = (typeof SpotlightRoles)[number];

export const SpotlightRoleLabels: Record<TSpotlightRole, string> = {
  admin: 'Admins',
  recruiter: 'Recruiters',
  hiring_manager: 'Hiring managers',
  employee: 'Employees',
};

type RoleSource = { admin?: boolean | null; role?: string | null; addlRoles?: readonly string[] | null; superAdmin?: boolean | null };

/** The spotlight roles a user holds (none for the platform super admin, who belongs to no company). */
export function spotlightRolesOf(user: RoleSource): TSpotlightRole[] {
  if (user.superAdmin) return [];
  const roles: TSpotlightRole[] = [];
  if (user.admin) roles.push('admin');
  if (user.role === 'recruiter') roles.push('recruiter');
  if (user.addlRoles?.includes('HM')) roles.push('hiring_manager');
  if (user.role === 'employee') roles.push('employee');
  return roles;
}

/** Scheduled before validFrom, live from validFrom until validTo, ended from validTo on. */
export const SpotlightStates = ['scheduled', 'live', 'ended'] as const;
export type TSpotlightState = (typeof SpotlightStates)[number];

export const SpotlightStateLabels: Record<TSpotlightState, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
};

export function spotlightStateAt(window: { validFrom: string | Date; validTo: string | Date }, now: number): TSpotlightState {
  if (now < new Date(window.validFrom).getTime()) return 'scheduled';
  return now < new Date(window.validTo).getTime() ? 'live' : 'ended';
}

export const SpotlightLimits = {
  maxTitleLength: 120,
  /** The body's HTML as the editor sends it (sanitised on the server before it is stored). */
  maxBodyLength: 20_000,
  maxLinkUrlLength: 2000,
  maxLinkLabelLength: 60,
  maxCompanies: 500,
  /** The most announcements a dashboard shows at once (newest first). */
  maxShown: 5,
} as const;

export const SpotlightMessages = {
  datesOrder: 'The end must be after the start',
  pickCompanies: 'Pick at least one company, or show it to all companies',
  pickRoles: 'Pick at least one role',
  bodyRequired: 'Write what the announcement says',
  notFound: 'Announcement not found',
  created: (title: string) => `“${title}” is saved.`,
  updated: (title: string) => `“${title}” is changed.`,
  deleted: (title: string) => `“${title}” is deleted.`,
  dismissed: 'Hidden. It will not show on your dashboard again.',
  unknownCompanies: 'Some of the chosen companies no longer exist; pick them again',
} as const;

const zInstant = z.iso.datetime({ offset: true, error: 'must be a date and time' });

export const ZSpotlightLink = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'must be a web address starting with http:// or https://' })
    .max(SpotlightLimits.maxLinkUrlLength, { error: 'is too long' }),
  label: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(SpotlightLimits.maxLinkLabelLength, { error: 'is too long' }),
});
export type TSpotlightLink = z.infer<typeof ZSpotlightLink>;

export const ZSpotlightAudience = z
  .object({
    allCompanies: z.boolean({ error: 'must be true or false' }),
    companyIds: z.array(ZObjectId).max(SpotlightLimits.maxCompanies, { error: 'has too many companies' }).default([]),
    roles: z.array(z.enum(SpotlightRoles, { error: 'must be admin, recruiter, hiring_manager or employee' })).min(1, { error: SpotlightMessages.pickRoles }),
  })
  .refine((a) => a.allCompanies || a.companyIds.length > 0, { error: SpotlightMessages.pickCompanies, path: ['companyIds'] });
export type TSpotlightAudience = z.infer<typeof ZSpotlightAudience>;

const spotlightFields = {
  title: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(SpotlightLimits.maxTitleLength, { error: 'is too long' }),
  body: z.string({ error: 'is required' }).max(SpotlightLimits.maxBodyLength, { error: 'is too long' }),
  link: ZSpotlightLink.nullable().default(null),
  audience: ZSpotlightAudience,
  validFrom: zInstant,
  validTo: zInstant,
};

const datesInOrder = (v: { validFrom?: string; validTo?: string }) => !v.validFrom || !v.validTo || new Date(v.validFrom) < new Date(v.validTo);

export const ZCreateSpotlightRequest = z.object(spotlightFields).refine(datesInOrder, { error: SpotlightMessages.datesOrder, path: ['validTo'] });
export type TCreateSpotlightRequest = z.input<typeof ZCreateSpotlightRequest>;

/** A change names only what changes; the dates are checked again against what is stored. */
export const ZUpdateSpotlightRequest = z
  .object({ ...spotlightFields, link: ZSpotlightLink.nullable() })
  .partial()
  .refine(datesInOrder, { error: SpotlightMessages.datesOrder, path: ['validTo'] });
export type TUpdateSpotlightRequest = z.input<typeof ZUpdateSpotlightRequest>;

/** An announcement as the super admin manages it. */
export const ZSpotlightAnnouncement = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML (the rich-text allow-list). */
  body: z.string(),
  link: ZSpotlightLink.nullable(),
  audience: z.object({ allCompanies: z.boolean(), companies: z.array(ZNamedRef), roles: z.array(z.enum(SpotlightRoles)) }),
  validFrom: z.string(),
  validTo: z.string(),
  state: z.enum(SpotlightStates),
  /** How many users have hidden it. */
  dismissals: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSpotlightAnnouncement = z.infer<typeof ZSpotlightAnnouncement>;

export const ZSpotlightListResponse = z.object({ items: z.array(ZSpotlightAnnouncement) });
export type TSpotlightListResponse = z.infer<typeof ZSpotlightListResponse>;

export const ZSpotlightChangeResponse = z.object({ announcement: ZSpotlightAnnouncement, message: z.string() });
export type TSpotlightChangeResponse = z.infer<typeof ZSpotlightChangeResponse>;

/** An announcement as a user's dashboard shows it. */
export const ZSpotlightItem = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: ZSpotlightLink.nullable(),
  validTo: z.string(),
});
export type TSpotlightItem = z.infer<typeof ZSpotlightItem>;

export const ZMySpotlightResponse = z.object({ items: z.array(ZSpotlightItem) });
export type TMySpotlightResponse = z.infer<typeof ZMySpotlightResponse>;

export const ZSpotlightDismissResponse = z.object({ id: z.string(), message: z.string() });
export type TSpotlightDismissResponse = z.infer<typeof ZSpotlightDismissResponse>;
