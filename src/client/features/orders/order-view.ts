/**
 * The order as the screens show it (docs/product.md §3 "Order as read from the server" → "Order as shown", "Order
 * status codes"): each line with its size and colour ('M / Maroon') and quantity × price ('2.5 m × ₹450'),
 * until when a Pending order's stock is held ('Pay by 14:35', the shopper's local time), why a Cancelled order
 * was cancelled, and a refund owed for a payment that came after the cancellation. Pure: unit-tested in
 * order-view.test.ts.
 * The mapping is lenient (a missing status counts as 0, missing lists and texts as empty) so an older or
 * partial answer still renders.
 */
import {
  codPaymentText,
  ORDER_STATUS,
  ORDER_STATUS_DISPLAY,
  orderStatusLabel,
  type OrderStatusCode,
} from '@shared/orders/order-status';
import type { Order } from '@shared/orders/order-schemas';
import { paymentReportedText } from '@shared/payments/payment-report-schema';
import { lineTotalPaise, type UnitOfMeasure } from '@shared/catalog/unit-of-measure';
import { pricesIncludeGstText } from '@client/lib/orders/gst-text';
import { formatRupees, rupeesToPaise } from '@shared/money';
import { quantityTimesPrice, variantLabel } from '@client/lib/orders/line-text';
import { afterDeliveryView, type AfterDeliveryView } from './order-after-delivery-view';
import { orderTimeline, type TimelineStep } from './order-timeline';
import { formatTimestamp } from '@client/lib/format-timestamp';

/** docs/product.md §2 "Orders": the empty state and its link. */
export const NO_ORDERS_TITLE = 'No Orders Found';
export const BROWSE_PRODUCTS = 'Browse Products';
/** docs/product.md §8 "My orders failure". */
export const ORDERS_LOAD_ERROR = 'Failed to load your orders. Please try again.';
/** docs/product.md §2 "Orders": the payment button of a Pending order. */
export const PAY_NOW = 'Pay Now';
/** The method shown when the server names none, and the tracking text while there is no tracking number. */
export const DEFAULT_SHIPPING_METHOD = 'Standard Shipping';
export const TRACKING_NOT_AVAILABLE = 'Not available';
/** docs/product.md §5 / §8 "Track order". */
export const REQUIRED_FIELDS_TITLE = 'Required fields';
export const REQUIRED_FIELDS_DESCRIPTION = 'Please enter both order number and email/phone';
export const TRACK_FAILED = 'Failed to find order. Please check your information and try again.';
/** docs/product.md §2 "Order success". */
export const ORDER_SUCCESS_TITLE = 'Thank You for Your Order!';
export const ORDER_SUCCESS_TEXT =
  "Your order has been successfully placed. We'll send you an email with your order details.";

export type BadgeColour = 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'gray';

/** Shown while a Pending order waits for its payment: `Pay by ${time}`. */
export const payByText = (time: string) => `Pay by ${time}`;
/** Shown on a Cancelled order that was paid after it was cancelled, once its stock was gone. */
export const REFUND_DUE = 'Paid after cancellation — refund due';

export type OrderItemView = {
  id: string;
  name: string;
  /** The chosen size and colour, 'M / Maroon'; '' when the line has neither. */
  variant: string;
  /** The line's add-ons as shown: 'Blouse stitching ₹1,200' (docs/add-ons.md); empty: none. */
  addOns: string[];
  unit: UnitOfMeasure;
  /** Pieces, or metres when `unit` is `m` (2.5). */
  quantity: number;
  /** Unit price in rupees (per metre for `m`). */
  price: number;
  /** round(price × quantity) in rupees. */
  lineTotal: number;
  /** '2 × ₹1,299.50', '2.5 m × ₹450'. */
  quantityTimesPrice: string;
};

