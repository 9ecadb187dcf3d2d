/**
 * Checkout (docs/product.md §3 "Order", §4 "Purchase flow"): creating a customer's order in one transaction — each line
 * resolved to its product and variant, stock reserved per variant (or per product without variants), lines
 * priced from the catalogue at this moment and copied into the order as a snapshot (./place-order.ts), the
 * payment window set, and the 'Order received — complete your payment' e-mail put in the mail outbox — or
 * refused with nothing changed. Retries with the same `Idempotency-Key` answer the order the key created.
 */
import {
  MAX_PENDING_ORDERS_PER_ACCOUNT,
  TOO_MANY_UNPAID_ORDERS,
  type CreateOrderBody,
} from '@shared/orders/order-schemas';
import { findIndianState } from '@shared/gst/indian-states';
import type { Db } from '../../db/database';
import { isRetryableConflict } from '../../db/database-errors';
import { AppError, ConflictError, ValidationError } from '../../errors';
import { PIN_NOT_SERVED_MESSAGE } from '@shared/delivery/delivery-rules';
import { shippingCharge } from '../delivery/order-charges';
import { chargeSupplyKind, orderTax, recordOrderTax } from '../gst/order-tax';
import { enqueueMail } from '../mail/outbox';
import { enqueueOrderCreatedEvents } from '../webhooks/webhook-events';
import { lockCustomer } from './checkout-lock';
import { IdempotencyKeyTaken, replayedOrderNumber, requestHash } from './idempotency';
import { refusedLines } from './line-checks';
import { orderConfirmationMessage, type OrderConfirmation } from './order-mail';
import { inBodyOrder, wantedLines } from './order-lines';
import { generateOrderNumber } from './order-number';
import { activePromotions } from '../promotions/active-promotions';
import { placeOrder } from './place-order';
import { mailAddOns, placeOrderAddOns } from './order-add-on-lines';
import { priceOrder } from './pricing';
import { shortStockError } from './stock';
import type { CustomerUse } from '@shared/discounts/coupon-rules';
import { COUPON_NOT_VALID } from '@shared/discounts/coupon-messages';
import { customerUseOf, findCouponByCode } from '../coupons/coupon-store';
import { discountedTaxInputs } from './coupon-pricing';
import { couponOnOrder } from './order-coupon';
import { queueOrderPlacedMessage, recordCheckoutOptIn } from './checkout-consent';
import { DEFAULT_MESSAGE_TEXTS } from '@shared/notifications/message-templates';
import { e164IndianMobile } from '../notifications/phone-consent';
import { shopNameOf } from '../mail/shop-sender';
import type { MessageOrder } from './order-messages';
import { loadOrderStoreFacts, type OrderStoreCache } from './order-store-cache';
import type { QuoteCache } from './quote-cache';

/** Minutes an order waits for payment when the caller does not say: the default of `PAYMENT_WINDOW_MINUTES`. */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 30;

/** The result of {@link createOrder}: the order number, and whether it was an idempotent replay. */
export type CreatedOrder =
  | { orderNumber: string; replayed: false; confirmation: OrderConfirmation }
  | { orderNumber: string; replayed: true };

export type CreateOrderInput = {
  storeId: number;
  userId: number;
  /** The account's e-mail, copied into the order; the order's e-mail goes there. */
  email: string;
  /** The validated body (`createOrderBodySchema`); only the lines and the address are used. */
  body: CreateOrderBody;
  /** The `Idempotency-Key` header, already checked for shape. */
  idempotencyKey?: string | undefined;
  /** `MAIL_FROM`: the e-mail's sender when the store has no company e-mail. */
  mailFrom?: string | undefined;
  /** `PAYMENT_WINDOW_MINUTES`: how long the order waits for payment (default 30). */
  paymentWindowMinutes?: number | undefined;
  /**
   * The shop's public origin (`https://shop.example.com`, no trailing slash) for the payment link in the
   * e-mail; without it the e-mail tells the customer to pay from My Orders.
   */
  shopOrigin?: string | undefined;
  /** Draws order numbers (default {@link generateOrderNumber}); tests make it collide. */
  newOrderNumber?: () => string;
  /** The instant whose running promotions price the lines (default: now). */
  now?: Date;
  /**
   * The app's caches (`app.quoteCache`, `app.orderStoreCache`): the running promotions and what the order's
   * messages and webhook events need of the store, kept in process; without them they are read.
   */
  caches?: { quote: QuoteCache; store: OrderStoreCache } | undefined;
};

/** Thrown inside the transaction when the drawn order number already exists in the store. */
class OrderNumberTaken extends Error {}

/** The storefront's payment page of an order under `origin`: `<origin>/payment?orderId=RS-…`. */
export function paymentPageUrl(origin: string, orderNumber: string): string {
  return `${origin.replace(/\/+$/, '')}/payment?orderId=${encodeURIComponent(orderNumber)}`;
}

