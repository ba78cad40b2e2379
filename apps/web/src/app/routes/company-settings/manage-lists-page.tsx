import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/manage-lists: named dropdown lists. */
export default function ManageListsPage() {
  return <OrgEntityList kind="lists" />;
}
