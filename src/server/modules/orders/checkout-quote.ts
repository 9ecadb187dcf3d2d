/**
 * The checkout's bill (`POST /checkout/quote`, docs/discounts.md): the lines priced as the order would price
 * them at this moment (./quote-line-pricing.ts, the rules of ../gst/tax-quote.ts), the coupon (refused with its message, or shared over the lines it
 * applies to), the GST of the discounted lines, the shipping charge for the delivery PIN code (none with a
 * free-shipping coupon), the COD fee when cash on delivery is chosen, and the total. Reads only; scoped to the
 * store. The order repeats the same pricing in its own transaction, whatever the client shows.
 */
import { codRefusal } from '@shared/delivery/delivery-rules';
import { chargeGst, principalRate } from '@shared/delivery/charge-tax';
import { findIndianState } from '@shared/gst/indian-states';
import type { CheckoutQuote, CheckoutQuoteBody } from '@shared/discounts/coupon-schemas';
import { paiseToRupees } from '@shared/money';
import type { Db } from '../../db/database';
import { shippingCharge } from '../delivery/order-charges';
import { chargeSupplyKind, orderTax } from '../gst/order-tax';
import { couponVerdictOf, discountedTaxInputs } from './coupon-pricing';
import { priceAddOns } from '../add-ons/add-on-pricing';
import type { QuoteCache } from './quote-cache';
import { priceQuoteLines, uuidOrNull } from './quote-line-pricing';

/**
 * The bill of `body` in `storeId` for the signed-in `userId` (null: a guest; the per-customer and first-order
 * rules are then checked when the order is placed), at `now`. Amounts in rupees. The store's settings,
 * promotions and coupons and the products come from `cache` (./quote-cache.ts: read from the database only
 * when a change made them stale), the promotions and the coupon's window judged at `now`.
 */
