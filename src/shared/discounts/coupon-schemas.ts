/**
 * The coupon contract (docs/discounts.md): the owner's coupon form and list (`/api/v1/admin/coupons`), the
 * shopper's 'Apply coupon' field, and `POST /checkout/quote` — the whole bill priced by the server. Amounts in
 * the API are **rupees**; percent values are whole percents; times are ISO 8601 moments (the admin form sends
 * India-time dates turned into moments).
 */
import { z } from 'zod';
import { GST_SUPPLY_KINDS, MAX_LINES_PER_ORDER, orderLineRequestSchema } from '../orders/order-schemas';
import { COUPON_NOT_VALID } from './coupon-messages';

/** A coupon code: letters, digits and '-', 2–32 characters; compared without regard to letter case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9-]{2,32}$/;

/** The code as the shopper types it: trimmed; a code of the wrong shape is simply 'This code is not valid'. */
export const couponCodeSchema = z
  .string({ message: COUPON_NOT_VALID })
  .trim()
  .max(64, COUPON_NOT_VALID)
  .transform((code) => code.toUpperCase());

/** The shopper's 'Apply coupon' form. */
export const applyCouponFormSchema = z.object({
  code: z.string().trim().min(1, 'Enter a code').regex(COUPON_CODE_PATTERN, COUPON_NOT_VALID),
});
export type ApplyCouponForm = z.infer<typeof applyCouponFormSchema>;

export const COUPON_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_SCOPES = ['all', 'categories', 'products'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
export const COUPON_STATUSES = ['scheduled', 'active', 'expired', 'paused'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

const rupees = z.number({ message: 'must be a number' }).nonnegative('must be 0 or more').max(10_000_000);
const moment = z.iso.datetime({ offset: true, message: 'must be a date and time' });

/**
 * The owner's coupon form (create and edit). `value`: percent (1–100) for `percent`, rupees for `fixed`,
 * ignored (0) for `free_shipping`. `maxDiscount` caps a percent coupon (rupees). `endsAt` after `startsAt`.
 */
export const couponInputSchema = z
  .object({
    code: z
      .string({ message: 'is required' })
      .trim()
      .regex(COUPON_CODE_PATTERN, "must be 2–32 letters, digits or '-'")
      .transform((code) => code.toUpperCase()),
    description: z.string().trim().max(140).default(''),
    kind: z.enum(COUPON_KINDS, { message: 'must be percent, fixed or free_shipping' }),
    value: rupees.default(0),
    minSubtotal: rupees.nullable().default(null),
    maxDiscount: rupees.nullable().default(null),
    startsAt: moment,
    endsAt: moment.nullable().default(null),
    usageLimit: z.number().int('must be a whole number').positive('must be above 0').nullable().default(null),
    perCustomerLimit: z.number().int('must be a whole number').positive('must be above 0').default(1),
    firstOrderOnly: z.boolean().default(false),
    scope: z.enum(COUPON_SCOPES).default('all'),
    /** Category or sub-category names (any letter case) for scope `categories`. */
    categories: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
    /** Product ids for scope `products`. */
    productIds: z
      .array(z.uuid({ message: 'must be a product id' }))
      .max(200)
      .default([]),
    excludeSaleItems: z.boolean().default(false),
    paused: z.boolean().default(false),
  })
  .superRefine((input, context) => {
    if (
      input.kind === 'percent' &&
      (input.value < 1 || input.value > 100 || !Number.isInteger(input.value))
    ) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'must be a whole percent from 1 to 100' });
    }
    if (input.kind === 'fixed' && input.value <= 0) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'must be above 0' });
    }
    if (input.endsAt !== null && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
    }
    if (input.scope === 'categories' && input.categories.length === 0) {
      context.addIssue({ code: 'custom', path: ['categories'], message: 'must name at least one category' });
    }
    if (input.scope === 'products' && input.productIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['productIds'], message: 'must name at least one product' });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;
export type CheckedCouponInput = z.output<typeof couponInputSchema>;

/** A coupon as the admin reads it: the form's fields, its status now, and its uses (orders not given back). */
export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minSubtotal: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int(),
  firstOrderOnly: z.boolean(),
  scope: z.enum(COUPON_SCOPES),
  categories: z.array(z.string()),
  productIds: z.array(z.string()),
  excludeSaleItems: z.boolean(),
  paused: z.boolean(),
  status: z.enum(COUPON_STATUSES),
  timesUsed: z.number().int(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListSchema = z.array(couponSchema);

/** `GET /admin/coupons/{couponId}/uses`: the orders that carry the code, and the discount they were given. */
export const couponUsesSchema = z.object({
  orders: z.array(
    z.object({
      orderId: z.string(),
      createdAt: z.string(),
      email: z.string(),
      status: z.number().int(),
      discount: z.number(),
      total: z.number(),
      /** The use was given back (an unpaid order cancelled). */
      released: z.boolean(),
    }),
  ),
  totalDiscount: z.number(),
});
export type CouponUses = z.infer<typeof couponUsesSchema>;

export const couponParamsSchema = z.object({ couponId: z.coerce.number().int().positive() });

/** `POST /admin/coupons/{couponId}/{action}`: pause, resume or duplicate. */
export const couponActionParamsSchema = couponParamsSchema.extend({
  action: z.enum(['pause', 'resume', 'duplicate'], { message: 'must be pause, resume or duplicate' }),
});

/**
 * `POST /checkout/quote` body: the checkout's lines (as `POST /orders` takes them), and when known the delivery
 * address (or only its state and PIN code), the payment method and the coupon code.
 */
export const checkoutQuoteBodySchema = z.object({
  lines: z
    .array(orderLineRequestSchema)
    .min(1, 'must contain at least one product')
    .max(MAX_LINES_PER_ORDER, `must contain at most ${MAX_LINES_PER_ORDER} lines`),
  shippingAddress: z
    .object({
      state: z.string().trim().max(80).optional(),
      postalCode: z.string().trim().max(6).optional(),
    })
    .optional(),
  paymentMethod: z.enum(['online', 'cod']).optional(),
  couponCode: z.string().trim().max(64).optional(),
});
export type CheckoutQuoteBody = z.infer<typeof checkoutQuoteBodySchema>;

/**
 * `POST /checkout/quote` answer, rupees: `subtotal` (lines at their prices), `discount` (the coupon's),
 * `shipping` (null: not served there; absent: PIN code unknown and the charge depends on it), `codFee` (with
 * `paymentMethod: 'cod'`, else 0; null: COD not offered), the GST inside the total, `total` = subtotal −
 * discount + shipping + COD fee; the applied coupon or why the code was refused; each line's discount and tax.
 */
export const checkoutQuoteSchema = z.object({
  subtotal: z.number(),
  /** The lines' service add-ons in rupees (docs/add-ons.md), included in `subtotal`; absent: none. */
  addOns: z.number().optional(),
  discount: z.number(),
  shipping: z.number().nullable().optional(),
  codFee: z.number().nullable(),
  tax: z.object({
    registered: z.boolean(),
    supply: z.enum(GST_SUPPLY_KINDS).nullable(),
    total: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
  }),
  total: z.number(),
  coupon: z.object({ code: z.string(), description: z.string() }).nullable(),
  couponError: z.string().nullable(),
  lines: z.array(
    z.object({
      position: z.number().int(),
      lineTotal: z.number(),
      discount: z.number(),
      gstRate: z.number(),
      tax: z.number(),
    }),
  ),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;
