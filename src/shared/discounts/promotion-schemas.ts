/**
 * The contract of automatic promotions (docs/discounts.md "Automatic promotions"): the admin's form and API body, the
 * admin list's rows, and what a promotion looks like in the catalogue file's `store.promotions`. Times are
 * entered and shown in India time (`YYYY-MM-DDTHH:mm`, Asia/Kolkata, UTC+5:30 all year) and stored as instants;
 * a fixed amount is in **rupees** here (paise on the server).
 */
import { z } from 'zod';
import { indiaLocalToInstant } from './promotion-times';
import { formatRupees } from '../money';

/** What a promotion takes off: whole percent, or a fixed amount in rupees off each unit. */
export const PROMOTION_KINDS = ['percent', 'fixed'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Which products it applies to: every product, the products of some categories, or a list of products. */
export const PROMOTION_SCOPES = ['all', 'categories', 'products'] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

/** Where a promotion stands at a moment (the admin list): not started, running, over, or stopped by hand. */
export const PROMOTION_STATUSES = ['scheduled', 'active', 'expired', 'paused'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** The largest percent a promotion may take off. */
export const MAX_PROMOTION_PERCENT = 90;
/** The most categories or products one promotion may name. */
export const MAX_PROMOTION_TARGETS = 500;

const indiaTime = z
  .string()
  .trim()
  .refine((text) => indiaLocalToInstant(text) !== null, 'must be a date and time like 2026-11-01T00:00');

/**
 * A promotion as the admin enters it (create and edit) and as the catalogue file carries it. `value`: percent
 * (a whole number 1–{@link MAX_PROMOTION_PERCENT}) or rupees off (up to 2 decimals, more than 0).
 * `categories`: category names (case-insensitive) for scope `categories`; `products`: product SKUs for scope
 * `products`. It runs from `startsAt` (its first second) until just before `endsAt`, both India time.
 */
export const promotionInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(80, 'must be at most 80 characters'),
    kind: z.enum(PROMOTION_KINDS, { message: 'must be percent or fixed' }),
    value: z.number({ message: 'must be a number' }),
    scope: z.enum(PROMOTION_SCOPES, { message: 'must be all, categories or products' }),
    categories: z.array(z.string().trim().min(1).max(100)).max(MAX_PROMOTION_TARGETS).default([]),
    products: z.array(z.string().trim().min(1).max(100)).max(MAX_PROMOTION_TARGETS).default([]),
    startsAt: indiaTime,
    endsAt: indiaTime,
    paused: z.boolean().default(false),
  })
  .superRefine((input, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (input.kind === 'percent') {
      if (!Number.isInteger(input.value) || input.value < 1 || input.value > MAX_PROMOTION_PERCENT) {
        issue('value', `must be a whole percent from 1 to ${MAX_PROMOTION_PERCENT}`);
      }
    } else if (
      !(input.value > 0) ||
      input.value > 10_000_000 ||
      Math.round(input.value * 100) !== input.value * 100
    ) {
      issue('value', 'must be an amount in rupees above 0 with at most 2 decimals');
    }
    if (input.scope === 'categories' && input.categories.length === 0)
      issue('categories', 'Choose a category');
    if (input.scope === 'products' && input.products.length === 0) issue('products', 'Choose a product');
    const starts = indiaLocalToInstant(input.startsAt);
    const ends = indiaLocalToInstant(input.endsAt);
    if (starts !== null && ends !== null && ends.getTime() <= starts.getTime()) {
      issue('endsAt', 'must be after the start');
    }
  });
export type PromotionInput = z.input<typeof promotionInputSchema>;
export type PromotionValues = z.output<typeof promotionInputSchema>;

/** `:promotionId` of the admin routes. */
export const promotionParamsSchema = z.object({ promotionId: z.coerce.number().int().positive() });

/** One promotion in the admin list: its input fields, its id and its status now. */
export const adminPromotionSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number(),
  scope: z.enum(PROMOTION_SCOPES),
  categories: z.array(z.string()),
  products: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  paused: z.boolean(),
  status: z.enum(PROMOTION_STATUSES),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

/** `GET /api/v1/admin/promotions`: the store's promotions, the latest start first. */
export const adminPromotionListSchema = z.object({ promotions: z.array(adminPromotionSchema) });
export type AdminPromotionList = z.infer<typeof adminPromotionListSchema>;

/** A promotion's words for shoppers: '20% off' or '₹200 off' (the amount as docs/product.md §9 writes money). */
export function promotionOffText(kind: PromotionKind, value: number): string {
  return kind === 'percent' ? `${value}% off` : `${formatRupees(value)} off`;
}
