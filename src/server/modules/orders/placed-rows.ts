/**
 * What the order's statement (./place-order.ts) answers, read into {@link PlacedOrder}: one row per wanted
 * line with what was found for it, and the new order when one was inserted. Quantities and stock in the
 * product's unit (pieces or metres); money in paise.
 */
import type { DeliverySettings } from '@shared/delivery/delivery-rules';
import type { StoreGstSettings } from '../gst/order-tax';
import { deliverySettingsOf } from '../delivery/delivery-settings-store';
import { DEFAULT_SHIPPING_METHOD } from './pricing';

/**
 * One row of the order's statement: a wanted line (in the body's order) as it was found, with the order when
 * it was made. Numeric and bigint columns arrive as text from the drivers: {@link placedOrderOf} reads them as
 * numbers.
 */
export type RawPlacedRow = {
  position: number;
  product_id: string | null;
  variant_id: string | null;
  has_variants: boolean;
  title: string | null;
  sku: string | null;
  size: string | null;
  color: string | null;
  image_url: string | null;
  unit: string | null;
  min_quantity: string | number | null;
  quantity_step: string | number | null;
  quantity: string | number;
  stock: string | number | null;
  unit_price_paise: number | null;
  regular_price_paise: number | null;
  line_total_paise: string | number | null;
  reserved: boolean;
  hsn: string | null;
  gst_rate: string | number | null;
  parent_category: string | null;
  category_name: string | null;
  pending_orders: number;
  order_id: string | null;
  order_number: string | null;
  created_at: string | Date | null;
  payment_due_at: string | Date | null;
  shipping_method: string | null;
  keys_claimed: number;
  store_name: string | null;
  company_name: string | null;
  company_email: string | null;
  store_state: string | null;
  store_gstin: string | null;
  store_gst_defaults: StoreGstSettings['gstDefaults'] | null;
  store_delivery_settings: DeliverySettings | null;
};

/** A wanted line as the order's statement found it; product fields are null when the product was not found. */
export type PlacedLine = {
  position: number;
  /** The product of the store, or null when there is none with the wanted id. */
  productId: string | null;
  /** The variant found (by id, or by size and colour), or null. */
  variantId: string | null;
  /** The product has variants: a line needs one of them. */
  hasVariants: boolean;
  title: string | null;
  /** The variant's SKU when there is a variant, else the product's. */
  sku: string | null;
  size: string | null;
  color: string | null;
  /** The variant's image, else the product's. */
  imageUrl: string | null;
  unit: 'piece' | 'm';
  minQuantity: number;
  quantityStep: number;
  quantity: number;
  /** On hand before this order (variant's for a variant line, else the product's); null: not tracked. */
  stock: number | null;
  /** The variant's discounted, else its regular, else the product's discounted, else its regular price. */
  unitPricePaise: number | null;
  /** The variant's regular price, else the product's: the line is on sale when its unit price is below it. */
  regularPricePaise: number | null;
  /** round(unit price × quantity). */
  lineTotalPaise: number | null;
  /** Not tracked, or this order's quantity was taken off the variant's (or product's) stock. */
  reserved: boolean;
  /** The product's own HSN code and GST rate (percent), null when not set. */
  hsn: string | null;
  gstRate: number | null;
  /** The product's category and sub-category names: they choose the store's GST defaults. */
  category: string | null;
  parentCategory: string | null;
};

/** What the order's statement answers (./place-order.ts): every wanted line, the account's waiting orders, and the new order. */
export type PlacedOrder = {
  lines: PlacedLine[];
  /** Orders of this account and store waiting for payment, before this one. */
  pendingOrders: number;
  /**
   * The new order; null when nothing was inserted (a line missing, short or repeated, the limit reached, the
   * number taken).
   */
  order: {
    id: string;
    orderNumber: string;
    createdAt: Date;
    paymentDueAt: Date;
    shippingMethod: string;
  } | null;
  /** 1 when this order recorded its idempotency key, 0 when a concurrent request holds it (or none was given). */
  keysClaimed: number;
  store: { storeName: string | null; companyName: string | null; companyEmail: string | null };
  /** The store's GST settings at this moment. */
  gst: StoreGstSettings;
  /** The store's delivery settings at this moment (defaults when none are set). */
  delivery: DeliverySettings;
};

const toNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** The statement's rows (in the body's order) as a {@link PlacedOrder}. */
export function placedOrderOf(rows: RawPlacedRow[]): PlacedOrder {
  const first = rows[0];
  return {
    lines: rows.map((row) => ({
      position: row.position,
      productId: row.product_id,
      variantId: row.variant_id,
      hasVariants: row.has_variants,
      title: row.title,
      sku: row.sku,
      size: row.size,
      color: row.color,
      imageUrl: row.image_url,
      unit: row.unit === 'm' ? 'm' : 'piece',
      minQuantity: toNumber(row.min_quantity) ?? 1,
      quantityStep: toNumber(row.quantity_step) ?? 1,
      quantity: Number(row.quantity),
      stock: toNumber(row.stock),
      unitPricePaise: row.unit_price_paise,
      regularPricePaise: row.regular_price_paise,
      lineTotalPaise: toNumber(row.line_total_paise),
      reserved: row.reserved,
      hsn: row.hsn,
      gstRate: toNumber(row.gst_rate),
      category: row.category_name,
      parentCategory: row.parent_category,
    })),
    pendingOrders: first?.pending_orders ?? 0,
    order:
      first?.order_id && first.order_number && first.created_at && first.payment_due_at
        ? {
            id: first.order_id,
            orderNumber: first.order_number,
            createdAt: toDate(first.created_at),
            paymentDueAt: toDate(first.payment_due_at),
            shippingMethod: first.shipping_method ?? DEFAULT_SHIPPING_METHOD,
          }
        : null,
    keysClaimed: first?.keys_claimed ?? 0,
    store: {
      storeName: first?.store_name ?? null,
      companyName: first?.company_name ?? null,
      companyEmail: first?.company_email ?? null,
    },
    gst: {
      state: first?.store_state ?? null,
      gstin: first?.store_gstin ?? null,
      gstDefaults: first?.store_gst_defaults ?? {},
    },
    delivery: deliverySettingsOf(first?.store_delivery_settings),
  };
}
