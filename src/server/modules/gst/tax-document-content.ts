/**
 * What a tax document prints (CGST Rule 46 for a tax invoice, Rule 49 for a bill of supply, Rule 53 for a
 * credit note), kept as issued in `tax_documents.document` so later changes to the store or the catalogue never
 * alter it. Amounts in **paise**, rates in percent, dates ISO.
 */
import { amountInWords } from '@shared/gst/amount-in-words';
import { findIndianState, indianStateByCode } from '@shared/gst/indian-states';
import { ORDER_CHARGE_LABELS } from '@shared/delivery/charge-tax';
import type { StoredOrderCharge } from '../../db/schema/order-tables';
import { lineNameText } from '@shared/orders/order-line-text';

export type TaxDocumentKind = 'tax-invoice' | 'bill-of-supply' | 'credit-note';

export type TaxDocumentLine = {
  /** Title with size and colour: 'Maroon Raw Silk Kurta — Size M, Colour Maroon'. */
  description: string;
  hsn: string | null;
  quantity: number;
  /**
   * `PCS` (pieces) or `MTR` (metres): the unit quantity codes of GST returns; `NA` for a service (shipping, the
   * COD fee), quantity 1.
   */
  unit: 'PCS' | 'MTR' | 'NA';
  /** GST-inclusive unit price, paise. */
  unitPricePaise: number;
  ratePercent: number;
  taxableValuePaise: number;
  cgstRate: number;
  cgstPaise: number;
  sgstRate: number;
  sgstPaise: number;
  igstRate: number;
  igstPaise: number;
  /**
   * The line's share of the order's coupon discount, paise (absent or 0: none): shown on the invoice, and
   * already taken off the taxable value and the total (CGST Act s. 15(3)(a); docs/discounts.md "Tax").
   */
  discountPaise?: number;
  /** The line total (taxable value + tax), paise. */
  totalPaise: number;
  /** On a credit note: the index of the invoice line it credits (absent on invoices and older notes). */
  invoiceLine?: number;
};

export type TaxDocumentContent = {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: string;
  orderNumber: string;
  supplier: {
    legalName: string;
    address: string;
    gstin: string | null;
    state: string | null;
    stateCode: string | null;
  };
  recipient: {
    name: string;
    address: string;
    /** The buyer's GSTIN and business name, when given (valid) at payment: a B2B supply. */
    gstin: string | null;
    businessName: string | null;
  };
  placeOfSupply: { state: string; code: string | null };
  supply: 'intra-state' | 'inter-state' | 'not-registered';
  lines: TaxDocumentLine[];
  totals: {
    taxableValuePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    taxPaise: number;
    totalPaise: number;
  };
  totalInWords: string;
  /** Always false for a shop's sales to its customers (CGST Rule 46(p)). */
  reverseCharge: false;
  /** A credit note: the invoice it reverses. */
  refersTo: { number: string; issuedAt: string } | null;
};

/** The order as the document needs it (rows of `orders`, `order_lines`, `stores`, the payer). */
export type DocumentSource = {
  orderNumber: string;
  fullName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  supplierGstin: string | null;
  supplierStateCode: string | null;
  placeOfSupplyCode: string | null;
  store: {
    legalName: string | null;
    companyName: string | null;
    legalAddress: string | null;
    companyAddress: string | null;
    storeName: string | null;
  };
  payer: { gstin: string | null; businessName: string | null };
  lines: {
    productTitle: string;
    size: string | null;
    color: string | null;
    unit: string;
    quantity: number;
    unitPricePaise: number;
    lineTotalPaise: number;
    /** The line's coupon discount (paise); `lineTotalPaise` is already after it. */
    discountPaise?: number;
    hsn: string | null;
    gstRate: number | null;
    taxableValuePaise: number | null;
    taxPaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  }[];
  /** The order's charges (shipping, COD fee) with their GST; absent or empty: none. */
  charges?: StoredOrderCharge[];
  /**
   * The lines' service add-ons (docs/add-ons.md): title with the line's title, SAC, quantity, GST-inclusive
   * price and total, and their GST (paise); absent or empty: none.
   */
  addOns?: {
    description: string;
    sac: string;
    quantity: number;
    unitPricePaise: number;
    totalPaise: number;
    gstRate: number;
    taxableValuePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  }[];
};

/**
 * The content of the document `kind` numbered `number` for `source`, issued at `issuedAt`. The supply kind and
 * the tax come from what the order stored when it was placed; a store without a GSTIN then issues a bill of
 * supply ('Not registered under GST') whatever `kind` was asked for an invoice.
 */
