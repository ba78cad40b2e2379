import { ManageSpecialUsers } from '@/features/users/components/manage-special-users';

/** /company-settings/manage-spcl-user (manageSpecialUsers). */
export default function ManageSpecialUsersPage() {
  return <ManageSpecialUsers />;
}
