/**
 * Downloading an order's tax invoice or credit note (`GET /orders/{id}/{invoice|credit-note}`, a PDF): the
 * same headers as every API call (`X-Store-Host`, the bearer token), or the order's e-mail or phone as
 * `contactInfo` on Track Order. The file is saved under the server's name (`Tax-Invoice-RS-25-26-000123.pdf`).
 */
import { API_BASE, apiErrorFrom, ApiError } from '@client/lib/api-client';
import { readAuthToken } from '@client/lib/auth-cookie';

export type TaxDocumentRequest = {
  orderId: string;
  document: 'invoice' | 'credit-note';
  /** The order's e-mail or phone (Track Order); '' for the signed-in owner. */
  contactInfo?: string;
};

/** The file name of a `Content-Disposition: attachment; filename="…"` header, else `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

/**
 * Fetches the PDF and hands it to the browser as a download.
 * @throws {ApiError} 404 'No invoice has been issued for this order yet' or 'Order not found or access
 *   denied', 429 when rate-limited, status 0 without a response.
 */
export async function downloadTaxDocument({
  orderId,
  document,
  contactInfo,
}: TaxDocumentRequest): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/pdf', 'X-Store-Host': location.hostname };
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const query = contactInfo ? `?${new URLSearchParams({ contactInfo }).toString()}` : '';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/orders/${encodeURIComponent(orderId)}/${document}${query}`, {
      headers,
      credentials: 'include',
    });
  } catch {
    throw new ApiError('No response from server', 0);
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw apiErrorFrom(response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.download = attachmentFileName(
    response.headers.get('content-disposition'),
    `${orderId}-${document}.pdf`,
  );
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
