import PDFDocument from 'pdfkit';
import { formatMoney } from '@hireflow/contracts/billing';
import { InvoiceStateLabels, periodLabel, type TInvoiceState } from '@hireflow/contracts/billing-invoices';
import { winAnsi } from '../../offers/letter/render-letter';
import type { InvoiceDoc } from './invoice.model';

const Margin = 56;
const Grey = '#52625a';
const Ink = '#1f2a24';
const Accent = '#2f3b35';

const day = (at: Date) => at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The invoice as an A4 PDF (pdfkit and its built-in Helvetica, like offer letters): the billed company's
 * logo, the platform as seller, the company's details as copied at issue, the lines, subtotal, tax and total,
 * and the payment state. `issuedAt` fixes the PDF's creation date, so the same invoice renders the same file.
 */
export function renderInvoicePdf(invoice: InvoiceDoc, { logo }: { logo: Buffer | null }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: Margin,
    info: { Title: `Invoice ${invoice.number}`, Author: 'Hireflow', Subject: winAnsi(`Invoice for ${invoice.company.name}`), Creator: 'Hireflow', CreationDate: invoice.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * Margin;
  const money = (minor: number) => winAnsi(formatMoney(minor, invoice.currency));

  // Header: the company's logo (if any) and the title.
  if (logo) {
    try {
      doc.image(logo, Margin, Margin, { fit: [140, 48] });
    } catch {
      // A logo pdfkit cannot read: the invoice goes out without it.
    }
  }
  doc.font('Helvetica-Bold').fontSize(22).fillColor(Accent).text('Invoice', Margin, Margin + 8, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(Grey).text(`Number ${invoice.number}`, { width, align: 'right' });
  const ruleY = Math.max(doc.y, Margin + 52) + 8;
  doc.moveTo(Margin, ruleY).lineTo(Margin + width, ruleY).lineWidth(2).strokeColor(Accent).stroke();

  // Seller and buyer.
  const half = (width - 24) / 2;
  const top = ruleY + 14;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(Grey).text('From', Margin, top, { width: half });
  doc.font('Helvetica').fontSize(11).fillColor(Ink).text('Hireflow', { width: half });
  doc.font('Helvetica-Bold').fontSize(10).fillColor(Grey).text('Billed to', Margin + half + 24, top, { width: half });
  doc.font('Helvetica-Bold').fontSize(11).fillColor(Ink).text(winAnsi(invoice.company.name), { width: half });
  doc.font('Helvetica').fontSize(10);
  for (const line of invoice.company.addressLines) doc.text(winAnsi(line), { width: half });
  doc.moveDown(1.2);

  // Dates and state.
  const facts: [string, string][] = [
    ['Period', periodLabel(invoice.period)],
    ['Issued', day(invoice.issuedAt)],
    ['Due', day(invoice.dueAt)],
    ['Status', invoice.paidAt ? `${InvoiceStateLabels.paid} on ${day(invoice.paidAt)}` : InvoiceStateLabels[invoice.status as TInvoiceState]],
  ];
  let y = doc.y;
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(Grey).text(label, Margin, y, { width: 90 });
    doc.font('Helvetica').fontSize(10).fillColor(Ink).text(value, Margin + 90, y, { width: width - 90 });
    y = doc.y + 2;
  }
  doc.moveDown(1.5);

  // Lines.
  const amountX = Margin + width - 120;
  y = doc.y;
  doc.rect(Margin, y, width, 20).fillColor('#f3f6f4').fill();
  doc.font('Helvetica-Bold').fontSize(10).fillColor(Grey).text('Description', Margin + 8, y + 6, { width: amountX - Margin - 16 });
  doc.text('Amount', amountX, y + 6, { width: 112, align: 'right' });
  y += 26;
  doc.font('Helvetica').fontSize(11).fillColor(Ink);
  for (const line of invoice.lines) {
    doc.text(winAnsi(line.description), Margin + 8, y, { width: amountX - Margin - 16 });
    const next = doc.y;
    doc.text(money(line.amountMinor), amountX, y, { width: 112, align: 'right' });
    y = Math.max(next, doc.y) + 6;
  }
  doc.moveTo(Margin, y).lineTo(Margin + width, y).lineWidth(0.8).strokeColor(Grey).stroke();
  y += 8;

  const sums: [string, string, boolean][] = [
    ['Subtotal', money(invoice.subtotalMinor), false],
    [`Tax (${invoice.taxRate}%${invoice.company.country ? `, ${invoice.company.country}` : ''})`, money(invoice.taxMinor), false],
    ['Total', money(invoice.totalMinor), true],
  ];
  for (const [label, value, strong] of sums) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 12 : 11).fillColor(Ink);
    doc.text(label, Margin + width / 2, y, { width: width / 2 - 128, align: 'right' });
    doc.text(value, amountX, y, { width: 112, align: 'right' });
    y = doc.y + 4;
  }
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(9).fillColor(Grey).text(`Please quote ${invoice.number} with your payment.`, Margin, doc.y, { width });
  doc.end();
  return done;
}
