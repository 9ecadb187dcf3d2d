/**
 * The admin's refunds of an order (docs/returns.md "Refunds"): the panel's read (`GET
 * /admin/orders/{orderNumber}/refunds`), a refund (`POST …/refunds` with an `Idempotency-Key`) and a retry, and
 * the credit note download. Amounts in rupees, as the API has them.
 */
import { queryOptions } from '@tanstack/react-query';
import { adminRefundsSchema } from '@shared/returns/admin-refund-schemas';
import { refundSchema, type CreateRefundBody } from '@shared/returns/return-schemas';
import { apiRequest } from '@client/lib/api-client';
import { downloadFile } from '@client/lib/download-file';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

const orderPath = (orderNumber: string) => `/admin/orders/${encodeURIComponent(orderNumber)}`;

/** The order's refunds panel: paid, refunded, left, its refunds and its returns. */
export const adminRefundsQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'order', orderNumber, 'refunds'],
    queryFn: () => apiRequest(`${orderPath(orderNumber)}/refunds`, { schema: adminRefundsSchema }),
  });

/** Refunds `body` on the order; `key` is the request's Idempotency-Key (the same for a resend). */
export function createRefund(orderNumber: string, body: CreateRefundBody, key: string) {
  return apiRequest(`${orderPath(orderNumber)}/refunds`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
    schema: refundSchema,
  });
}

/** Asks the gateway again for a failed (or unanswered) gateway refund. */
export function retryRefund(orderNumber: string, refundId: string) {
  return apiRequest(`${orderPath(orderNumber)}/refunds/${encodeURIComponent(refundId)}/retry`, {
    method: 'POST',
    schema: refundSchema,
  });
}

/** Saves credit note `number` (`CN/26-27/000004`) of the order as its PDF. */
export function downloadCreditNote(orderNumber: string, number: string) {
  const dashed = number.replace(/\//g, '-');
  return downloadFile(
    `${orderPath(orderNumber)}/credit-notes/${encodeURIComponent(dashed)}`,
    `${dashed}.pdf`,
    {
      accept: 'application/pdf',
      serverName: true,
    },
  );
}
