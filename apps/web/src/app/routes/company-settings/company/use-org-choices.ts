import type { OrgChoices } from '@/features/users/components/org-choices';
import { useOrgOptions } from '@/features/org/api/get-org-options';

/** Business units, departments and locations for the users screens' filters and forms. */
export function useOrgChoices(): OrgChoices {
  const units = useOrgOptions('business-units');
  const departments = useOrgOptions('departments');
  const locations = useOrgOptions('locations');
  const toChoices = (q: typeof units) => (q.data?.options ?? []).map((o) => ({ value: o.id, label: o.name }));
  return { businessUnits: toChoices(units), departments: toChoices(departments), locations: toChoices(locations) };
}
