/**
 * 'Ship with Shiprocket' for many orders at once on the admin's order list (docs/shipping.md): the Processing
 * rows carry a checkbox (./orders-page.tsx); this bar, loaded when the first one is ticked, books the selected orders (`POST /api/v1/admin/orders/shiprocket`) and lists
 * each order's outcome — shipped with its AWB, or the reason it was not (that order is unchanged).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import type { ShiprocketBulkResult } from '@shared/couriers/shiprocket-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { shipManyWithShiprocket } from './shiprocket-queries';

/** The bar that books the selected orders, with each order's outcome once done. */
export default function ShiprocketBulkBar({
  selected,
  onDone,
}: {
  selected: string[];
  onDone: (result: ShiprocketBulkResult) => void;
}) {
  const client = useQueryClient();
  const book = useMutation({
    mutationFn: () => shipManyWithShiprocket(selected),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'orders'] });
      onDone(result);
    },
  });
  return (
    <div className="flex flex-col gap-2">
      {selected.length > 0 && (
        <Button disabled={book.isPending} onClick={() => book.mutate()}>
          <Truck aria-hidden="true" />
          {book.isPending ? 'Booking with Shiprocket…' : `Ship ${selected.length} with Shiprocket`}
        </Button>
      )}
      {book.isError && <Alert>{errorText(book.error)}</Alert>}
      {book.data && (
        <ul
          aria-label="Shiprocket bookings"
          className="rounded-md border border-stone-200 bg-white p-2 text-sm"
        >
          {book.data.results.map((result) => (
            <li key={result.orderNumber}>
              <span className="font-mono">{result.orderNumber}</span>:{' '}
              {result.shipped
                ? `shipped, AWB ${result.awb} (${result.courierName})`
                : `not shipped: ${result.error}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
