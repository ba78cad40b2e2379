import { InterviewAttributesSettings } from '@/features/interviews/plans/interview-attributes-settings';

/** /company-settings/manage-lists/interview-attributes: the focus attributes interview rounds rate (the Lists right). */
export default function ManageInterviewAttributesPage() {
  return <InterviewAttributesSettings />;
}
