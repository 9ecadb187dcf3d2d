/**
 * The GST of an order as the server stores it when the order is placed (docs/gst.md): for each line the HSN
 * code, the rate, the taxable value and the tax by head, computed with the shared rules of src/shared/gst
 * (rate: Notification 9/2025-Central Tax (Rate) slab for apparel, 5 % for fabric by the metre, or the
 * product's or its category's rate; inclusive split; CGST + SGST or IGST by place of supply). Amounts in paise.
 */
import { sql } from 'drizzle-orm';
import { lineGst, untaxedLine, type LineGst } from '@shared/gst/line-gst';
import { findIndianState } from '@shared/gst/indian-states';
import { supplyKind, type SupplyKind } from '@shared/gst/tax-split';
import { rowsOf, type Db } from '../../db/database';
import type { StoredOrderCharge } from '../../db/schema/order-tables';

/** The store's GST settings (the `stores` columns): state name, GSTIN (null: not registered), category defaults. */
export type StoreGstSettings = {
  state: string | null;
  gstin: string | null;
  /** Category or sub-category name (lower case) → default HSN and rate of its products. */
  gstDefaults: Record<string, { hsn?: string; gstRate?: number }>;
};

/** What decides one line's GST: its product's own HSN and rate, categories, unit, unit price and line total. */
export type TaxedLineInput = {
  position: number;
  hsn: string | null;
  gstRate: number | null;
  category: string | null;
  parentCategory: string | null;
  unit: 'piece' | 'm';
  /** GST-inclusive price per piece or metre, paise. */
  unitPricePaise: number;
  /** GST-inclusive line total, paise. */
  lineTotalPaise: number;
};

/** One line's stored GST: position in the order, HSN (null: none known) and the amounts of {@link LineGst}. */
export type TaxedLine = LineGst & { position: number; hsn: string | null };

/** The order's GST: the snapshot columns of `orders` and each line's tax. */
export type OrderTax = {
  /** The store's GSTIN at placement; null: not registered, no tax. */
  supplierGstin: string | null;
  supplierStateCode: string | null;
  /** GST state code of the delivery state (the place of supply), null when the state is not one of the 36. */
  placeOfSupplyCode: string | null;
  taxPaise: number;
  lines: TaxedLine[];
};

/**
 * The default of a line's product from the store settings: its sub-category's entry, else its category's
 * (names compared in lower case).
 */
function categoryDefault(settings: StoreGstSettings, line: TaxedLineInput) {
  const byName = (name: string | null) => (name ? settings.gstDefaults[name.toLowerCase()] : undefined);
  return byName(line.parentCategory) ?? byName(line.category);
}

/**
 * The GST of an order delivered to `deliveryState` (a name of the 36, as checkout validated it). A store with
 * a GSTIN taxes each line ({@link lineGst}): the rate is the product's, else its (sub-)category default's,
 * else the rules; same state code as the GSTIN → CGST + SGST, else IGST. Without a GSTIN no line is taxed.
 */
export function orderTax(
  settings: StoreGstSettings,
  deliveryState: string,
  lines: TaxedLineInput[],
): OrderTax {
  const placeOfSupplyCode = findIndianState(deliveryState)?.code ?? null;
  const supplierStateCode = settings.gstin
    ? settings.gstin.slice(0, 2)
    : (findIndianState(settings.state ?? '')?.code ?? null);
  const taxed = lines.map((line): TaxedLine => {
    const fallback = categoryDefault(settings, line);
    const hsn = line.hsn ?? fallback?.hsn ?? null;
    if (!settings.gstin) return { position: line.position, hsn, ...untaxedLine(line.lineTotalPaise) };
    const kind = supplyKind(supplierStateCode!, placeOfSupplyCode ?? '');
    const overrideRate = line.gstRate ?? fallback?.gstRate ?? null;
    return {
      position: line.position,
      hsn,
      ...lineGst(
        { unitPricePaise: line.unitPricePaise, unit: line.unit, overrideRate },
        line.lineTotalPaise,
        kind,
      ),
    };
  });
  return {
    supplierGstin: settings.gstin,
    supplierStateCode,
    placeOfSupplyCode,
    taxPaise: taxed.reduce((sum, line) => sum + line.taxPaise, 0),
    lines: taxed,
  };
}