/**
 * Creates an order of `input.userId` in `input.storeId` in one transaction: the account's checkout lock is
 * taken (its checkouts run one at a time), then {@link placeOrder} resolves the lines, reserves the stock, prices the
 * lines and writes the order (payment due `paymentWindowMinutes` from now), its line snapshots, its 'created'
 * event and the idempotency key, then the GST of each line is computed and stored (../gst/order-tax.ts); the e-mail is written to the outbox in the same transaction, so it exists
 * exactly when the order does. Any refusal rolls everything back. A retried request with the same
 * `Idempotency-Key` answers the order it created (and writes no second e-mail), even past the limit below.
 * @throws {ValidationError} for lines that cannot be ordered, each named (`products.<id>` or
 *   `lines.<i>.productId|variantId|size|color|quantity`: 'is not available', 'Please choose a size',
 *   'Please choose a colour', 'is listed more than once', the unit's quantity rule — see ./line-checks.ts).
 * @throws {ConflictError} `You have unpaid orders. Please pay or cancel one of them first.` when the account
 *   already has {@link MAX_PENDING_ORDERS_PER_ACCOUNT} orders waiting for payment in this store.
 * @throws {ConflictError} when stock is short: 'Maroon Raw Silk Kurta — M / Maroon: only 1 left' (a variant)
 *   or 'Not enough stock for <title>' (a product without variants), with 'only N left' for each short line
 *   (`products.<id>` or `lines.<i>.quantity`); when the idempotency key was used with a different body.
 */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreatedOrder> {
  const { storeId, userId, body } = input;
  const hash = requestHash(body);
  const scope = { storeId, userId, key: input.idempotencyKey };
  const replay = async (): Promise<CreatedOrder | null> => {
    const orderNumber = await replayedOrderNumber(db, scope, hash);
    return orderNumber ? { orderNumber, replayed: true } : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const { wanted, problems } = wantedLines(body);
  if (wanted.length === 0) throw new ValidationError(inBodyOrder(problems, body));
  const paymentWindowMinutes = input.paymentWindowMinutes ?? DEFAULT_PAYMENT_WINDOW_MINUTES;
  // The state as the list of the 36 spells it (the schema accepted it in any letter case): the place of supply.
  const shippingAddress = {
    ...body.shippingAddress,
    state: findIndianState(body.shippingAddress.state)?.name ?? body.shippingAddress.state,
  };
  // Read before the transaction, which PGlite runs on the event loop: promotions change rarely, and a promotion
  // written meanwhile is a catalogue change the shopper's page has not shown yet either.
  const now = input.now ?? new Date();
  const promotions = input.caches
    ? (await input.caches.quote.context(db, storeId, undefined, now)).promotions
    : await activePromotions(db, storeId, now);
  const attempt = () =>
    db.transaction(async (tx): Promise<CreatedOrder> => {
      // One order per turn of the event loop. PGlite hands its lock from one waiter to the next in
      // microtasks, so a burst of checkouts would otherwise run back to back without the loop polling I/O
      // in between: new connections then wait seconds to be read (measured with 20 connections: p99 of
      // 1.5–3 s, all of it first requests on new connections). Costs nothing measurable on PostgreSQL.
      await new Promise((resolve) => setImmediate(resolve));
      await lockCustomer(tx, userId);
      // The coupon and the customer's earlier uses, read before this order exists (it would count itself).
      const couponCode = body.couponCode?.trim() ?? '';
      const coupon = couponCode === '' ? null : await findCouponByCode(tx, storeId, couponCode);
      if (couponCode !== '' && coupon === null) {
        throw new ConflictError(COUPON_NOT_VALID, { couponCode: COUPON_NOT_VALID });
      }
      const customerUse: CustomerUse | null = coupon && (await customerUseOf(tx, storeId, userId, coupon.id));
      const placed = await placeOrder(tx, {
        storeId,
        userId,
        email: input.email,
        shippingAddress,
        orderNumber: (input.newOrderNumber ?? generateOrderNumber)(),
        idempotencyKey: input.idempotencyKey ?? null,
        requestHash: hash,
        paymentWindowMinutes,
        wanted,
        promotions,
      });
      const refused = { ...problems, ...(await refusedLines(tx, storeId, wanted, placed.lines)) };
      if (Object.keys(refused).length > 0) throw new ValidationError(inBodyOrder(refused, body));
      if (placed.pendingOrders >= MAX_PENDING_ORDERS_PER_ACCOUNT) {
        throw new ConflictError(TOO_MANY_UNPAID_ORDERS);
      }
      const short = wanted.flatMap((line, index) =>
        placed.lines[index]!.reserved ? [] : [{ wanted: line, placed: placed.lines[index]! }],
      );
      if (short.length > 0) throw await shortStockError(tx, storeId, short);

      const order = placed.order;
      if (order === null) throw new OrderNumberTaken();
      if (input.idempotencyKey && placed.keysClaimed !== 1) throw new IdempotencyKeyTaken();
      const discount = coupon && (await couponOnOrder(tx, storeId, order, coupon, customerUse, placed.lines));
      const lineDiscounts = discount ? discount.lineDiscountsPaise : null;
      const freeShipping = discount ? discount.freeShipping : false;
      const tax = orderTax(
        placed.gst,
        shippingAddress.state,
        discountedTaxInputs(
          placed.lines.map((line) => ({
            position: line.position,
            hsn: line.hsn,
            gstRate: line.gstRate,
            category: line.category,
            parentCategory: line.parentCategory,
            unit: line.unit,
            unitPricePaise: line.unitPricePaise!,
            lineTotalPaise: line.lineTotalPaise!,
            quantity: line.quantity,
          })),
          lineDiscounts,
        ),
      );
      // Shipping for the delivery PIN code, state and subtotal, computed here (never taken from the client).
      const shipping = shippingCharge(
        placed.delivery,
        { postalCode: shippingAddress.postalCode, state: shippingAddress.state },
        placed.lines.map((line, index) => ({
          lineTotalPaise: line.lineTotalPaise! - (lineDiscounts?.[index] ?? 0),
          ratePercent: tax.lines[index]!.ratePercent,
        })),
        chargeSupplyKind(tax),
      );
      if (!shipping.served) {
        throw new ValidationError({ 'shippingAddress.postalCode': PIN_NOT_SERVED_MESSAGE });
      }
      // A free-shipping coupon takes the charge away altogether (no charge, no GST on it).
      const shippingCharges = shipping.charge && !freeShipping ? [shipping.charge] : [];
      const taxedTotalPaise = await recordOrderTax(tx, storeId, order.id, tax, shippingCharges);
      const addOns = await placeOrderAddOns(tx, {
        ...{ storeId, userId, orderId: order.id, body, wanted },
        ...{ placed: placed.lines, supply: chargeSupplyKind(tax) },
      });
      const goods = priceOrder(
        placed.lines.map((line) => ({
          title: line.title!,
          size: line.size,
          color: line.color,
          unit: line.unit,
          quantity: line.quantity,
          unitPricePaise: line.unitPricePaise!,
        })),
        shippingCharges[0]?.amountPaise ?? 0,
        lineDiscounts ?? undefined,
      );
      const addOnsPaise = addOns.reduce((sum, addOn) => sum + addOn.totalPaise, 0);

      const confirmation: OrderConfirmation = {
        orderNumber: order.orderNumber,
        email: input.email,
        createdAt: order.createdAt,
        ...goods,
        subtotalPaise: goods.subtotalPaise + addOnsPaise,
        totalPaise: goods.totalPaise + addOnsPaise,
        addOns: mailAddOns(addOns, placed.lines),
        couponCode: coupon && lineDiscounts ? coupon.code : null,
        shippingMethod: order.shippingMethod,
        shippingAddress: { ...shippingAddress },
        store: placed.store,
        paymentDueAt: order.paymentDueAt,
        paymentWindowMinutes,
        paymentUrl: input.shopOrigin ? paymentPageUrl(input.shopOrigin, order.orderNumber) : null,
      };
      await enqueueMail(tx, storeId, orderConfirmationMessage(confirmation, input.mailFrom));
      if (body.whatsappOptIn)
        await recordCheckoutOptIn(tx, storeId, userId, shippingAddress.phone, order.createdAt);
      const facts = await (input.caches?.store.facts(tx, storeId) ?? loadOrderStoreFacts(tx, storeId));
      // The order as its messages read it (./order-messages.ts `readMessageOrder`), from what is in hand: its
      // stored total is the taxed total plus the add-ons (../add-ons/order-add-ons.ts adds them).
      const messageOrder: MessageOrder = {
        id: order.id,
        orderNumber: order.orderNumber,
        phone: e164IndianMobile(shippingAddress.phone),
        email: input.email,
        totalPaise: taxedTotalPaise + addOnsPaise,
        cashOnDelivery: false,
        courier: null,
        trackingNumber: null,
        shopName: shopNameOf({ ...placed.store, companyEmail: null }),
        settings: facts.messageSettings,
      };
      await queueOrderPlacedMessage(
        tx,
        storeId,
        messageOrder,
        confirmation.paymentUrl,
        facts.templateTexts.get('order-placed') ?? DEFAULT_MESSAGE_TEXTS['order-placed'],
      );
      await enqueueOrderCreatedEvents(tx, storeId, order.id, facts.endpoints);
      return { orderNumber: order.orderNumber, replayed: false, confirmation };
    });

  try {
    for (let run = 1; ; run++) {
      try {
        return await attempt();
      } catch (error) {
        // PostgreSQL may pick this transaction as a deadlock victim (e.g. against a catalogue import).
        if (run < 3 && isRetryableConflict(error)) continue;
        // A random order number that is already taken (1 in 2^40 per existing order): draw another.
        if (run < 8 && error instanceof OrderNumberTaken) continue;
        throw error;
      }
    }
  } catch (error) {
    // A retry that arrives while its first request is still running waits for it (PostgreSQL: on the key
    // or the stock rows; PGlite: transactions run one at a time), and may then find the stock gone or the
    // key taken: it answers the first request's order instead.
    if (input.idempotencyKey && (error instanceof IdempotencyKeyTaken || error instanceof AppError)) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
}
