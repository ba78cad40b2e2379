import { ManageDomains } from '@/features/org/components/manage-domains';

/** /company-settings/manage-domains (companySettings). */
export default function ManageDomainsPage() {
  return <ManageDomains />;
}
