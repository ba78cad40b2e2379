import { spotlightStateAt, type TSpotlightAnnouncement, type TSpotlightItem, type TSpotlightRole } from '@hireflow/contracts/spotlight';
import type { SpotlightDoc } from './spotlight.model';

const linkOf = (doc: Pick<SpotlightDoc, 'link'>) => (doc.link ? { url: doc.link.url, label: doc.link.label } : null);

/** An announcement for the super admin: its audience with company names, its state now, how many hid it. */
export function presentAnnouncement(doc: SpotlightDoc, companyNames: Map<string, string>, dismissals: number, now: number): TSpotlightAnnouncement {
  return {
    id: String(doc._id),
    title: doc.title,
    body: doc.body,
    link: linkOf(doc),
    audience: {
      allCompanies: doc.allCompanies,
      companies: doc.allCompanies ? [] : doc.companyIds.map((id) => ({ id: String(id), name: companyNames.get(String(id)) ?? 'Deleted company' })),
      roles: doc.roles as TSpotlightRole[],
    },
    validFrom: doc.validFrom.toISOString(),
    validTo: doc.validTo.toISOString(),
    state: spotlightStateAt(doc, now),
    dismissals,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** An announcement as a user's dashboard shows it: no audience, nothing about other companies. */
export function presentSpotlightItem(doc: SpotlightDoc): TSpotlightItem {
  return { id: String(doc._id), title: doc.title, body: doc.body, link: linkOf(doc), validTo: doc.validTo.toISOString() };
}
