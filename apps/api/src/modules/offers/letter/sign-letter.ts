import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

export type SignatureStamp = { typedName: string; at: Date; ip: string; userAgent: string; companyName: string; jobTitle: string };

/** "24 November 2026 at 09:15:02 UTC" */
export const utcTime = (at: Date) => {
  const iso = at.toISOString();
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()} at ${iso.slice(11, 19)} UTC`;
};

/** The line stamped on every page and written on the signature page. */
export const acceptanceLine = (s: Pick<SignatureStamp, 'typedName' | 'at' | 'ip' | 'userAgent'>) =>
  `Accepted electronically by ${s.typedName} on ${utcTime(s.at)} from IP ${s.ip}, ${s.userAgent || 'unknown browser'}`;

/** The built-in fonts write WinAnsi only: any other character (a name in another script) shows as "?" instead of failing. */
function encodable(font: PDFFont, text: string) {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  // A single word wider than the page (a long user agent token) is cut, never drawn off the page.
  return lines.flatMap((l) => {
    if (font.widthOfTextAtSize(l, size) <= width) return [l];
    const parts: string[] = [];
    let rest = l;
    while (rest) {
      let n = rest.length;
      while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
      parts.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    return parts;
  });
}

/**
 * The signed copy: the letter as sent, a one-line stamp at the foot of each of its pages, and a last page
 * recording the acceptance (typed name, time in UTC, IP address, browser). A new, valid PDF.
 */
export async function stampSignedLetter(sent: Buffer, stamp: SignatureStamp): Promise<Buffer> {
  const pdf = await PDFDocument.load(new Uint8Array(sent), { updateMetadata: false });
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const safe = { ...stamp, typedName: encodable(regular, stamp.typedName), userAgent: encodable(regular, stamp.userAgent), ip: encodable(regular, stamp.ip) };
  const line = acceptanceLine(safe);
  const grey = rgb(0.32, 0.38, 0.35);

  const footer = `Accepted electronically by ${safe.typedName} on ${utcTime(stamp.at)} from IP ${safe.ip} (see the last page)`;
  for (const page of pdf.getPages()) {
    const { width } = page.getSize();
    const [first] = wrap(regular, 7, footer, width - 80);
    page.drawText(first ?? '', { x: 40, y: 20, size: 7, font: regular, color: grey });
  }

  const page = pdf.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  const textWidth = width - 112;
  let y = height - 80;
  const write = (text: string, size: number, font = regular, color = rgb(0.12, 0.16, 0.14), gap = 6) => {
    for (const l of wrap(font, size, text, textWidth)) {
      page.drawText(l, { x: 56, y, size, font, color });
      y -= size + gap;
    }
  };
  write('Electronic signature', 18, bold);
  y -= 10;
  write(`${encodable(regular, stamp.companyName)}: offer of employment, ${encodable(regular, stamp.jobTitle)}`, 11, regular, grey);
  y -= 16;
  write(line, 12);
  y -= 24;
  write('Signed', 10, bold, grey, 4);
  write(safe.typedName, 22, bold);
  y -= 12;
  for (const [label, value] of [['Typed name', safe.typedName], ['Time', utcTime(stamp.at)], ['IP address', safe.ip], ['Browser', safe.userAgent || 'unknown']] as const) {
    write(label, 9, bold, grey, 2);
    write(value, 11);
    y -= 6;
  }
  y -= 12;
  write('The candidate typed their full name and ticked "I accept this offer and sign it electronically" on the offer page.', 10, regular, grey);

  pdf.setModificationDate(stamp.at);
  return Buffer.from(await pdf.save());
}
