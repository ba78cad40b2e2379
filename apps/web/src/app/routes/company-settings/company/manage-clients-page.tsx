import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/manage-clients. */
export default function ManageClientsPage() {
  return <OrgEntityList kind="clients" />;
}
