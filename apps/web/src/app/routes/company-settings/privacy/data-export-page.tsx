import { CompanyExportPanel } from '@/features/privacy/company-export/company-export-panel';

/** /company-settings/privacy/data-export: the whole company's data as one ZIP (JSON and files), made in the background. */
export default function DataExportPage() {
  return <CompanyExportPanel />;
}
