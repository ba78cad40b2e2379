import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/manage-campuses. */
export default function ManageCampusesPage() {
  return <OrgEntityList kind="campuses" />;
}