export function taxDocumentContent(
  source: DocumentSource,
  kind: TaxDocumentKind,
  number: string,
  issuedAt: Date,
  refersTo: TaxDocumentContent['refersTo'] = null,
): TaxDocumentContent {
  const registered = source.supplierGstin !== null;
  const supply: TaxDocumentContent['supply'] = !registered
    ? 'not-registered'
    : source.supplierStateCode === source.placeOfSupplyCode
      ? 'intra-state'
      : 'inter-state';
  const lines = source.lines.map((line): TaxDocumentLine => {
    const rate = Number(line.gstRate ?? 0);
    const half = supply === 'intra-state' ? rate / 2 : 0;
    return {
      description: lineNameText({ title: line.productTitle, size: line.size, color: line.color }),
      hsn: line.hsn,
      quantity: Number(line.quantity),
      unit: line.unit === 'm' ? 'MTR' : 'PCS',
      unitPricePaise: line.unitPricePaise,
      ratePercent: rate,
      taxableValuePaise: line.taxableValuePaise ?? line.lineTotalPaise,
      cgstRate: half,
      cgstPaise: line.cgstPaise,
      sgstRate: half,
      sgstPaise: line.sgstPaise,
      igstRate: supply === 'inter-state' ? rate : 0,
      igstPaise: line.igstPaise,
      ...(line.discountPaise ? { discountPaise: line.discountPaise } : {}),
      totalPaise: line.lineTotalPaise,
    };
  });
  // Add-ons (stitching, fall & pico) follow the goods as service lines with their SAC and rate (docs/add-ons.md).
  for (const addOn of source.addOns ?? []) {
    lines.push({
      description: addOn.description,
      hsn: addOn.sac,
      quantity: addOn.quantity,
      unit: 'NA',
      unitPricePaise: addOn.unitPricePaise,
      ratePercent: addOn.gstRate,
      taxableValuePaise: addOn.taxableValuePaise,
      cgstRate: supply === 'intra-state' ? addOn.gstRate / 2 : 0,
      cgstPaise: addOn.cgstPaise,
      sgstRate: supply === 'intra-state' ? addOn.gstRate / 2 : 0,
      sgstPaise: addOn.sgstPaise,
      igstRate: supply === 'inter-state' ? addOn.gstRate : 0,
      igstPaise: addOn.igstPaise,
      totalPaise: addOn.totalPaise,
    });
  }
  // The charges follow the goods, each a line of its own with its SAC (docs/gst.md "Charges").
  for (const charge of source.charges ?? []) {
    lines.push({
      description: ORDER_CHARGE_LABELS[charge.kind],
      hsn: charge.sac,
      quantity: 1,
      unit: 'NA',
      unitPricePaise: charge.amountPaise,
      ratePercent: charge.ratePercent,
      taxableValuePaise: charge.taxableValuePaise,
      cgstRate: supply === 'intra-state' ? charge.ratePercent / 2 : 0,
      cgstPaise: charge.cgstPaise,
      sgstRate: supply === 'intra-state' ? charge.ratePercent / 2 : 0,
      sgstPaise: charge.sgstPaise,
      igstRate: supply === 'inter-state' ? charge.ratePercent : 0,
      igstPaise: charge.igstPaise,
      totalPaise: charge.amountPaise,
    });
  }
  const sum = (pick: (line: TaxDocumentLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const totals = {
    taxableValuePaise: sum((line) => line.taxableValuePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    taxPaise: sum((line) => line.cgstPaise + line.sgstPaise + line.igstPaise),
    totalPaise: sum((line) => line.totalPaise),
  };
  const supplierState = source.supplierStateCode
    ? (indianStateByCode(source.supplierStateCode)?.name ?? null)
    : null;
  return {
    kind: kind === 'tax-invoice' && !registered ? 'bill-of-supply' : kind,
    number,
    issuedAt: issuedAt.toISOString(),
    orderNumber: source.orderNumber,
    supplier: {
      legalName: source.store.legalName ?? source.store.companyName ?? source.store.storeName ?? '',
      address: source.store.legalAddress ?? source.store.companyAddress ?? '',
      gstin: source.supplierGstin,
      state: supplierState,
      stateCode: source.supplierStateCode,
    },
    recipient: {
      name: source.fullName,
      address: `${source.address}, ${source.city}, ${source.state} ${source.postalCode}`,
      gstin: registered ? source.payer.gstin : null,
      businessName: registered && source.payer.gstin ? source.payer.businessName : null,
    },
    placeOfSupply: {
      state: source.state,
      code: source.placeOfSupplyCode ?? findIndianState(source.state)?.code ?? null,
    },
    supply,
    lines,
    totals,
    totalInWords: amountInWords(totals.totalPaise),
    reverseCharge: false,
    refersTo,
  };
}
