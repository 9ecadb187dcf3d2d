/**
 * The add-ons of a new order (docs/add-ons.md "At checkout"): each `lines` entry's `addOns` priced by the
 * add-ons module for the line's product and pieces, written onto the order's lines, and added to the order's
 * subtotal, tax and total. Coupons and promotions leave add-ons at their price
 * (docs/decisions/033-stitching-add-ons.md); shipping is charged on the goods alone.
 */
import type { CreateOrderBody } from '@shared/orders/order-schemas';
import type { SupplyKind } from '@shared/gst/tax-split';
import type { Db } from '../../db/database';
import { priceAddOns, type PricedAddOn } from '../add-ons/add-on-pricing';
import { recordOrderAddOns } from '../add-ons/order-add-ons';
import type { WantedLine } from './order-lines';
import type { PlacedLine } from './placed-rows';

/** An add-on as the confirmation mail lists it: after its line's title, amounts in paise. */
export type MailAddOn = {
  lineTitle: string;
  title: string;
  quantity: number;
  unitPricePaise: number;
  totalPaise: number;
  leadDays: number;
};

/**
 * Prices and writes the add-ons `body.lines` ask for on order `orderId` (call after the order's tax is
 * recorded, inside the placing transaction); returns them (empty: none asked).
 * @throws {ValidationError} for a refused add-on, named `lines.<i>.addOns.<j>.<part>` (../add-ons/add-on-pricing.ts).
 */
export async function placeOrderAddOns(
  tx: Db,
  input: {
    storeId: number;
    userId: number;
    orderId: string;
    body: CreateOrderBody;
    wanted: readonly WantedLine[];
    placed: readonly PlacedLine[];
    supply: SupplyKind | null;
  },
): Promise<PricedAddOn[]> {
  const lines = input.wanted.flatMap((line, index) => {
    const requests = line.form === 'lines' ? (input.body.lines?.[Number(line.key)]?.addOns ?? []) : [];
    const placed = input.placed[index]!;
    if (requests.length === 0 || placed.productId === null) return [];
    return [
      {
        key: line.key,
        position: line.position,
        productId: placed.productId,
        unit: placed.unit,
        quantity: placed.quantity,
        requests,
      },
    ];
  });
  const priced = await priceAddOns(tx, {
    storeId: input.storeId,
    userId: input.userId,
    lines,
    supply: input.supply,
  });
  await recordOrderAddOns(tx, input.storeId, input.orderId, priced);
  return priced;
}

/** The priced add-ons as the confirmation mail lists them (`titles`: each line's title by position). */
export function mailAddOns(priced: readonly PricedAddOn[], placed: readonly PlacedLine[]): MailAddOn[] {
  return priced.map((addOn) => ({
    lineTitle: placed.find((line) => line.position === addOn.linePosition)?.title ?? '',
    title: addOn.title,
    quantity: addOn.quantity,
    unitPricePaise: addOn.unitPricePaise,
    totalPaise: addOn.totalPaise,
    leadDays: addOn.leadDays,
  }));
}
