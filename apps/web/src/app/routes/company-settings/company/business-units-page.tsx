import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/business-units (standardSettings): the business-unit tree. */
export default function BusinessUnitsPage() {
  return <OrgEntityList kind="business-units" />;
}