export async function quoteCheckout(
  db: Db,
  storeId: number,
  body: CheckoutQuoteBody,
  userId: number | null,
  now: Date,
  cache: QuoteCache,
): Promise<CheckoutQuote> {
  const code = body.couponCode?.trim() ?? '';
  const productIds = body.lines.flatMap((line) => uuidOrNull(line.productId) ?? []);
  const [context, products] = await Promise.all([
    cache.context(db, storeId, code, now),
    cache.products(db, storeId, productIds),
  ]);
  const { gst, delivery } = context;
  const rows = priceQuoteLines(body.lines, (id) => products.get(id), context.promotions);
  const lines = rows.map((row) => ({
    position: row.position,
    productId: row.product_id,
    category: row.category_name,
    parentCategory: row.parent_category,
    unitPricePaise: row.unit_price_paise,
    regularPricePaise: row.regular_price_paise,
    lineTotalPaise: Number(row.line_total_paise),
    quantity: Number(row.quantity),
    hsn: row.hsn,
    gstRate: row.gst_rate === null ? null : Number(row.gst_rate),
    unit: row.unit === 'm' ? ('m' as const) : ('piece' as const),
  }));
  const verdict = code === '' ? null : await couponVerdictOf(db, storeId, context.coupon, lines, userId, now);
  const applied = verdict && 'applied' in verdict ? verdict.applied : null;
  const lineDiscounts = applied?.lineDiscountsPaise ?? lines.map(() => 0);

  const state = body.shippingAddress?.state ? findIndianState(body.shippingAddress.state) : undefined;
  const tax = orderTax(gst, state?.name ?? '', discountedTaxInputs(lines, lineDiscounts));
  const kind = chargeSupplyKind(tax);
  const rated = tax.lines.map((line) => ({
    lineTotalPaise: line.taxableValuePaise + line.taxPaise,
    ratePercent: line.ratePercent,
  }));
  const valuePaise = rated.reduce((sum, line) => sum + line.lineTotalPaise, 0);

  // Shipping: known for a valid PIN code, or everywhere alike for a store without zones.
  const postalCode = body.shippingAddress?.postalCode ?? '';
  const pinKnown = /^[1-9][0-9]{5}$/.test(postalCode);
  let shippingPaise: number | null | undefined;
  let chargesTaxPaise = 0;
  let codFeePaise: number | null = 0;
  if (pinKnown || delivery.zones.length === 0) {
    const destination = { postalCode: pinKnown ? postalCode : '', state: state?.name ?? null };
    const shipping = shippingCharge(delivery, destination, rated, kind);
    if (!shipping.served) shippingPaise = null;
    else if (applied?.freeShipping) shippingPaise = 0;
    else {
      shippingPaise = shipping.charge?.amountPaise ?? 0;
      chargesTaxPaise += shipping.charge?.taxPaise ?? 0;
    }
    if (body.paymentMethod === 'cod') {
      const offered =
        shippingPaise !== null &&
        (pinKnown || delivery.cod.pinPrefixes.length === 0) &&
        codRefusal(delivery.cod, destination.postalCode, valuePaise + (shippingPaise ?? 0)) === null;
      codFeePaise = offered ? delivery.cod.feePaise : null;
      if (offered && kind && delivery.cod.feePaise > 0) {
        chargesTaxPaise += chargeGst(delivery.cod.feePaise, principalRate(rated), kind).taxPaise;
      }
    }
  }
  // Add-ons (docs/add-ons.md): priced and taxed on their own, outside the coupon and the shipping charge.
  const addOns = await priceAddOns(db, {
    storeId,
    userId: userId ?? 0,
    supply: kind,
    lines: lines.map((line) => ({
      key: String(line.position),
      position: line.position,
      productId: line.productId,
      unit: line.unit,
      quantity: line.quantity,
      requests: body.lines[line.position]?.addOns ?? [],
    })),
  });
  const addOnsPaise = addOns.reduce((sum, addOn) => sum + addOn.totalPaise, 0);
  const addOnHeads = addOns.reduce(
    (sum, addOn) => ({
      tax: sum.tax + addOn.gst.taxPaise,
      cgst: sum.cgst + addOn.gst.cgstPaise,
      sgst: sum.sgst + addOn.gst.sgstPaise,
      igst: sum.igst + addOn.gst.igstPaise,
    }),
    { tax: 0, cgst: 0, sgst: 0, igst: 0 },
  );
  const subtotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0) + addOnsPaise;
  const discountPaise = applied?.discountPaise ?? 0;
  const heads = tax.lines.reduce(
    (sum, line) => ({
      cgst: sum.cgst + line.cgstPaise,
      sgst: sum.sgst + line.sgstPaise,
      igst: sum.igst + line.igstPaise,
    }),
    { cgst: addOnHeads.cgst, sgst: addOnHeads.sgst, igst: addOnHeads.igst },
  );
  let supply: CheckoutQuote['tax']['supply'] = null;
  if (!gst.gstin) supply = 'not-registered';
  else if (state) supply = state.code === tax.supplierStateCode ? 'intra-state' : 'inter-state';
  return {
    subtotal: paiseToRupees(subtotalPaise),
    ...(addOnsPaise > 0 ? { addOns: paiseToRupees(addOnsPaise) } : {}),
    discount: paiseToRupees(discountPaise),
    ...(shippingPaise === undefined
      ? {}
      : { shipping: shippingPaise === null ? null : paiseToRupees(shippingPaise) }),
    codFee: codFeePaise === null ? null : paiseToRupees(codFeePaise),
    tax: {
      registered: gst.gstin !== null,
      supply,
      total: paiseToRupees(tax.taxPaise + chargesTaxPaise + addOnHeads.tax),
      cgst: paiseToRupees(heads.cgst),
      sgst: paiseToRupees(heads.sgst),
      igst: paiseToRupees(heads.igst),
    },
    total: paiseToRupees(subtotalPaise - discountPaise + (shippingPaise ?? 0) + (codFeePaise ?? 0)),
    coupon:
      verdict?.coupon && applied
        ? { code: verdict.coupon.code, description: verdict.coupon.description }
        : null,
    couponError: verdict && 'refusal' in verdict ? verdict.refusal : null,
    lines: tax.lines.map((line, index) => ({
      position: line.position,
      lineTotal: paiseToRupees(lines[index]!.lineTotalPaise),
      discount: paiseToRupees(lineDiscounts[index]!),
      gstRate: line.ratePercent,
      tax: paiseToRupees(line.taxPaise),
    })),
  };
}
