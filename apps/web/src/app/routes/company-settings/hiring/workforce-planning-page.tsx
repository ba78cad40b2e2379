import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/workforce-planning: job codes and headcount. */
export default function WorkforcePlanningPage() {
  return <OrgEntityList kind="job-codes" />;
}
