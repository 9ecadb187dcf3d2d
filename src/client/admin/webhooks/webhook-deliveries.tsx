/**
 * The deliveries of one endpoint on the Webhooks screen: event, status, attempts, the next attempt, and each
 * attempt's answer (HTTP status and the first characters of the body, or the error).
 */
import { useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@shared/webhooks/webhook-schemas';
import { Alert } from '@client/components/ui/alert';
import { errorText } from '@client/lib/error-text';
import { formatDateTime } from '../lib/format';
import { webhookDeliveriesQuery } from './webhook-queries';

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Given up',
};

export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const deliveries = useQuery(webhookDeliveriesQuery(endpointId));
  if (deliveries.isPending) return <p className="text-sm text-stone-600">Loading…</p>;
  if (deliveries.isError) return <Alert>{errorText(deliveries.error)}</Alert>;
  const rows = deliveries.data.deliveries;
  if (rows.length === 0) return <p className="text-sm text-stone-600">No deliveries yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs" aria-label="Deliveries">
        <thead className="text-stone-500">
          <tr>
            <th className="p-1.5 font-medium">Event</th>
            <th className="p-1.5 font-medium">Status</th>
            <th className="p-1.5 font-medium">Attempts</th>
            <th className="p-1.5 font-medium">Answers</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((delivery) => (
            <tr key={delivery.id} className="border-t border-stone-200 align-top">
              <td className="p-1.5">
                <span className="block font-mono">{delivery.eventType}</span>
                <span className="text-stone-500">{formatDateTime(delivery.createdAt)}</span>
              </td>
              <td className="p-1.5">
                {STATUS_LABELS[delivery.status]}
                {delivery.nextAttemptAt && (
                  <span className="block text-stone-500">Next: {formatDateTime(delivery.nextAttemptAt)}</span>
                )}
              </td>
              <td className="p-1.5">{delivery.attempts}</td>
              <td className="p-1.5">
                <ol className="flex flex-col gap-1">
                  {delivery.answers.map((answer) => (
                    <li key={answer.attempt}>
                      <span className="font-medium">
                        {answer.statusCode !== null ? `HTTP ${answer.statusCode}` : 'No answer'}
                      </span>{' '}
                      <span className="text-stone-500">
                        {formatDateTime(answer.at)} · {answer.durationMs} ms
                      </span>
                      {(answer.error ?? answer.response) && (
                        <pre className="max-h-24 overflow-auto whitespace-pre-wrap break-all rounded bg-stone-100 p-1 font-mono">
                          {answer.error ?? answer.response}
                        </pre>
                      )}
                    </li>
                  ))}
                </ol>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
