import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { ArchiveRefused, checkArchive } from '../../../lib/archive-guard';
import { ResumeArchiveLimits } from '../../files/resume-check';

/**
 * Bounds of résumé text extraction: a file that takes longer than `timeoutMs` is given up (marked
 * unreadable), only the first `maxPages` pages of a PDF are read, and at most `maxTextBytes` of text
 * (UTF-8) are kept, which is far more than any résumé and keeps a batch of them well inside a document.
 */
export const ResumeExtractionLimits = { timeoutMs: 20_000, maxPages: 30, maxTextBytes: 100_000 } as const;
export type ExtractionLimits = { timeoutMs: number; maxPages: number; maxTextBytes: number };

export type ExtractedText = { state: 'extracted' | 'unreadable'; text: string };

const isPdf = (buffer: Buffer) => buffer.subarray(0, 5).toString('latin1') === '%PDF-';

/** Cuts text to at most `maxBytes` of UTF-8 without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  return Buffer.from(text).subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
}

/** Whitespace of PDF and Word text made tidy: no runs of spaces, at most one blank line. */
const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v \u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

class TimedOut extends Error {}
const checkDeadline = (deadline: number) => {
  if (Date.now() >= deadline) throw new TimedOut('résumé extraction took too long');
};

async function pdfText(buffer: Buffer, limits: ExtractionLimits, deadline: number, onCleanup: (fn: () => void) => void) {
  // verbosity 0: a damaged file is our answer (unreadable), not pdf.js's warnings in the log.
  const pdf = await getDocumentProxy(new Uint8Array(buffer), { verbosity: 0 });
  onCleanup(() => void pdf.loadingTask.destroy().catch(() => undefined));
  const pages: string[] = [];
  let bytes = 0;
  for (let n = 1; n <= Math.min(pdf.numPages, limits.maxPages) && bytes < limits.maxTextBytes; n++) {
    // Between pages too: a PDF parsed without ever yielding to a timer still stops at its deadline.
    checkDeadline(deadline);
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    let line = '';
    const lines: string[] = [];
    for (const item of content.items as { str?: string; hasEOL?: boolean }[]) {
      line += item.str ?? '';
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      }
    }
    if (line) lines.push(line);
    const text = lines.join('\n');
    bytes += Buffer.byteLength(text);
    pages.push(text);
  }
  return pages.join('\n\n');
}

async function docxText(buffer: Buffer, deadline: number) {
  // The shared archive guard first: what mammoth inflates afterwards is bounded by its limits.
  await checkArchive(buffer, ResumeArchiveLimits);
  checkDeadline(deadline);
  const { value } = await mammoth.extractRawText({ buffer });
  checkDeadline(deadline);
  return value;
}

/**
 * The text of a PDF or DOCX résumé, within the limits. A file that cannot be parsed, holds no text (a
 * scanned image) or takes too long is 'unreadable' with no text; it never throws for a bad file.
 */
export async function extractResumeText(buffer: Buffer, limits: ExtractionLimits = ResumeExtractionLimits): Promise<ExtractedText> {
  const cleanups: (() => void)[] = [];
  const deadline = Date.now() + limits.timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limits.timeoutMs);
  });
  try {
    const work = (isPdf(buffer) ? pdfText(buffer, limits, deadline, (fn) => cleanups.push(fn)) : docxText(buffer, deadline)).catch((error: unknown) => {
      if (error instanceof ArchiveRefused || error instanceof Error) return null;
      throw error;
    });
    const raw = await Promise.race([work, timedOut]);
    if (raw === 'timeout' || raw === null) return { state: 'unreadable', text: '' };
    const text = truncateUtf8(tidy(raw), limits.maxTextBytes);
    return text ? { state: 'extracted', text } : { state: 'unreadable', text: '' };
  } finally {
    clearTimeout(timer);
    for (const fn of cleanups) fn();
  }
}

/** A DOCX résumé as HTML (not yet sanitised), behind the same archive guard; null when it cannot be read. */
export async function docxToHtml(buffer: Buffer): Promise<string | null> {
  try {
    await checkArchive(buffer, ResumeArchiveLimits);
    return (await mammoth.convertToHtml({ buffer })).value;
  } catch {
    return null;
  }
}
