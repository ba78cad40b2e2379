import { ReportView } from '@/features/reports/components/report-view';

/** /superadmin/reports/:name: a report across all companies or the one chosen (companyId in the URL). */
export default function SuperadminReportPage() {
  return <ReportView platform />;
}
