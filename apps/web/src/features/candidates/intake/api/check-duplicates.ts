import { queryOptions, useQuery } from '@tanstack/react-query';
import { IntakeApi, ZDuplicateList } from '@hireflow/contracts/candidates-intake';
import { apiGet } from '@/lib/api-client';

export type DuplicateProbe = { email: string; phone: string; firstName: string; lastName: string; currentCompany: string };

/** GET /api/candidates/duplicates: likely duplicates of what the add form holds. */
export function checkDuplicates(probe: DuplicateProbe) {
  return apiGet(`${IntakeApi.duplicatesCheck}?${new URLSearchParams(probe).toString()}`, ZDuplicateList);
}

export function checkDuplicatesQueryOptions(probe: DuplicateProbe) {
  return queryOptions({ queryKey: ['candidates', 'duplicates-check', probe], queryFn: () => checkDuplicates(probe), staleTime: 30_000 });
}

/** Asked once something matchable is typed: an email, a phone, or a name with a company. */
export function useDuplicateCheck(probe: DuplicateProbe) {
  const matchable = Boolean(probe.email.trim() || probe.phone.replace(/\D/g, '').length >= 7 || (probe.firstName.trim() && probe.currentCompany.trim()));
  return useQuery({ ...checkDuplicatesQueryOptions(probe), enabled: matchable });
}
