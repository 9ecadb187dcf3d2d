/**
 * 'Download invoice' (and 'Download credit note') under a shipped order in My Orders and Track Order: the PDF
 * the shop issued when the order shipped (docs/gst.md). A refusal shows the server's text.
 */
import { useState } from 'react';
import { FileText } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { downloadTaxDocument } from '@client/lib/orders/tax-document-download';
import type { OrderView } from './order-view';

/** Shown when a download fails without a text of the server's. */
export const DOWNLOAD_FAILED = 'Could not download the document. Please try again.';

export function TaxDocumentButtons({ order, contactInfo = '' }: { order: OrderView; contactInfo?: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (document: 'invoice' | 'credit-note') => {
    setBusy(document);
    try {
      await downloadTaxDocument({ orderId: order.id, document, contactInfo });
    } catch (error) {
      // The server's sentence (404 'No invoice has been issued for this order yet', 429), else DOWNLOAD_FAILED,
      // also when no answer arrived.
      toast.error(errorText(error instanceof ApiError && error.status !== 0 ? error : null, DOWNLOAD_FAILED));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {order.documents.map((entry) => (
        <Button
          key={entry.document}
          variant="outline"
          disabled={busy !== null}
          aria-busy={busy === entry.document || undefined}
          aria-label={`${entry.label} ${entry.number}`}
          onClick={() => void download(entry.document)}
        >
          <FileText aria-hidden="true" />
          {entry.label}
        </Button>
      ))}
    </>
  );
}
