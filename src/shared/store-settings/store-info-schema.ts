/**
 * Store information: the `GET /api/v1/storeInfo` answer, shared by the server (which declares it on the route)
 * and the storefront (which parses it), and the policy slugs a store may override.
 */
import { z } from 'zod';
import { sizeChartSchema } from './size-chart';
import { socialLinksSchema } from './social-links-schema';

/**
 * Store information as `GET /api/v1/storeInfo` returns it (docs/product.md §3 "Store info"). Text fields are `null`
 * when the shop owner has not set them; the storefront then uses the storefront's fallbacks.
 */
export const storeInfoSchema = z.object({
  storeName: z.string().nullable(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  companyEmail: z.string().nullable(),
  companyPhone: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
  description: z.string().nullable(),
  /** The shop's WhatsApp number as `+91…` (an extra field beyond the storefront's basic contract); null: no WhatsApp links. */
  whatsappNumber: z.string().nullable(),
  /**
   * When customer support answers ('Monday to Saturday, 10AM - 6PM'), an extra field beyond the storefront's basic contract;
   * null: {@link SUPPORT_HOURS_DEFAULT}. The contact page and every policy say the same ({@link supportHoursOf}).
   */
  supportHours: z.string().nullable(),
  /**
   * The shop's social accounts (an extra field): network → `https://` link, only the networks that have one;
   * the contact page's 'Follow Us' lists them and is hidden when there are none.
   */
  socialLinks: socialLinksSchema,
  /** The store-wide size chart of products sold in sizes (an extra field); null: none, no 'Size chart' button. */
  sizeChart: sizeChartSchema.nullable(),
  /**
   * Size charts per category or sub-category (an extra field): name → chart; a product shows its
   * sub-category's, else its category's, else `sizeChart` (../store-settings/product-size-chart.ts).
   */
  categorySizeCharts: z.record(z.string(), sizeChartSchema),
  /** Category names in the shop owner's order. */
  categories: z.array(z.string()),
  /** Category name → image URL. */
  categoryImages: z.record(z.string(), z.string()),
  /** Policy slug (terms, privacy, refund, return, shipping, about) → HTML with placeholders (docs/product.md §2). */
  policies: z.record(z.string(), z.string()),
  /**
   * True when payments are simulated (the built-in sandbox gateway or the demo UPI ID is in use): no real
   * money moves, and the storefront shows its test-mode bar on every page.
   */
  testMode: z.boolean(),
  /**
   * The return settings shoppers read (an extra field; docs/returns.md "Settings"): days after delivery returns
   * are accepted (0 = none), whether size and colour exchanges are offered, the return pickup fee in rupees
   * (deducted from the refund) and the return address (null: the company address). The default policy texts
   * and the product page's return note follow them. This server always gives it; absent: the defaults.
   */
  returns: z
    .object({
      windowDays: z.number(),
      exchanges: z.boolean(),
      pickupFee: z.number(),
      returnAddress: z.string().nullable(),
    })
    .optional(),
});

export type StoreInfo = z.infer<typeof storeInfoSchema>;

/** The policy slugs a store may override (docs/product.md §2 "Policy pages"). */
export const policySlugs = ['terms', 'privacy', 'refund', 'return', 'shipping', 'about'] as const;
export type PolicySlug = (typeof policySlugs)[number];

/**
 * The support hours of a store that set none: the contact hours of docs/product.md §2.16. The
 * contact page and the policies (the Grievance Officer's phone hours) always state {@link supportHoursOf}.
 */
export const SUPPORT_HOURS_DEFAULT = 'Monday to Saturday, 10AM - 6PM';

/** The store's support hours (trimmed), else {@link SUPPORT_HOURS_DEFAULT}. */
export function supportHoursOf(info: Partial<Pick<StoreInfo, 'supportHours'>> | null | undefined): string {
  return info?.supportHours?.trim() || SUPPORT_HOURS_DEFAULT;
}
