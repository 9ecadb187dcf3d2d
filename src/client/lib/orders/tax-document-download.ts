/**
 * Downloading an order's tax invoice or credit note (`GET /orders/{id}/{invoice|credit-note}`, a PDF) through
 * lib/download-file.ts: the same headers as every API call (`X-Store-Host`, the bearer token), or the order's
 * e-mail or phone as `contactInfo` on Track Order. The file is saved under the server's name
 * (`Tax-Invoice-RS-25-26-000123.pdf`).
 */
import { downloadFile } from '@client/lib/download-file';

export type TaxDocumentRequest = {
  orderId: string;
  document: 'invoice' | 'credit-note';
  /** The order's e-mail or phone (Track Order); '' for the signed-in owner. */
  contactInfo?: string;
};

/**
 * Fetches the PDF and hands it to the browser as a download.
 * @throws {ApiError} 404 'No invoice has been issued for this order yet' or 'Order not found or access
 *   denied', 429 when rate-limited, status 0 without a response.
 */
export function downloadTaxDocument({ orderId, document, contactInfo }: TaxDocumentRequest): Promise<void> {
  return downloadFile(`/orders/${encodeURIComponent(orderId)}/${document}`, `${orderId}-${document}.pdf`, {
    query: { contactInfo },
    accept: 'application/pdf',
    serverName: true,
  });
}