export type OrderView = {
  id: string;
  status: number;
  statusLabel: string;
  statusColour: BadgeColour;
  /** Only Pending orders offer payment (docs/product.md §4 "Order status") and cancelling by the shopper. */
  isPending: boolean;
  /**
   * A Pending order the shopper has not reported paying: it offers 'Pay Now'. Once they said 'I have paid' it
   * is being verified by the shop and offers no payment (docs/payments.md "I have paid").
   */
  awaitingPayment: boolean;
  /** When a Pending order's stock is released without payment (ISO), for `<time dateTime>`; '' otherwise. */
  paymentDueAt: string;
  /**
   * That time as 'HH:MM' (24-hour) in the shopper's time zone; '' when there is none, it is not Pending, or
   * the shopper reported paying (the window is paused).
   */
  payBy: string;
  /** Why a Cancelled order was cancelled: 'Cancelled — payment not received in time'; '' otherwise. */
  cancellation: string;
  /** Paid after it was cancelled: the shop owes a refund ({@link REFUND_DUE}). */
  refundDue: boolean;
  /** What the courier last said of a Shipped order's parcel ('Out for delivery'); '' otherwise. */
  courierStatus: string;
  /**
   * A Pending order the shopper said they paid by UPI: 'Payment reported — being verified (UTR …)'
   * (`paymentReportedText`); '' otherwise.
   */
  paymentReported: string;
  /** The creation time as sent (ISO), for `<time dateTime>`. */
  createdAt: string;
  /** The creation date, en-IN long ('21 November 2026'); '' when the server sent no valid date. */
  date: string;
  items: OrderItemView[];
  shipping: {
    fullName: string;
    phone: string;
    /** "address, city, state postalCode" (docs/product.md §3 "address (a joined string)"). */
    address: string;
    method: string;
    tracking: string;
    /** The courier the shop shipped with (src/shared/orders/couriers.ts); '' before shipping or when unknown. */
    courier: string;
    /** A known courier's public tracking page for the tracking number; '' for none. */
    trackingUrl: string;
  };
  /**
   * The coupon's discount ('Discount (FIRST10)', a negative amount; docs/discounts.md), then the order's
   * charges as the server stored them (docs/delivery.md): 'Shipping', 'Cash on delivery fee',
   * amounts in rupees; empty when shipping was Free and no COD fee applies.
   */
  charges: { label: string; amount: number }[];
  /**
   * Σ price × quantity in rupees (docs/product.md §2 "Orders") plus the charges, computed in paise so it has no
   * floating-point dust.
   */
  total: number;
  /** A cash-on-delivery order: 'COD — payment due' until delivered, then 'COD — paid'; '' otherwise. */
  codPayment: string;
  /**
   * The GST inside the total as the server stored it: 'Prices include GST (IGST)' and the amount in rupees;
   * null when the store was not registered or the order predates GST.
   */
  gst: { text: string; tax: number } | null;
  /** The steps the order went through, oldest first (placed, paid, shipped…), with their times. */
  timeline: TimelineStep[];
  /** The documents the shop issued: 'Download invoice' once shipped, 'Download credit note' if cancelled after. */
  documents: { document: 'invoice' | 'credit-note'; label: string; number: string }[];
  /** Returns, refunds and credit notes, and whether 'Return or exchange' is offered (docs/returns.md). */
  afterDelivery: AfterDeliveryView;
};

/** The server order, with every field optional: what {@link toOrderView} accepts. */
export type ServerOrder = Partial<Omit<Order, 'items' | 'shippingAddress'>> & {
  items?: Partial<Order['items'][number]>[] | null;
  shippingAddress?: Partial<Order['shippingAddress']> | null;
};

/** Label and badge colour of a status code; an unknown code reads 'Unknown (code)' in gray (docs/product.md §3, §8). */
export function orderStatusDisplay(code: number): { label: string; colour: BadgeColour } {
  const known = ORDER_STATUS_DISPLAY[code as OrderStatusCode];
  return known
    ? { label: known.label, colour: known.colour }
    : { label: orderStatusLabel(code), colour: 'gray' };
}

/**
 * The address as one line: "address, city, state postalCode" (docs/product.md §3). Blank parts are left out without
 * leaving stray commas.
 */
export function joinShippingAddress(parts: {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}): string {
  const clean = (value: string | null | undefined) => (value ?? '').trim();
  const statePin = [clean(parts.state), clean(parts.postalCode)].filter(Boolean).join(' ');
  return [clean(parts.address), clean(parts.city), statePin].filter(Boolean).join(', ');
}

/**
 * Σ price × quantity in rupees, each line rounded to whole paise as the server rounds it
 * (round(price in paise × quantity)), summed in integer paise.
 */
export function orderTotal(items: readonly Pick<OrderItemView, 'price' | 'quantity'>[]): number {
  const paise = items.reduce(
    (sum, item) => sum + lineTotalPaise(rupeesToPaise(item.price), item.quantity),
    0,
  );
  return paise / 100;
}

/**
 * A timestamp as 'HH:MM' on the 24-hour clock ('14:35'); '' when missing or not a date. `timeZone` defaults to
 * the browser's (the shopper's local time); tests pass one.
 */
