import { demoResumePdf } from '../../../seed/demo-resume';
import { demoResumeDocx } from '../../../seed/demo-docx';

/**
 * Real résumé files for tests, benches and demo data: a one-page PDF (the demo builder, Helvetica
 * text) and a minimal but complete Word document, one paragraph per line.
 */
export const resumePdf = (lines: string[]) => demoResumePdf(lines);

export const resumeDocx = (lines: string[]) => demoResumeDocx(lines);
