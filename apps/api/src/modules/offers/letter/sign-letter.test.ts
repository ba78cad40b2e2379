import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { NeutralLetterColor, type LetterContent } from './letter-content';
import { renderOfferLetter } from './render-letter';
import { stampSignedLetter } from './sign-letter';

// A 1x1 PNG: the company logo.
const Logo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const content = (over: Partial<LetterContent> = {}): LetterContent => ({
  companyName: 'Acme Corp',
  logo: null,
  color: NeutralLetterColor,
  date: '24 November 2026',
  candidateName: 'Zoë Łukasz',
  candidateFirstName: 'Zoë',
  title: 'Offer of employment: Backend Engineer',
  paragraphs: ['Dear Zoë,', 'We are delighted to offer you the position.'],
  terms: [['Base pay', 'EUR 85,000.50 a year']],
  expiryLine: 'This offer is open until the end of Friday, 4 December 2026.',
  signer: { name: 'Hank Manager', companyName: 'Acme Corp' },
  ...over,
});
const textOf = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');
const createdAt = new Date('2026-11-24T09:00:00Z');

describe('the offer letter PDF', () => {
  it("draws the company's logo and colour when set, and renders the same offer to the same file", async () => {
    const plain = await renderOfferLetter(content(), { createdAt, compress: false });
    const branded = await renderOfferLetter(content({ logo: Logo, color: '#c2185b' }), { createdAt, compress: false });
    expect(plain.toString('latin1')).not.toContain('/Subtype /Image');
    expect(branded.toString('latin1')).toContain('/Subtype /Image');
    // #c2185b as pdfkit writes a fill colour (r g b in 0..1).
    expect(branded.toString('latin1')).toContain('0.7607843137254902 0.09411764705882353 0.3568627450980392 scn');
    expect(Buffer.compare(await renderOfferLetter(content(), { createdAt, compress: false }), plain)).toBe(0);
  });

  it('stamps the signature onto a valid PDF, a name outside the built-in font written as "?" rather than failing', async () => {
    const letter = await renderOfferLetter(content(), { createdAt });
    expect(await textOf(letter)).toContain('Zoë ?ukasz');
    const signed = await stampSignedLetter(letter, { typedName: 'Zoë Łukasz', at: new Date('2026-11-25T10:11:12Z'), ip: '203.0.113.7', userAgent: 'Firefox/140.0', companyName: 'Acme Corp', jobTitle: 'Backend Engineer' });
    const pdf = await PDFDocument.load(new Uint8Array(signed));
    expect(pdf.getPageCount()).toBe((await PDFDocument.load(new Uint8Array(letter))).getPageCount() + 1);
    const text = await textOf(signed);
    expect(text).toContain('Accepted electronically by Zoë ?ukasz on 25 November 2026 at 10:11:12 UTC from IP 203.0.113.7, Firefox/140.0');
    expect(text).toContain('We are delighted to offer you the position.');
  });
});