export function formatPayBy(value: string | null | undefined, timeZone?: string): string {
  return formatTimestamp(value, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
}

/**
 * The line under a Cancelled order's number: 'Cancelled — payment not received in time'; a cause that already
 * says it ('cancelled by the customer') reads 'Cancelled by the customer'. '' without a cause.
 */
export function cancellationText(cause: string | null | undefined): string {
  const text = (cause ?? '').trim();
  if (!text) return '';
  if (/^cancelled\b/i.test(text)) return `C${text.slice(1)}`;
  return `Cancelled — ${text}`;
}

/**
 * A timestamp as an en-IN long date ('21 November 2026'); '' when missing or not a date. `timeZone` defaults
 * to the browser's; tests pass one.
 */
export function formatOrderDate(value: string | null | undefined, timeZone?: string): string {
  return formatTimestamp(value, { day: 'numeric', month: 'long', year: 'numeric', timeZone });
}

const finite = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Maps a server order to the shown order (docs/product.md §3). */
export function toOrderView(order: ServerOrder, timeZone?: string): OrderView {
  const status = Math.trunc(finite(order.status, ORDER_STATUS.pending));
  const display = orderStatusDisplay(status);
  const items = (order.items ?? []).map((item, index): OrderItemView => {
    const unit: UnitOfMeasure = item.unit === 'm' ? 'm' : 'piece';
    const quantity = finite(item.quantity, 0);
    const price = finite(item.price, 0);
    return {
      id: text(item.id) || String(index),
      name: text(item.productTitle),
      variant: variantLabel(item.size, item.color),
      addOns: (item.addOns ?? []).map((addOn) => `${addOn.title} ${formatRupees(addOn.total)}`),
      unit,
      quantity,
      price,
      lineTotal: lineTotalPaise(rupeesToPaise(price), quantity) / 100,
      quantityTimesPrice: quantityTimesPrice(quantity, unit, formatRupees(price)),
    };
  });
  const address = order.shippingAddress ?? {};
  // The coupon's discount is a row of its own above the charges, negative (docs/discounts.md).
  const discount = finite(order.discount, 0);
  const couponCode = text(order.couponCode);
  const charges = [
    ...(discount > 0
      ? [{ label: couponCode ? `Discount (${couponCode})` : 'Discount', amount: -discount }]
      : []),
    ...(order.charges ?? [])
      .map((charge) => ({ label: text(charge.label), amount: finite(charge.amount, 0) }))
      .filter((charge) => charge.label !== '' && charge.amount > 0),
  ];
  const isPending = status === ORDER_STATUS.pending;
  const reported = isPending && Boolean(order.paymentReported);
  const paymentDueAt = isPending && !reported ? text(order.paymentDueAt) : '';
  return {
    id: text(order.id),
    status,
    statusLabel: display.label,
    statusColour: display.colour,
    isPending,
    awaitingPayment: isPending && !reported,
    paymentDueAt,
    payBy: formatPayBy(paymentDueAt, timeZone),
    cancellation: status === ORDER_STATUS.cancelled ? cancellationText(order.cancellationCause) : '',
    refundDue: order.refundDue === true,
    courierStatus: status === ORDER_STATUS.shipped ? text(order.courierStatus) : '',
    paymentReported: reported && order.paymentReported ? paymentReportedText(order.paymentReported) : '',
    createdAt: text(order.createdAt),
    date: formatOrderDate(order.createdAt, timeZone),
    items,
    shipping: {
      fullName: text(address.fullName),
      phone: text(address.phone),
      address: joinShippingAddress(address),
      method: text(order.shippingMethod) || DEFAULT_SHIPPING_METHOD,
      tracking: text(order.trackingNumber) || TRACKING_NOT_AVAILABLE,
      courier: text(order.courier),
      trackingUrl: /^https:\/\//.test(text(order.trackingUrl)) ? text(order.trackingUrl) : '',
    },
    charges,
    total:
      (rupeesToPaise(orderTotal(items)) + charges.reduce((sum, c) => sum + rupeesToPaise(c.amount), 0)) / 100,
    codPayment: codPaymentText(status, order.cashOnDelivery === true) ?? '',
    gst:
      order.gstSupply === 'intra-state' || order.gstSupply === 'inter-state'
        ? { text: pricesIncludeGstText(order.gstSupply), tax: finite(order.tax, 0) }
        : null,
    timeline: orderTimeline(order.history, timeZone),
    documents: [
      ...(order.invoice
        ? [{ document: 'invoice' as const, label: DOWNLOAD_INVOICE, number: order.invoice.number }]
        : []),
      // Every credit note is listed with the order's refunds when the server names them all.
      ...(order.creditNote && !order.creditNotes
        ? [{ document: 'credit-note' as const, label: DOWNLOAD_CREDIT_NOTE, number: order.creditNote.number }]
        : []),
    ],
    afterDelivery: afterDeliveryView(order),
  };
}

/** The buttons of an order's tax documents. */
export const DOWNLOAD_INVOICE = 'Download invoice';
export const DOWNLOAD_CREDIT_NOTE = 'Download credit note';
