import { ApprovalListPage } from '@/features/approvals/list/approval-list-page';

/** /offer-approval-all: the approvals list of kind offer (the same page as /vacancy-approval-all). */
export default function OfferApprovalAllPage() {
  return <ApprovalListPage kind="offer" />;
}
