import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/manage-allTags. */
export default function ManageAllTagsPage() {
  return <OrgEntityList kind="tags" />;
}
