/**
 * The signed-in shopper's cart kept on the server (docs/messages.md "Forgotten carts"): `GET` / `PUT
 * /api/v1/cart`, `POST /api/v1/cart/merge` at sign-in, `GET /api/v1/cart/restore/{token}` from a reminder's link,
 * and the owner's reminder setting. Quantities in pieces, or metres for fabric sold by the metre; prices in
 * rupees as the storefront's cart shows them (the order is priced again on the server at checkout).
 */
import { z } from 'zod';

/** Most lines a kept cart holds. */
export const CART_LINE_LIMIT = 50;

/** The texts of the cart routes. */
export const cartTexts = {
  tooManyLines: `must hold at most ${CART_LINE_LIMIT} lines`,
  productNotFound: 'is not a product on sale in this shop',
  variantNotFound: 'is not a size of this product',
  chooseVariant: 'needs a size of this product',
  badQuantity: 'is not a quantity this product is sold in',
  linkInvalid: 'This cart link is not valid.',
} as const;

/** One line sent by the storefront: the product, its variant (absent without variants) and the quantity. */
export const cartLineInputSchema = z.object({
  productId: z.uuid('must be a product id'),
  variantId: z.uuid('must be a variant id').nullable().optional(),
  quantity: z.number().positive('must be more than 0').max(10_000, 'is too large'),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** `PUT /cart` and `POST /cart/merge`: the lines (the whole cart, or the browser's cart to add). */
export const cartBodySchema = z.object({
  lines: z.array(cartLineInputSchema).max(CART_LINE_LIMIT, cartTexts.tooManyLines),
});
export type CartBody = z.infer<typeof cartBodySchema>;

/** One line as the server answers it, with what the storefront's cart line shows. */
export const cartLineSchema = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  quantity: z.number(),
  name: z.string(),
  image: z.string(),
  /** Unit price in rupees (per metre when `unit` is `m`), the promotion's or sale price when lower. */
  price: z.number(),
  selectedSize: z.string().nullable(),
  selectedColor: z.string().nullable(),
  unit: z.enum(['piece', 'm']),
  minQuantity: z.number(),
  quantityStep: z.number(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Every cart answer: the lines still on sale (others are left out). */
export const cartSchema = z.object({ lines: z.array(cartLineSchema) });
export type Cart = z.infer<typeof cartSchema>;

/** `{token}` of `GET /cart/restore/{token}`: 43 base64url characters. */
export const cartRestoreParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, cartTexts.linkInvalid),
});

/** The owner's setting: hours after a cart's last change its reminder goes (1 to 168), or null = off. */
export const cartReminderSettingSchema = z.object({
  reminderAfterHours: z
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be 1 to 168 hours')
    .max(168, 'must be 1 to 168 hours')
    .nullable(),
});
export type CartReminderSetting = z.infer<typeof cartReminderSettingSchema>;

/** The default: a reminder 1 hour after the last change. */
export const DEFAULT_CART_REMINDER_HOURS = 1;
