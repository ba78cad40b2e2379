import { ResumeUpload } from '@hireflow/contracts/candidates';

export type UploadedFile = { buffer: Buffer; originalname: string; mimetype: string; size: number };

const PdfMagic = Buffer.from('%PDF-');
const ZipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const mb = ResumeUpload.maxBytes / 1024 / 1024;

export const ResumeMessages = {
  tooLarge: `The resume is larger than ${mb} MB. Please upload a smaller file.`,
  wrongType: 'The resume must be a PDF or Word (.docx) file.',
  empty: 'The resume file is empty.',
} as const;

/**
 * A resume must be a PDF or DOCX by its declared type, its name and its first bytes: a renamed
 * executable or image is refused. Returns the problem in words, or null when the file is fine.
 */
export function describeResumeProblem(file: UploadedFile): string | null {
  if (file.size === 0) return ResumeMessages.empty;
  if (file.size > ResumeUpload.maxBytes) return ResumeMessages.tooLarge;
  const ext = file.originalname.toLowerCase().split('.').pop();
  if (file.mimetype === 'application/pdf' || ext === 'pdf') {
    return ext === 'pdf' && file.buffer.subarray(0, PdfMagic.length).equals(PdfMagic) ? null : ResumeMessages.wrongType;
  }
  if (file.mimetype in ResumeUpload.mimeTypes || ext === 'docx') {
    // A .docx is a zip whose directory names word/document.xml (names are stored uncompressed).
    const isZip = file.buffer.subarray(0, 4).equals(ZipMagic);
    return ext === 'docx' && isZip && file.buffer.includes('word/') ? null : ResumeMessages.wrongType;
  }
  return ResumeMessages.wrongType;
}

/** The content type we store and serve, from what we verified (never the client's claim). */
export function resumeContentType(file: UploadedFile): string {
  return file.originalname.toLowerCase().endsWith('.pdf')
    ? 'application/pdf'
    : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
}
