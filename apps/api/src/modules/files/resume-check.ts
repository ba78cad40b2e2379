import { ResumeUpload } from '@hireflow/contracts/candidates';
import { ArchiveRefused, checkArchive, type ArchiveLimits } from '../../lib/archive-guard';

export type UploadedFile = { buffer: Buffer; originalname: string; mimetype: string; size: number };

const PdfMagic = Buffer.from('%PDF-');
const ZipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const mb = ResumeUpload.maxBytes / 1024 / 1024;

export const ResumeMessages = {
  tooLarge: `The resume is larger than ${mb} MB. Please upload a smaller file.`,
  wrongType: 'The resume must be a PDF or Word (.docx) file.',
  empty: 'The resume file is empty.',
  unpacksTooLarge: 'The resume unpacks to more than 50 MB, far more than a resume needs (it may be damaged). Please save it again with smaller pictures, or upload a PDF.',
} as const;

/** A .docx résumé of at most 5 MB unpacks to a few MB; 50 MB leaves room for pictures and none for a zip bomb. */
export const ResumeArchiveLimits: ArchiveLimits = { maxEntries: 1000, maxEntryBytes: 50 * 1024 * 1024, maxTotalBytes: 50 * 1024 * 1024 };

/** Messages that mean "too big" (413) rather than "not acceptable" (400). */
export const resumeProblemStatus = (problem: string) => (problem === ResumeMessages.tooLarge || problem === ResumeMessages.unpacksTooLarge ? 413 : 400);

/**
 * Everything a résumé must pass before it is stored: type and size (describeResumeProblem), and for a
 * .docx the shared archive guard (declared and real unpacked sizes, entry count), inflating nothing kept.
 */
export async function checkResume(file: UploadedFile): Promise<string | null> {
  const problem = describeResumeProblem(file);
  if (problem || !file.originalname.toLowerCase().endsWith('.docx')) return problem;
  try {
    const entries = await checkArchive(file.buffer, ResumeArchiveLimits);
    return entries.some((e) => e.name === 'word/document.xml') ? null : ResumeMessages.wrongType;
  } catch (error) {
    if (!(error instanceof ArchiveRefused)) throw error;
    return error.problem === 'unreadable' ? ResumeMessages.wrongType : ResumeMessages.unpacksTooLarge;
  }
}

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
