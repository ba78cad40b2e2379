import { OnboardingFileContentTypes, OnboardingLimits, OnboardingMessages, type TOnboardingFileType } from '@hireflow/contracts/offers-onboarding';
import { ArchiveRefused, checkArchive } from '../../../lib/archive-guard';
import { ResumeArchiveLimits, type UploadedFile } from '../../files/resume-check';

const PdfMagic = Buffer.from('%PDF-');
const ZipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const JpgMagic = Buffer.from([0xff, 0xd8, 0xff]);
const PngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const startsWith = (buf: Buffer, magic: Buffer) => buf.subarray(0, magic.length).equals(magic);

/** What the file is by its first bytes (never by its name or the browser's claim); null when none of ours. */
async function detectType(buf: Buffer): Promise<TOnboardingFileType | null> {
  if (startsWith(buf, PdfMagic)) return 'pdf';
  if (startsWith(buf, JpgMagic)) return 'jpg';
  if (startsWith(buf, PngMagic)) return 'png';
  if (startsWith(buf, ZipMagic)) {
    // A .docx is a zip with word/document.xml; the archive guard reads its directory without inflating.
    try {
      const entries = await checkArchive(buf, ResumeArchiveLimits);
      return entries.some((e) => e.name === 'word/document.xml') ? 'docx' : null;
    } catch (error) {
      if (error instanceof ArchiveRefused) return null;
      throw error;
    }
  }
  return null;
}

export type CheckedUpload = { type: TOnboardingFileType; contentType: string; filename: string };

/** The upload's type when it is one the document accepts; otherwise the problem in words (nothing is stored then). */
export async function checkOnboardingFile(file: UploadedFile | undefined, accepted: readonly TOnboardingFileType[]): Promise<CheckedUpload | { problem: string; status: number }> {
  if (!file || file.size === 0) return { problem: OnboardingMessages.empty, status: 400 };
  if (file.size > OnboardingLimits.maxFileBytes) return { problem: OnboardingMessages.tooLarge, status: 413 };
  const type = await detectType(file.buffer);
  if (!type || !accepted.includes(type)) return { problem: OnboardingMessages.wrongType(accepted), status: 400 };
  return { type, contentType: OnboardingFileContentTypes[type], filename: storedName(file.originalname, type) };
}

/** The browser's file name without folders or control characters, ending in the extension of what it is. */
function storedName(original: string, type: TOnboardingFileType) {
  // eslint-disable-next-line no-control-regex
  const base = (original.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 150) || 'document';
  const ext = base.toLowerCase().split('.').pop();
  const fits = ext === type || (type === 'jpg' && ext === 'jpeg');
  return fits ? base : `${base.replace(/\.[^.]*$/, '') || 'document'}.${type}`;
}
