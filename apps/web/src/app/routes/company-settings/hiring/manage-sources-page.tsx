import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/manage-sources. */
export default function ManageSourcesPage() {
  return <OrgEntityList kind="sources" />;
}
