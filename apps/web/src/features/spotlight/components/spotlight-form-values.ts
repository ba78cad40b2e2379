import dayjs from 'dayjs';
import type { TNamedRef } from '@hireflow/contracts/common';
import { SpotlightMessages, type TCreateSpotlightRequest, type TSpotlightAnnouncement, type TSpotlightRole } from '@hireflow/contracts/spotlight';

/** The form: days (YYYY-MM-DD, in the browser's time zone) instead of instants; shown from the start of the first to the end of the last. */
export type SpotlightFormValues = {
  title: string;
  body: string;
  linkUrl: string;
  linkLabel: string;
  allCompanies: boolean;
  companies: TNamedRef[];
  roles: TSpotlightRole[];
  from: string | null;
  to: string | null;
};

const dayOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

export function initialSpotlightValues(announcement: TSpotlightAnnouncement | null, today = dayjs()): SpotlightFormValues {
  if (!announcement) {
    return { title: '', body: '', linkUrl: '', linkLabel: '', allCompanies: true, companies: [], roles: ['admin', 'recruiter', 'hiring_manager', 'employee'], from: today.format('YYYY-MM-DD'), to: today.add(6, 'day').format('YYYY-MM-DD') };
  }
  return {
    title: announcement.title,
    body: announcement.body,
    linkUrl: announcement.link?.url ?? '',
    linkLabel: announcement.link?.label ?? '',
    allCompanies: announcement.audience.allCompanies,
    companies: announcement.audience.companies,
    roles: announcement.audience.roles,
    from: dayOf(announcement.validFrom),
    // validTo is the first instant after the last day shown.
    to: dayjs(announcement.validTo).subtract(1, 'millisecond').format('YYYY-MM-DD'),
  };
}

const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0;

export function validateSpotlightValues(v: SpotlightFormValues): Partial<Record<keyof SpotlightFormValues, string>> {
  const errors: Partial<Record<keyof SpotlightFormValues, string>> = {};
  if (!v.title.trim()) errors.title = 'Give it a title';
  if (!hasText(v.body)) errors.body = SpotlightMessages.bodyRequired;
  if (v.linkUrl.trim() && !/^https?:\/\/\S+$/i.test(v.linkUrl.trim())) errors.linkUrl = 'Must be a web address starting with http:// or https://';
  if (v.linkUrl.trim() && !v.linkLabel.trim()) errors.linkLabel = 'Say what the link opens';
  if (!v.linkUrl.trim() && v.linkLabel.trim()) errors.linkUrl = 'Add the web address, or clear the label';
  if (!v.allCompanies && v.companies.length === 0) errors.companies = SpotlightMessages.pickCompanies;
  if (v.roles.length === 0) errors.roles = SpotlightMessages.pickRoles;
  if (!v.from) errors.from = 'Pick the first day';
  if (!v.to) errors.to = 'Pick the last day';
  if (v.from && v.to && v.to < v.from) errors.to = 'The last day must not be before the first';
  return errors;
}

/** What the API gets: the first day from its start, the last day until its end. */
export function spotlightRequest(v: SpotlightFormValues): TCreateSpotlightRequest {
  return {
    title: v.title.trim(),
    body: v.body,
    link: v.linkUrl.trim() ? { url: v.linkUrl.trim(), label: v.linkLabel.trim() } : null,
    audience: { allCompanies: v.allCompanies, companyIds: v.allCompanies ? [] : v.companies.map((c) => c.id), roles: v.roles },
    validFrom: dayjs(v.from!).startOf('day').toISOString(),
    validTo: dayjs(v.to!).add(1, 'day').startOf('day').toISOString(),
  };
}

/** A change sends the dates only when a day changed, so an announcement set to the minute keeps its times. */
export function spotlightChange(v: SpotlightFormValues, initial: SpotlightFormValues) {
  const { validFrom, validTo, ...rest } = spotlightRequest(v);
  return { ...rest, ...(v.from !== initial.from ? { validFrom } : {}), ...(v.to !== initial.to ? { validTo } : {}) };
}
