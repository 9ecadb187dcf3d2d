/** A tax document's PDF as a mail attachment (the 'Shipped' mail carries the tax invoice). */
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { documentFileName, renderTaxDocumentPdf } from './invoice-pdf';
import type { TaxDocumentContent } from './tax-document-content';

/** `content` rendered as a PDF attachment, base64 in the outbox row. */
export async function invoiceAttachment(
  content: TaxDocumentContent,
): Promise<NonNullable<OutgoingMessage['attachments']>[number]> {
  return {
    filename: documentFileName(content),
    contentType: 'application/pdf',
    content: (await renderTaxDocumentPdf(content)).toString('base64'),
    encoding: 'base64',
  };
}
