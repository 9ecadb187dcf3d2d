/**
 * The charges of an order besides its goods (docs/delivery.md, docs/gst.md "Charges"): the shipping charge for
 * the delivery PIN code, state and subtotal, and the cash-on-delivery fee, each with its GST at the rate of
 * the principal supply (the line of highest value; composite supply, CGST Act section 8). The server always
 * computes them itself, never from the client. Amounts in paise.
 */
import {
  chargeGst,
  ORDER_CHARGE_SAC,
  principalRate,
  type OrderChargeKind,
} from '@shared/delivery/charge-tax';
import { deliveryQuote, type DeliverySettings, type Destination } from '@shared/delivery/delivery-rules';
import type { SupplyKind } from '@shared/gst/tax-split';
import type { StoredOrderCharge } from '../../db/schema/order-tables';

/** A taxed line as far as the charges are concerned: GST-inclusive total (paise) and its rate (percent). */
export type ChargeBasisLine = { lineTotalPaise: number; ratePercent: number };

/**
 * One charge of `amountPaise` with its GST: at the principal supply's rate for a registered store, untaxed
 * (rate 0) for one that is not (`kind` null). A zero amount is no charge (null).
 */
export function taxedCharge(
  kind: OrderChargeKind,
  amountPaise: number,
  lines: readonly ChargeBasisLine[],
  supply: SupplyKind | null,
): StoredOrderCharge | null {
  if (amountPaise <= 0) return null;
  const rate = supply === null ? 0 : principalRate(lines);
  return {
    kind,
    sac: ORDER_CHARGE_SAC[kind],
    amountPaise,
    ...chargeGst(amountPaise, rate, supply ?? 'inter-state'),
  };
}

/** The shipping of an order: not served, or the charge with its GST (null when shipping is free). */
export type ShippingCharge =
  { served: false } | { served: true; charge: StoredOrderCharge | null; minDays: number; maxDays: number };

/**
 * Shipping for `destination` and the order's taxed `lines` (their subtotal decides the free threshold).
 * `supply` is null for a store not registered under GST (no tax on the charge).
 */
export function shippingCharge(
  settings: DeliverySettings,
  destination: Destination,
  lines: readonly ChargeBasisLine[],
  supply: SupplyKind | null,
): ShippingCharge {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const quote = deliveryQuote(settings, destination, subtotal);
  if (!quote.served) return { served: false };
  return {
    served: true,
    charge: taxedCharge('shipping', quote.chargePaise, lines, supply),
    minDays: quote.minDays,
    maxDays: quote.maxDays,
  };
}