/** How the charges of an order are levied: null for a store not registered under GST (no tax on them). */
export function chargeSupplyKind(tax: OrderTax): SupplyKind | null {
  if (!tax.supplierGstin) return null;
  return supplyKind(tax.supplierStateCode ?? '', tax.placeOfSupplyCode ?? '');
}

/**
 * Writes `tax` onto the order `orderId` of `storeId` and its lines (matched by position), in one statement,
 * inside the placing transaction, with the order's `charges` (shipping, COD fee: ../delivery/order-charges.ts):
 * the shipping fee and the COD fee columns, the stored charges, the total (subtotal − the coupon's discount +
 * charges; write the discount first: ../orders/order-coupon.ts) and the order's
 * tax (the lines' and the charges'), all in paise.
 * @returns the order's total as now stored, in paise (0 when there is no such order).
 */
export async function recordOrderTax(
  tx: Db,
  storeId: number,
  orderId: string,
  tax: OrderTax,
  charges: StoredOrderCharge[] = [],
): Promise<number> {
  const chargeOf = (kind: StoredOrderCharge['kind']) =>
    charges.find((charge) => charge.kind === kind)?.amountPaise ?? 0;
  const chargesPaise = charges.reduce((sum, charge) => sum + charge.amountPaise, 0);
  const chargesTaxPaise = charges.reduce((sum, charge) => sum + charge.taxPaise, 0);
  const column = <T>(pick: (line: TaxedLine) => T) => sql.param(tax.lines.map(pick));
  const result = await tx.execute(sql`
    WITH taxed AS (
      SELECT * FROM unnest(
        ${column((line) => line.position)}::integer[], ${column((line) => line.hsn)}::text[],
        ${column((line) => line.ratePercent)}::numeric[], ${column((line) => line.taxableValuePaise)}::bigint[],
        ${column((line) => line.taxPaise)}::bigint[], ${column((line) => line.cgstPaise)}::bigint[],
        ${column((line) => line.sgstPaise)}::bigint[], ${column((line) => line.igstPaise)}::bigint[]
      ) AS taxed(position, hsn, gst_rate, taxable_value_paise, tax_paise, cgst_paise, sgst_paise, igst_paise)
    ),
    lines AS (
      UPDATE order_lines AS l SET hsn = taxed.hsn, gst_rate = taxed.gst_rate,
        taxable_value_paise = taxed.taxable_value_paise, tax_paise = taxed.tax_paise,
        cgst_paise = taxed.cgst_paise, sgst_paise = taxed.sgst_paise, igst_paise = taxed.igst_paise
      FROM taxed
      WHERE l.store_id = ${storeId} AND l.order_id = ${orderId} AND l.position = taxed.position
      RETURNING 1
    )
    UPDATE orders SET supplier_gstin = ${tax.supplierGstin}, supplier_state_code = ${tax.supplierStateCode},
      place_of_supply_code = ${tax.placeOfSupplyCode}, tax_paise = ${tax.taxPaise + chargesTaxPaise},
      shipping_fee_paise = ${chargeOf('shipping')}, cod_fee_paise = ${chargeOf('cod')},
      charges = ${JSON.stringify(charges)}::jsonb,
      total_paise = subtotal_paise - discount_paise + ${chargesPaise}
    WHERE store_id = ${storeId} AND id = ${orderId} AND (SELECT count(*) FROM lines) >= 0
    RETURNING total_paise`);
  const [row] = rowsOf<{ total_paise: string | number }>(result);
  return row ? Number(row.total_paise) : 0;
}
