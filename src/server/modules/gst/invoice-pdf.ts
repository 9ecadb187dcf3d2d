/**
 * The PDF of a tax document (docs/gst.md): A4, made with PDFKit, text in DejaVu Sans (embedded and subset,
 * so the ₹ sign prints everywhere; src/server/assets/fonts/, licence beside it). Prints what CGST Rule 46
 * asks of a tax invoice — supplier's name, address and GSTIN; number and date; recipient's name, address and,
 * for a business, GSTIN; place of supply with its state code; per line the description, HSN, quantity and
 * unit, rate, taxable value and the CGST + SGST or IGST rate and amount; totals in figures and in words;
 * whether tax is payable on reverse charge — and the same for a bill of supply (no tax lines, 'Not registered
 * under GST') and a credit note (with the invoice it refers to).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatQuantity } from '@shared/catalog/unit-of-measure';
import { projectRoot } from '../../paths';
import { rupeesText } from '@shared/orders/order-line-text';
import type { TaxDocumentContent, TaxDocumentLine } from './tax-document-content';

const FONT_DIR = join(projectRoot, 'src', 'server', 'assets', 'fonts');
/** The font files, read once (about 0.7 MB each) and embedded as subsets of the glyphs a document uses. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontFiles = () =>
  (fonts ??= {
    regular: readFileSync(join(FONT_DIR, 'DejaVuSans.ttf')),
    bold: readFileSync(join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  });

/** The title printed on each kind of document. */
export const DOCUMENT_TITLES: Record<TaxDocumentContent['kind'], string> = {
  'tax-invoice': 'Tax Invoice',
  'bill-of-supply': 'Bill of Supply',
  'credit-note': 'Credit Note',
};
export const NOT_REGISTERED = 'Not registered under GST';
export const NO_REVERSE_CHARGE = 'Tax is not payable on reverse charge';

