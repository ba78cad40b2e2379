import { ManageAgencies } from '@/features/agencies/components/manage-agencies';

/** /company-settings/manage-agencies (manageAgencies): invite, change, pause agencies and see what they submitted. */
export default function ManageAgenciesPage() {
  return <ManageAgencies />;
}
