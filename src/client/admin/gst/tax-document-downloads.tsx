/**
 * An order's tax documents in the admin: 'Invoice RS/25-26/000123' and 'Credit note …' download the PDFs the
 * shopper gets (`GET /api/v1/admin/orders/:orderId/documents/:document`). Nothing shows before the order
 * ships (the invoice is issued then).
 */
import { useState } from 'react';
import { FileText } from 'lucide-react';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { downloadFile } from '@client/lib/download-file';
import { errorText } from '@client/lib/error-text';

export type TaxDocumentLink = { document: 'invoice' | 'credit-note'; number: string };

const LABELS = { invoice: 'Invoice', 'credit-note': 'Credit note' } as const;

/** A file name for a document number: `RS/25-26/000123` → `RS-25-26-000123.pdf`. */
export const documentFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

export function TaxDocumentDownloads({
  orderNumber,
  documents,
}: {
  orderNumber: string;
  documents: TaxDocumentLink[];
}) {
  const [error, setError] = useState<string | null>(null);
  if (documents.length === 0) return null;
  const download = async ({ document, number }: TaxDocumentLink) => {
    setError(null);
    try {
      // Each credit note by its number (an order may have several: one per refund).
      await downloadFile(
        document === 'credit-note'
          ? `/admin/orders/${encodeURIComponent(orderNumber)}/credit-notes/${encodeURIComponent(number.replace(/\//g, '-'))}`
          : `/admin/orders/${encodeURIComponent(orderNumber)}/documents/${document}`,
        documentFileName(number),
      );
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <section aria-label="Tax documents" className="flex flex-wrap items-center gap-2">
      {documents.map((entry) => (
        <Button key={entry.number} variant="outline" size="sm" onClick={() => void download(entry)}>
          <FileText aria-hidden="true" />
          {LABELS[entry.document]} {entry.number}
        </Button>
      ))}
      {error && <Alert className="w-auto">{error}</Alert>}
    </section>
  );
}
