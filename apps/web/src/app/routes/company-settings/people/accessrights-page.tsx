import { AccessRights } from '@/features/users/components/access-rights';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';

/** /company-settings/accessrights (manageUsers). */
export default function AccessRightsPage() {
  const matrix = useAccessMatrix();
  return <AccessRights heldRights={matrix.data?.rights ?? []} />;
}
