/**
 * The GST quote of the checkout (`POST /gst/quote`): the lines priced as the order would price them at this
 * moment (the best of a running promotion's price and the sale price — variant's discounted, variant's regular,
 * product's discounted, product's regular price — docs/discounts.md; line total = round(unit price × quantity)) and taxed with {@link orderTax}; with the delivery PIN code also the shipping
 * charge (taxed at the principal supply's rate) and the COD fee where it is offered (docs/delivery.md). Reads
 * only; scoped to the store.
 */
import { sql, type SQL } from 'drizzle-orm';
import { codRefusal, type DeliverySettings } from '@shared/delivery/delivery-rules';
import { findIndianState } from '@shared/gst/indian-states';
import type { TaxQuote, TaxQuoteBody } from '@shared/gst/gst-schemas';
import { paiseToRupees } from '@shared/money';
import { rowsOf, type Db } from '../../db/database';
import { deliverySettingsOf } from '../delivery/delivery-settings-store';
import { shippingCharge } from '../delivery/order-charges';
import { activePromotions } from '../promotions/active-promotions';
import type { ActivePromotion } from '../promotions/promotion-price';
import { promotionalUnitPriceSql } from '../promotions/promotion-price-sql';
import { chargeSupplyKind, orderTax, type OrderTax, type StoreGstSettings } from './order-tax';

/** One found line of a quote: what decides its GST and its coupon (product, categories, prices in paise). */
export type QuoteRow = {
  position: number;
  quantity: string | number;
  product_id: string;
  regular_price_paise: number;
  unit: string;
  hsn: string | null;
  gst_rate: string | number | null;
  parent_category: string | null;
  category_name: string | null;
  unit_price_paise: number;
  line_total_paise: string | number;
};

/**
 * The shipping (rupees, null: not served) and COD fee (rupees, null: not offered) for a 6-digit `postalCode`,
 * with the shipping's GST (paise). Without a valid PIN code: the same for a store without zones (its charge
 * is the same everywhere it delivers; the COD fee only when COD is not limited to PIN prefixes), else null.
 */
export function chargesQuote(
  settings: DeliverySettings,
  postalCode: string | undefined,
  state: string | null,
  tax: OrderTax,
): { shipping: number | null; codFee: number | null; taxPaise: number } | null {
  const pinKnown = postalCode !== undefined && /^[1-9][0-9]{5}$/.test(postalCode);
  if (!pinKnown && settings.zones.length > 0) return null;
  const lines = tax.lines.map((line) => ({
    lineTotalPaise: line.taxableValuePaise + line.taxPaise,
    ratePercent: line.ratePercent,
  }));
  const destination = { postalCode: pinKnown ? postalCode : '', state };
  const shipping = shippingCharge(settings, destination, lines, chargeSupplyKind(tax));
  if (!shipping.served) return { shipping: null, codFee: null, taxPaise: 0 };
  const shippingPaise = shipping.charge?.amountPaise ?? 0;
  const value = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0) + shippingPaise;
  const codOffered =
    (pinKnown || settings.cod.pinPrefixes.length === 0) &&
    codRefusal(settings.cod, destination.postalCode, value) === null;
  return {
    shipping: paiseToRupees(shippingPaise),
    codFee: codOffered ? paiseToRupees(settings.cod.feePaise) : null,
    taxPaise: shipping.charge?.taxPaise ?? 0,
  };
}

/** The store's GST and delivery settings, as a quote needs them. */
export async function quoteStoreSettings(
  db: Db,
  storeId: number,
): Promise<{ gst: StoreGstSettings; delivery: DeliverySettings }> {
  const [row] = rowsOf<{ settings: unknown }>(
    await db.execute(sql`SELECT ${quoteSettingsJsonSql(storeId)} AS settings`),
  );
  return quoteSettingsOfJson(row?.settings ?? null);
}

/**
 * A scalar subquery giving what {@link quoteStoreSettings} reads as one JSON object (read it back with
 * {@link quoteSettingsOfJson}), for a caller that reads it in the same statement as other things.
 */
export function quoteSettingsJsonSql(storeId: number): SQL {
  return sql`(SELECT json_build_object('state', state, 'gstin', gstin, 'gstDefaults', gst_defaults,
    'delivery', delivery_settings) FROM stores WHERE id = ${storeId})`;
}

/** The settings of a {@link quoteSettingsJsonSql} answer (a store's defaults when it is null). */
export function quoteSettingsOfJson(json: unknown): { gst: StoreGstSettings; delivery: DeliverySettings } {
  const store = (typeof json === 'string' ? JSON.parse(json) : json) as {
    state: string | null;
    gstin: string | null;
    gstDefaults: StoreGstSettings['gstDefaults'] | null;
    delivery: DeliverySettings | null;
  } | null;
  return {
    gst: { state: store?.state ?? null, gstin: store?.gstin ?? null, gstDefaults: store?.gstDefaults ?? {} },
    delivery: deliverySettingsOf(store?.delivery),
  };
}

