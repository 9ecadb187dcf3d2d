/**
 * The checkout's bill (`POST /checkout/quote`, docs/discounts.md): the lines priced as the order would price
 * them at this moment (../gst/tax-quote.ts), the coupon (refused with its message, or shared over the lines it
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
import { quotedLines, quoteStoreSettings } from '../gst/tax-quote';
import { couponVerdict, discountedTaxInputs } from './coupon-pricing';

/**
 * The bill of `body` in `storeId` for the signed-in `userId` (null: a guest; the per-customer and first-order
 * rules are then checked when the order is placed). Amounts in rupees.
 */
export async function quoteCheckout(
  db: Db,
  storeId: number,
  body: CheckoutQuoteBody,
  userId: number | null,
  now = new Date(),
): Promise<CheckoutQuote> {
  const { gst, delivery } = await quoteStoreSettings(db, storeId);
  const rows = await quotedLines(db, storeId, body.lines, now);
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
  const code = body.couponCode?.trim() ?? '';
  const verdict = code === '' ? null : await couponVerdict(db, storeId, code, lines, userId, now);
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
  const subtotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const discountPaise = applied?.discountPaise ?? 0;
  const heads = tax.lines.reduce(
    (sum, line) => ({
      cgst: sum.cgst + line.cgstPaise,
      sgst: sum.sgst + line.sgstPaise,
      igst: sum.igst + line.igstPaise,
    }),
    { cgst: 0, sgst: 0, igst: 0 },
  );
  let supply: CheckoutQuote['tax']['supply'] = null;
  if (!gst.gstin) supply = 'not-registered';
  else if (state) supply = state.code === tax.supplierStateCode ? 'intra-state' : 'inter-state';
  return {
    subtotal: paiseToRupees(subtotalPaise),
    discount: paiseToRupees(discountPaise),
    ...(shippingPaise === undefined
      ? {}
      : { shipping: shippingPaise === null ? null : paiseToRupees(shippingPaise) }),
    codFee: codFeePaise === null ? null : paiseToRupees(codFeePaise),
    tax: {
      registered: gst.gstin !== null,
      supply,
      total: paiseToRupees(tax.taxPaise + chargesTaxPaise),
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
