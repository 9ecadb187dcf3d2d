/**
 * Shiprocket on the admin's order page (docs/shipping.md): 'Ship with Shiprocket' while the order is
 * Processing and Shiprocket is offered (an account is set, or the TEST MODE sandbox is on) — it books the
 * parcel, and the order comes back Shipped with the AWB as its tracking number; a refusal shows Shiprocket's
 * message and the order stays as it was. Once booked: the AWB, the courier, the courier's latest status and
 * 'Download label' (the PDF the shop keeps).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Truck } from 'lucide-react';
import type { AdminOrderDetail } from '@shared/admin/admin-order-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { downloadFile } from '@client/lib/download-file';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { adminOrderQuery } from './order-queries';
import { orderShipmentQuery, shipWithShiprocket } from './shiprocket-queries';

export const SHIP_WITH_SHIPROCKET = 'Ship with Shiprocket';

export default function ShiprocketPanel({ order }: { order: AdminOrderDetail }) {
  const client = useQueryClient();
  const shipment = useQuery(orderShipmentQuery(order.orderNumber));
  const [labelError, setLabelError] = useState<string | null>(null);
  const book = useMutation({
    mutationFn: () => shipWithShiprocket(order.orderNumber),
    onSuccess: (updated) => {
      client.setQueryData(adminOrderQuery(order.orderNumber).queryKey, updated);
      void client.invalidateQueries({ queryKey: orderShipmentQuery(order.orderNumber).queryKey });
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'orders'] });
      toast.success(`Shipped with Shiprocket: AWB ${updated.trackingNumber ?? ''}`);
    },
  });
  const data = shipment.data;
  if (!data) return null;
  const booked = data.shipment;
  const canBook = order.status === 1 && data.shiprocketAvailable;
  if (!canBook && !booked?.awb) return null;

  const downloadLabel = async () => {
    setLabelError(null);
    try {
      await downloadFile(
        `/admin/orders/${encodeURIComponent(order.orderNumber)}/shipping-label`,
        `Label-${order.orderNumber}.pdf`,
      );
    } catch (failure) {
      setLabelError(errorText(failure));
    }
  };

  return (
    <section
      aria-label="Shiprocket"
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 text-sm"
    >
      {canBook && (
        <>
          <Button disabled={book.isPending} onClick={() => book.mutate()}>
            <Truck aria-hidden="true" />
            {book.isPending ? 'Booking with Shiprocket…' : SHIP_WITH_SHIPROCKET}
          </Button>
          {book.isError && <Alert>{errorText(book.error)}</Alert>}
        </>
      )}
      {booked?.awb && order.status !== 1 && (
        <>
          <p>
            {booked.testMode && (
              <span className="mr-1 rounded bg-amber-200 px-1.5 text-xs font-bold text-amber-900">
                TEST MODE
              </span>
            )}
            Shiprocket AWB <span className="font-mono font-semibold">{booked.awb}</span>
            {booked.courierName ? ` · ${booked.courierName}` : ''}
          </p>
          {booked.trackingStatus && (
            <p data-testid="courier-tracking-status">Courier says: {booked.trackingStatus}</p>
          )}
          {booked.labelAvailable && (
            <Button variant="outline" size="sm" className="self-start" onClick={() => void downloadLabel()}>
              Download label
            </Button>
          )}
          {labelError && <Alert>{labelError}</Alert>}
        </>
      )}
    </section>
  );
}
