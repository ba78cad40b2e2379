import { ReportView } from '@/features/reports/components/report-view';

/** /reports/:name: one report with its filters (kept in the URL), chart, table, definition and export. */
export default function ReportPage() {
  return <ReportView platform={false} />;
}
