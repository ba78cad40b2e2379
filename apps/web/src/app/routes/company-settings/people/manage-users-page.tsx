import { ManageUsers } from '@/features/users/components/manage-users';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { useSession } from '@/lib/session';
import { useOrgChoices } from '../company/use-org-choices';

/** /company-settings/manage-users (manageUsers). */
export default function ManageUsersPage() {
  const { user } = useSession();
  const matrix = useAccessMatrix();
  const org = useOrgChoices();
  return <ManageUsers org={org} canChangeAdmin={Boolean(matrix.data?.rights.includes('canChangeAdmin'))} isAdmin={Boolean(user?.admin)} />;
}
