import PDFDocument from 'pdfkit';
import type { LetterContent } from './letter-content';

const Margin = 56;

// pdfkit's built-in Helvetica writes Windows-1252 only; anything else would come out as other letters.
const Cp1252Extras = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
/** The text as the built-in font can write it: a character outside Windows-1252 (a name in another script) becomes "?". */
export function winAnsi(text: string) {
  const writable = (ch: string) => {
    const c = ch.codePointAt(0)!;
    return c === 10 || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || Cp1252Extras.has(ch);
  };
  return [...text].map((ch) => (writable(ch) ? ch : '?')).join('');
}
const safeContent = (c: LetterContent): LetterContent => ({
  ...c,
  companyName: winAnsi(c.companyName),
  companyAddress: (c.companyAddress ?? []).map(winAnsi),
  date: winAnsi(c.date),
  candidateName: winAnsi(c.candidateName),
  title: winAnsi(c.title),
  paragraphs: c.paragraphs.map(winAnsi),
  terms: c.terms.map(([label, value]) => [winAnsi(label), winAnsi(value)]),
  expiryLine: winAnsi(c.expiryLine),
  signer: { name: winAnsi(c.signer.name), companyName: winAnsi(c.signer.companyName) },
});

const Grey = '#52625a';
const Ink = '#1f2a24';

/**
 * The offer letter as an A4 PDF (pdfkit, its built-in Helvetica): the company's logo and colour, the date,
 * the candidate, the body, the compensation table, the expiry line and a signature block. `createdAt`
 * fixes the PDF's creation date, so the same offer renders the same file.
 */
export function renderOfferLetter(letter: LetterContent, { createdAt, compress = true }: { createdAt: Date; compress?: boolean }): Promise<Buffer> {
  const content = safeContent(letter);
  const doc = new PDFDocument({
    size: 'A4',
    margin: Margin,
    compress,
    info: { Title: content.title, Author: content.companyName, Subject: `Offer to ${content.candidateName}`, Creator: 'Hireflow', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * Margin;
  header(doc, content, width);
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(10).fillColor(Grey).text(content.date, { align: 'right' });
  doc.moveDown(0.5);
  doc.fillColor(Ink).fontSize(11).text(content.candidateName);
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(15).fillColor(content.color).text(content.title);
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(11).fillColor(Ink);
  for (const paragraph of content.paragraphs) {
    doc.text(paragraph, { width, lineGap: 2 });
    doc.moveDown(0.7);
  }
  termsTable(doc, content, width);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(Ink).text(content.expiryLine, Margin, doc.y, { width });
  signatureBlock(doc, content, width);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, content: LetterContent, width: number) {
  const top = Margin;
  let nameX = Margin;
  if (content.logo) {
    try {
      doc.image(content.logo, Margin, top, { fit: [140, 48] });
      nameX = Margin + 156;
    } catch {
      // A logo pdfkit cannot read: the letter goes out with the company's name alone.
    }
  }
  doc.font('Helvetica-Bold').fontSize(18).fillColor(content.color).text(content.companyName, nameX, top + 12, { width: width - (nameX - Margin) });
  if (content.companyAddress?.length) doc.font('Helvetica').fontSize(9).fillColor(Grey).text(content.companyAddress.join(' · '), nameX, doc.y + 2, { width: width - (nameX - Margin) });
  const ruleY = Math.max(doc.y, top + 52) + 6;
  doc.moveTo(Margin, ruleY).lineTo(Margin + width, ruleY).lineWidth(2).strokeColor(content.color).stroke();
  doc.x = Margin;
  doc.y = ruleY + 4;
}

function termsTable(doc: PDFKit.PDFDocument, content: LetterContent, width: number) {
  const labelWidth = 130;
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(content.color).text('Compensation and terms', Margin, doc.y, { width });
  doc.moveDown(0.4);
  for (const [label, value] of content.terms) {
    const height = Math.max(doc.font('Helvetica').fontSize(11).heightOfString(value, { width: width - labelWidth - 12 }), 14) + 10;
    if (doc.y + height > doc.page.height - Margin) doc.addPage();
    const y = doc.y;
    doc.rect(Margin, y, width, height).fillColor('#f3f6f4').fill();
    doc.font('Helvetica-Bold').fontSize(10).fillColor(Grey).text(label, Margin + 8, y + 5, { width: labelWidth - 8 });
    doc.font('Helvetica').fontSize(11).fillColor(Ink).text(value, Margin + labelWidth, y + 5, { width: width - labelWidth - 12 });
    doc.y = y + height + 3;
  }
  doc.x = Margin;
}

function signatureBlock(doc: PDFKit.PDFDocument, content: LetterContent, width: number) {
  if (doc.y + 150 > doc.page.height - Margin) doc.addPage();
  doc.moveDown(2);
  const half = (width - 40) / 2;
  const y = doc.y + 40;
  doc.lineWidth(0.8).strokeColor(Grey);
  doc.moveTo(Margin, y).lineTo(Margin + half, y).stroke();
  doc.moveTo(Margin + half + 40, y).lineTo(Margin + width, y).stroke();
  doc.font('Helvetica').fontSize(10).fillColor(Ink);
  doc.text(`For ${content.companyName}`, Margin, y + 6, { width: half });
  doc.text(content.signer.name, Margin, doc.y, { width: half });
  doc.text('Accepted by', Margin + half + 40, y + 6, { width: half });
  doc.text(content.candidateName, Margin + half + 40, doc.y, { width: half });
  doc.x = Margin;
}
