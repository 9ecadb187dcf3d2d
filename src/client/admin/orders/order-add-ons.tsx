/**
 * An order line's add-ons on the admin's order page and packing slip (docs/add-ons.md "After the order"): the
 * title, the measurements in full (inches) or the standard size, and on the order page a 'Stitching done'
 * button for an add-on not yet done (audited on the order).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { OrderLineAddOn } from '@shared/add-ons/add-on-schemas';
import { measurementsText } from '@shared/add-ons/measurement-sets';
import { Button } from '@client/components/ui/button';
import { apiRequest } from '@client/lib/api-client';
import { adminOrderQuery } from './order-queries';

/** What the tailor works to: 'Mine: Bust 34 in, …', 'Standard size 36', or nothing for fall & pico. */
export function addOnMeasurementText(addOn: OrderLineAddOn): string {
  if (addOn.measurements) {
    const text = measurementsText(addOn.measurementSet, addOn.measurements);
    return addOn.profileName ? `${addOn.profileName}: ${text}` : text;
  }
  return addOn.standardSize ? `Standard size ${addOn.standardSize}` : '';
}

/** The add-ons of a line; `orderNumber` given: with the 'Stitching done' buttons. */
export function OrderLineAddOns({ addOns, orderNumber }: { addOns: OrderLineAddOn[]; orderNumber?: string }) {
  const queryClient = useQueryClient();
  const markDone = async (addOn: OrderLineAddOn) => {
    await apiRequest(`/admin/orders/${encodeURIComponent(orderNumber!)}/add-ons/${addOn.id}/done`, {
      method: 'POST',
    });
    await queryClient.invalidateQueries({ queryKey: adminOrderQuery(orderNumber!).queryKey });
  };
  return (
    <ul className="mt-1 flex flex-col gap-1 text-xs text-stone-700" aria-label="Add-ons">
      {addOns.map((addOn) => (
        <li key={addOn.id}>
          <span className="font-medium">+ {addOn.title}</span>
          {addOn.quantity > 1 && ` × ${addOn.quantity}`}
          {addOnMeasurementText(addOn) && <span className="block">{addOnMeasurementText(addOn)}</span>}
          {orderNumber &&
            (addOn.doneAt ? (
              <span className="block text-green-700">Stitching done</span>
            ) : (
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="mt-1"
                onClick={() => void markDone(addOn)}
              >
                Mark stitching done
              </Button>
            ))}
        </li>
      ))}
    </ul>
  );
}
