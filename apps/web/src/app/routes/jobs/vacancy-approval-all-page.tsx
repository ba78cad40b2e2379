import { ApprovalListPage } from '@/features/approvals/list/approval-list-page';

/** /vacancy-approval-all: the approvals list of kind vacancy (the same page as /offer-approval-all). */
export default function VacancyApprovalAllPage() {
  return <ApprovalListPage kind="vacancy" />;
}
