import { ManageRoles } from '@/features/users/components/manage-roles';

/** /company-settings/manage-roles (manageUsers). */
export default function ManageRolesPage() {
  return <ManageRoles />;
}
