/**
 * The COD confirmation page `/c/{token}` (docs/messages.md "COD confirmation"): the order behind the link —
 * number, items and total, never the address — with 'Confirm order' and 'Cancel order'. The link works once:
 * after an answer, or past its window, the server answers 404 and the page says so.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  codAnswerResultSchema,
  codConfirmationViewSchema,
  type CodAnswerResult,
} from '@shared/orders/cod-confirmation-schemas';
import { formatRupees } from '@shared/money';
import { formatQuantity } from '@shared/catalog/unit-of-measure';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { useDocumentTitle } from '@client/lib/use-document-title';

const path = (token: string) => `/cod-confirmations/${encodeURIComponent(token)}`;

/** `GET /cod-confirmations/:token`: the order behind the link; a 404 is the answer, not retried. */
const codConfirmationQuery = (token: string) =>
  queryOptions({
    queryKey: ['cod-confirmation', token],
    queryFn: ({ signal }) => apiRequest(path(token), { schema: codConfirmationViewSchema, signal }),
    retry: false,
  });

export function CodConfirmationPage() {
  const token = useParams().token ?? '';
  useDocumentTitle('Confirm your order');
  const [done, setDone] = useState<CodAnswerResult | null>(null);
  const view = useQuery({ ...codConfirmationQuery(token), enabled: done === null });
  const answer = useMutation({
    mutationFn: (value: 'confirm' | 'cancel') =>
      apiRequest(path(token), { method: 'POST', body: { answer: value }, schema: codAnswerResultSchema }),
    onSuccess: setDone,
  });

  return (
    <div className="mx-auto max-w-lg px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold">Confirm your cash-on-delivery order</h1>
      {done ? (
        <Alert role="status">
          {done.status === ORDER_STATUS.processing
            ? `Thank you! Order ${done.orderNumber} is confirmed. Please pay the courier on delivery.`
            : `Order ${done.orderNumber} is cancelled.`}
        </Alert>
      ) : view.isPending ? (
        <p role="status">Loading…</p>
      ) : view.isError ? (
        <Alert variant="destructive">{errorText(view.error)}</Alert>
      ) : (
        <section aria-label="Your order">
          <p className="mb-2">
            {view.data.shopName} — order <strong>{view.data.orderNumber}</strong>
          </p>
          <ul className="mb-3 divide-y">
            {view.data.items.map((item, index) => (
              <li key={index} className="flex justify-between gap-4 py-2">
                <span>
                  {item.title}
                  {item.size ? `, Size: ${item.size}` : ''}
                  {item.color ? `, Colour: ${item.color}` : ''} × {formatQuantity(item.quantity, item.unit)}
                </span>
                <span>{formatRupees(item.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <p className="mb-4 font-semibold">Total to pay on delivery: {formatRupees(view.data.total)}</p>
          {answer.isError && <Alert variant="destructive">{errorText(answer.error)}</Alert>}
          <div className="flex gap-3">
            <Button disabled={answer.isPending} onClick={() => answer.mutate('confirm')}>
              Confirm order
            </Button>
            <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate('cancel')}>
              Cancel order
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
