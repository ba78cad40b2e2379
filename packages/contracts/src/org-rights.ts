// The access right behind each organisation list, without zod: the SPA's route tables import it.
import type { TAccessRight } from './roles';
import type { TOrgKind } from './org';
import { CompanySettingsPages } from './settings';

/** Business units and departments have no page of their own in CompanySettingsPages; they are standard settings. */
export const OrgKindRights = {
  'business-units': 'standardSettings',
  departments: 'standardSettings',
  locations: CompanySettingsPages['manage-locations'],
  campuses: CompanySettingsPages['manage-campuses'],
  clients: CompanySettingsPages['manage-clients'],
  'job-codes': CompanySettingsPages['workforce-planning'],
  lists: CompanySettingsPages['manage-lists'],
  tags: CompanySettingsPages['manage-allTags'],
  sources: CompanySettingsPages['manage-sources'],
  'custom-fields': CompanySettingsPages['custom-fields'],
} as const satisfies Record<TOrgKind, TAccessRight>;
