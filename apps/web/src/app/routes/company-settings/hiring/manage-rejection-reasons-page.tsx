import { RejectionReasonsSettings } from '@/features/pipeline/rejections/rejection-reasons-settings';

/** /company-settings/manage-lists/rejection-reasons: the reasons a rejection is given (the Lists right). */
export default function ManageRejectionReasonsPage() {
  return <RejectionReasonsSettings />;
}