/** The date of an ISO time in India: `23 November 2026`. */
export function documentDate(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

type Column = {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (line: TaxDocumentLine, index: number) => string;
};

const percent = (rate: number) => `${rate} %`;

/** The table's columns by supply kind: CGST and SGST within the state, IGST across, none without GST. */
function columnsFor(content: TaxDocumentContent): Column[] {
  const head: Column[] = [
    { title: '#', width: 16, align: 'left', value: (_line, index) => String(index + 1) },
    {
      title: 'Description',
      width: 0,
      align: 'left',
      // A coupon's share of the line, when the order had one (docs/discounts.md "Tax"): a column of its own
      // would leave the description no room on an intra-state invoice.
      value: (line) =>
        line.discountPaise
          ? `${line.description} (discount ${rupeesText(line.discountPaise)})`
          : line.description,
    },
    { title: 'HSN', width: 36, align: 'left', value: (line) => line.hsn ?? '' },
    {
      title: 'Qty',
      width: 40,
      align: 'right',
      // A credit note on value (no goods came back) credits quantity 0: printed as a dash.
      value: (line) =>
        line.quantity === 0
          ? '—'
          : line.unit === 'NA'
            ? '1'
            : `${formatQuantity(line.quantity, line.unit === 'MTR' ? 'm' : 'piece').replace(/ m$/, '')} ${line.unit}`,
    },
    {
      title: 'Price',
      width: 58,
      align: 'right',
      value: (line) => (line.quantity === 0 ? '—' : rupeesText(line.unitPricePaise)),
    },
  ];
  const total: Column = {
    title: 'Total',
    width: 62,
    align: 'right',
    value: (line) => rupeesText(line.totalPaise),
  };
  if (content.supply === 'not-registered') return [...head, total];
  const taxable: Column = {
    title: 'Taxable value',
    width: 62,
    align: 'right',
    value: (line) => rupeesText(line.taxableValuePaise),
  };
  const tax = (
    name: string,
    rate: (line: TaxDocumentLine) => number,
    amount: (line: TaxDocumentLine) => number,
  ): Column[] => [
    { title: `${name} rate`, width: 34, align: 'right', value: (line) => percent(rate(line)) },
    { title: name, width: 52, align: 'right', value: (line) => rupeesText(amount(line)) },
  ];
  const heads =
    content.supply === 'intra-state'
      ? [
          ...tax(
            'CGST',
            (line) => line.cgstRate,
            (line) => line.cgstPaise,
          ),
          ...tax(
            'SGST',
            (line) => line.sgstRate,
            (line) => line.sgstPaise,
          ),
        ]
      : tax(
          'IGST',
          (line) => line.igstRate,
          (line) => line.igstPaise,
        );
  return [...head, taxable, ...heads, total];
}

/**
 * Renders `content` as a PDF. The document's metadata dates are its issue time, so the same content gives the
 * same bytes. Resolves to the file's bytes. PDFKit is loaded with the first document (about 27 MB of memory a
 * server that never prints one does not hold).
 */
export async function renderTaxDocumentPdf(content: TaxDocumentContent): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const issued = new Date(content.issuedAt);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: {
      Title: `${DOCUMENT_TITLES[content.kind]} ${content.number}`,
      Author: content.supplier.legalName,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', fontFiles().regular);
  pdf.registerFont('bold', fontFiles().bold);

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const registered = content.supply !== 'not-registered';

  // Title and number.
  pdf.font('bold').fontSize(16).text(DOCUMENT_TITLES[content.kind], left, 36, { width, align: 'center' });
  if (!registered) pdf.font('regular').fontSize(9).text(NOT_REGISTERED, { width, align: 'center' });
  pdf.moveDown(0.8);

  // Supplier (left) and the document's details (right).
  const top = pdf.y;
  const half = width / 2 - 8;
  pdf.font('bold').fontSize(10).text(content.supplier.legalName, left, top, { width: half });
  pdf.font('regular').fontSize(9).text(content.supplier.address, { width: half });
  pdf.text(content.supplier.gstin ? `GSTIN: ${content.supplier.gstin}` : NOT_REGISTERED, { width: half });
  if (content.supplier.state)
    pdf.text(`State: ${content.supplier.state} (${content.supplier.stateCode})`, { width: half });
  const leftBottom = pdf.y;
  const right = left + width / 2 + 8;
  const numberLabel =
    content.kind === 'credit-note'
      ? 'Credit note no.'
      : content.kind === 'bill-of-supply'
        ? 'Bill no.'
        : 'Invoice no.';
  const details = [
    `${numberLabel}: ${content.number}`,
    `Date: ${documentDate(content.issuedAt)}`,
    `Order: ${content.orderNumber}`,
    ...(content.refersTo
      ? [`Against invoice ${content.refersTo.number} of ${documentDate(content.refersTo.issuedAt)}`]
      : []),
  ];
  pdf.font('regular').fontSize(9).text(details.join('\n'), right, top, { width: half });
  pdf.y = Math.max(leftBottom, pdf.y) + 10;

  // Recipient and place of supply.
  pdf.font('bold').fontSize(9).text('Bill to / Ship to', left, pdf.y, { width });
  pdf.font('regular');
  const recipient = [
    content.recipient.businessName
      ? `${content.recipient.businessName} (${content.recipient.name})`
      : content.recipient.name,
    content.recipient.address,
    ...(content.recipient.gstin ? [`GSTIN: ${content.recipient.gstin}`] : []),
    `Place of supply: ${content.placeOfSupply.state}${content.placeOfSupply.code ? ` (${content.placeOfSupply.code})` : ''}`,
  ];
  pdf.text(recipient.join('\n'), { width });
  pdf.moveDown(0.8);

  // The lines.
  const columns = columnsFor(content);
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  const description = columns.find((column) => column.width === 0)!;
  description.width = width - fixed;
  const row = (cells: string[], font: 'regular' | 'bold') => {
    pdf.font(font).fontSize(7.5);
    const heights = cells.map((cell, index) =>
      pdf.heightOfString(cell, { width: columns[index]!.width - 4 }),
    );
    const height = Math.max(...heights) + 4;
    if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    const y = pdf.y;
    let x = left;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      pdf.text(cell, x + 2, y + 2, { width: column.width - 4, align: column.align, lineBreak: true });
      x += column.width;
    });
    pdf
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    pdf.x = left;
    pdf.y = y + height;
  };
  row(
    columns.map((column) => column.title),
    'bold',
  );
  content.lines.forEach((line, index) =>
    row(
      columns.map((column) => column.value(line, index)),
      'regular',
    ),
  );
  pdf.moveDown(0.6);

  // Totals in figures and in words.
  const totals: [string, number][] = registered
    ? [
        ['Taxable value', content.totals.taxableValuePaise],
        ...(content.supply === 'intra-state'
          ? ([
              ['CGST', content.totals.cgstPaise],
              ['SGST', content.totals.sgstPaise],
            ] as [string, number][])
          : ([['IGST', content.totals.igstPaise]] as [string, number][])),
        ['Total', content.totals.totalPaise],
      ]
    : [['Total', content.totals.totalPaise]];
  for (const [label, paise] of totals) {
    const y = pdf.y;
    pdf.font(label === 'Total' ? 'bold' : 'regular').fontSize(9);
    pdf.text(label, left + width - 220, y, { width: 110 });
    pdf.text(rupeesText(paise), left + width - 110, y, { width: 110, align: 'right' });
  }
  pdf.moveDown(0.6);
  pdf.font('regular').fontSize(9).text(`Total in words: ${content.totalInWords}`, left, pdf.y, { width });
  pdf.moveDown(0.4);
  if (registered) pdf.text(NO_REVERSE_CHARGE, { width });
  else pdf.text(`${NOT_REGISTERED}: no tax is charged on this supply.`, { width });
  pdf.moveDown(1.5);
  pdf.text(`For ${content.supplier.legalName}`, { width, align: 'right' });
  pdf
    .fontSize(7.5)
    .fillColor('#555555')
    .text('This is a computer-generated document.', { width, align: 'right' });
  pdf.end();
  return done;
}

/** The file name of a document's PDF: `Tax-Invoice-RS-25-26-000123.pdf`. */
export function documentFileName(content: Pick<TaxDocumentContent, 'kind' | 'number'>): string {
  return `${DOCUMENT_TITLES[content.kind].replace(/ /g, '-')}-${content.number.replace(/\//g, '-')}.pdf`;
}