/**
 * The lines of a quote priced as the order would price them at `now` (the promotions running then included:
 * `promotions` when the caller read them already), in
 * the body's order; lines whose product or variant is not found are left out. `regular_price_paise`: the
 * variant's regular price, else the product's (a line is on sale when its unit price is below it).
 */
export async function quotedLines(
  db: Db,
  storeId: number,
  lines: TaxQuoteBody['lines'],
  now: Date = new Date(),
  promotions?: readonly ActivePromotion[],
): Promise<QuoteRow[]> {
  promotions ??= await activePromotions(db, storeId, now);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const asUuid = (value: string | undefined) => (value !== undefined && uuid.test(value) ? value : null);
  return rowsOf<QuoteRow>(
    await db.execute(sql`
      WITH wanted AS (
        SELECT product_id, variant_id, size, color, quantity, (ordinality - 1)::integer AS position
        FROM unnest(
          ${sql.param(lines.map((line) => asUuid(line.productId)))}::uuid[],
          ${sql.param(lines.map((line) => asUuid(line.variantId)))}::uuid[],
          ${sql.param(lines.map((line) => line.size ?? null))}::text[],
          ${sql.param(lines.map((line) => line.color ?? null))}::text[],
          ${sql.param(lines.map((line) => line.quantity))}::numeric[]
        ) WITH ORDINALITY AS wanted(product_id, variant_id, size, color, quantity, ordinality)
      ),
      line AS (
        SELECT wanted.position, wanted.quantity, p.id AS product_id, p.unit, p.hsn, p.gst_rate, p.parent_category,
          (SELECT c.name FROM categories AS c WHERE c.id = p.category_id AND c.store_id = ${storeId}) AS category_name,
          ${promotionalUnitPriceSql(promotions, {
            productId: sql`p.id`,
            categoryId: sql`p.category_id`,
            subCategory: sql`p.parent_category`,
            regularPricePaise: sql`coalesce(v.regular_price_paise, p.regular_price_paise)`,
            unitPricePaise: sql`coalesce(v.discounted_price_paise, v.regular_price_paise, p.discounted_price_paise, p.regular_price_paise)`,
          })} AS unit_price_paise,
          coalesce(v.regular_price_paise, p.regular_price_paise) AS regular_price_paise
        FROM wanted
          JOIN products AS p ON p.id = wanted.product_id AND p.store_id = ${storeId}
          LEFT JOIN LATERAL (
            SELECT v.regular_price_paise, v.discounted_price_paise FROM product_variants AS v
            WHERE v.product_id = p.id AND v.store_id = ${storeId} AND CASE
              WHEN wanted.variant_id IS NOT NULL THEN v.id = wanted.variant_id
              ELSE (wanted.size IS NOT NULL OR wanted.color IS NOT NULL)
                AND (v.size IS NULL OR lower(v.size) = lower(wanted.size))
                AND (v.color IS NULL OR lower(v.color) = lower(wanted.color))
            END
            ORDER BY (v.size IS NOT NULL)::integer + (v.color IS NOT NULL)::integer DESC, v.position
            LIMIT 1
          ) AS v ON true
      )
      SELECT *, round(unit_price_paise * quantity)::bigint AS line_total_paise FROM line ORDER BY position`),
  );
}

/**
 * The GST of `body.lines` in `storeId`, delivered to `body.state` when it names one of the 36 (else only the
 * amounts, which do not depend on the state). Lines whose product or variant is not found are left out.
 */
export async function quoteTax(
  db: Db,
  storeId: number,
  body: TaxQuoteBody,
  now: Date = new Date(),
): Promise<TaxQuote> {
  const { gst: settings, delivery } = await quoteStoreSettings(db, storeId);
  const rows = await quotedLines(db, storeId, body.lines, now);
  const state = body.state ? findIndianState(body.state) : undefined;
  const tax = orderTax(
    settings,
    state?.name ?? '',
    rows.map((row) => ({
      position: row.position,
      hsn: row.hsn,
      gstRate: row.gst_rate === null ? null : Number(row.gst_rate),
      category: row.category_name,
      parentCategory: row.parent_category,
      unit: row.unit === 'm' ? 'm' : 'piece',
      unitPricePaise: row.unit_price_paise,
      lineTotalPaise: Number(row.line_total_paise),
    })),
  );
  const registered = settings.gstin !== null;
  const charges = chargesQuote(delivery, body.postalCode, state?.name ?? null, tax);
  let supply: TaxQuote['supply'] = null;
  if (!registered) supply = 'not-registered';
  else if (state) supply = state.code === tax.supplierStateCode ? 'intra-state' : 'inter-state';
  return {
    registered,
    supply,
    tax: paiseToRupees(tax.taxPaise + (charges?.taxPaise ?? 0)),
    ...(charges ? { shipping: charges.shipping, codFee: charges.codFee } : {}),
    lines: tax.lines.map((line) => ({
      position: line.position,
      gstRate: line.ratePercent,
      tax: paiseToRupees(line.taxPaise),
    })),
  };
}
