import { ResumeUpload } from '@hireflow/contracts/candidates';

export const maxResumeMb = ResumeUpload.maxBytes / 1024 / 1024;

/** Why the browser will not send a résumé (the API checks the same, and the contents too). */
export function resumeRefusal(file: File): string | null {
  const knownType = file.type === '' || file.type in ResumeUpload.mimeTypes;
  if (!/\.(pdf|docx)$/i.test(file.name) || !knownType) return 'Choose a PDF or Word (.docx) file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > ResumeUpload.maxBytes) return `The file is larger than ${maxResumeMb} MB.`;
  return null;
}
