import { BulkResumeUpload } from '@/features/candidates/resumes/bulk-resume-upload';

/** /database/upload: bulk résumé upload (recruiters and admins). */
export default function DatabaseUploadPage() {
  return <BulkResumeUpload />;
}
