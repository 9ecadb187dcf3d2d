/**
 * The admin's store settings (docs/admin.md "Settings"), owner only: `GET /api/v1/admin/settings` and one
 * `PUT` per section — `/settings/store-info`, `/settings/size-chart`, `/settings/category-size-charts`,
 * `/settings/categories`, `/settings/gst`, `/settings/synonyms`, `/settings/returns` (body:
 * `returnSettingsSchema` of ../returns/return-schemas.ts),
 * `/settings/policies/:slug`. Each section is a part of the catalogue file's `store` block
 * (docs/catalog-format.md) and is checked with the same messages: these schemas check each field as the form
 * is typed, and the server checks the whole block again with the catalogue file's own schema. A blank text
 * field means "not set".
 */
import { z } from 'zod';
import { GST_RATES } from '../gst/gst-rate';
import { returnSettingsSchema } from '../returns/return-schemas';
import { gstinProblem, normaliseGstin } from '../gst/gstin';
import { findIndianState, UNKNOWN_STATE_MESSAGE } from '../gst/indian-states';
import { policySlugs, storeInfoSchema } from './store-info-schema';
import { categorySizeChartsSchema } from './category-size-charts';
import { sizeChartSchema } from './size-chart';
import { socialLinksFormSchema } from './social-links-schema';
import { normaliseWhatsappNumber, WHATSAPP_NUMBER_MESSAGE } from './whatsapp';

/** Optional text of the form: trimmed, at most `max` characters, `''` = not set. */
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** Optional text that, when given, passes `check` (else `message`). */
const blankOr = (max: number, check: (value: string) => boolean, message: string) =>
  text(max).refine((value) => value === '' || check(value), { message });

/** A site path (`/media/…`) or an http(s) URL, as the catalogue file's image URLs. */
export const IMAGE_URL_MESSAGE = 'must be a path starting with / or an http(s) URL';
const isImageUrl = (url: string) => /^\/[^/]/.test(url) || /^https?:\/\/[^\s]+$/i.test(url);

/**
 * `PUT /settings/store-info`: the shop's texts, WhatsApp number and social links (the logo has its own
 * upload). `socialLinks` left out keeps the links as they are; a blank link removes that network.
 */
export const storeInfoSettingsSchema = z.object({
  storeName: text(120),
  companyName: text(200),
  companyAddress: text(500),
  companyEmail: blankOr(320, (value) => z.email().safeParse(value).success, 'must be an e-mail address'),
  companyPhone: text(40),
  description: text(2000),
  /** An Indian mobile number; stored as `+91…`. */
  whatsappNumber: blankOr(20, (value) => normaliseWhatsappNumber(value) !== null, WHATSAPP_NUMBER_MESSAGE),
  /** When customer support answers, e.g. 'Monday to Saturday, 10AM - 6PM'; empty: that default. */
  supportHours: text(120),
  socialLinks: socialLinksFormSchema.optional(),
});
export type StoreInfoSettings = z.infer<typeof storeInfoSettingsSchema>;

/** `PUT /settings/size-chart`: the store-wide size chart (inches or centimetres), or null for none. */
export const sizeChartSettingsSchema = z.object({ sizeChart: sizeChartSchema.nullable() });
export type SizeChartSettings = z.infer<typeof sizeChartSettingsSchema>;

/**
 * `PUT /settings/category-size-charts`: every category's own chart (category or sub-category name → chart);
 * a category left out has none (its products show the shop-wide chart, if any).
 */
export const categorySizeChartSettingsSchema = z.object({ categorySizeCharts: categorySizeChartsSchema });
export type CategorySizeChartSettings = z.infer<typeof categorySizeChartSettingsSchema>;

/** `PUT /settings/categories`: the categories of the header and home, in order, each with its home image. */
export const categorySettingsSchema = z.object({
  categories: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'),
        imageUrl: blankOr(2000, isImageUrl, IMAGE_URL_MESSAGE),
      }),
    )
    .max(50, 'must hold at most 50 categories')
    .superRefine((categories, context) => {
      const seen = new Set<string>();
      categories.forEach((category, index) => {
        const key = category.name.toLowerCase();
        if (seen.has(key))
          context.addIssue({ code: 'custom', path: [index, 'name'], message: 'is listed twice' });
        seen.add(key);
      });
    }),
});
export type CategorySettings = z.infer<typeof categorySettingsSchema>;

/** One per-category GST default: HSN code and rate (either may be left out). */
export const gstDefaultSettingSchema = z.object({
  category: z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'),
  hsn: blankOr(
    8,
    (hsn) => /^(?:[0-9]{4}|[0-9]{6}|[0-9]{8})$/.test(hsn),
    'must be an HSN code of 4, 6 or 8 digits',
  ),
  gstRate: z
    .number({ message: `must be one of ${GST_RATES.join(', ')}` })
    .refine((rate) => (GST_RATES as readonly number[]).includes(rate), {
      message: `must be one of ${GST_RATES.join(', ')}`,
    })
    .nullable(),
});

/** `PUT /settings/gst`: the GST registration printed on invoices (docs/gst.md). */
export const gstSettingsSchema = z
  .object({
    legalName: text(200),
    legalAddress: text(500),
    /** One of the 36 states and union territories; `''` = not set. */
    state: blankOr(60, (name) => findIndianState(name) !== undefined, UNKNOWN_STATE_MESSAGE),
    /** The GSTIN (spaces ignored, any letter case); `''` = not registered under GST. */
    gstin: text(20).superRefine((gstin, context) => {
      if (gstin === '') return;
      const problem = gstinProblem(normaliseGstin(gstin));
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    invoicePrefix: blankOr(
      10,
      (prefix) => /^[A-Z0-9]{1,3}$/.test(prefix),
      'must be 1 to 3 capital letters or digits',
    ),
    gstDefaults: z.array(gstDefaultSettingSchema).max(200),
  })
  .superRefine((gst, context) => {
    if (gst.gstin === '') return;
    const state = findIndianState(gst.state);
    if (!state) {
      if (gst.state === '')
        context.addIssue({ code: 'custom', path: ['state'], message: 'is required with a GSTIN' });
      return;
    }
    if (!normaliseGstin(gst.gstin).startsWith(state.code)) {
      context.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `must start with ${state.code}, the GST state code of ${state.name}`,
      });
    }
  });
export type GstSettings = z.infer<typeof gstSettingsSchema>;

/** `PUT /settings/synonyms`: the shop's search synonym groups (docs/catalog-format.md "Search synonyms"). */
export const synonymSettingsSchema = z.object({
  groups: z
    .array(
      z
        .array(z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'))
        .min(2, 'must hold at least 2 words')
        .max(30, 'must hold at most 30 words'),
    )
    .max(500, 'must hold at most 500 groups'),
});
export type SynonymSettings = z.infer<typeof synonymSettingsSchema>;

export const policySlugParamsSchema = z.object({ slug: z.enum(policySlugs) });

/** `PUT /settings/policies/:slug`: the policy's HTML as typed (blank: the default text). */
export const policySettingsSchema = z.object({
  html: z.string().max(100_000, 'must be at most 100,000 characters'),
});
export type PolicySettings = z.infer<typeof policySettingsSchema>;

/** The payment set-up, read only: which providers are configured and whether they are test mode. Never a secret. */
export const paymentSetupSchema = z.object({
  upi: z.object({ vpa: z.string(), payeeName: z.string(), testMode: z.boolean() }).nullable(),
  /** The card / net-banking gateway `PAYMENT_GATEWAY` picked; `webhookConfigured` for Razorpay's webhook secret. */
  gateway: z
    .object({
      provider: z.enum(['payu', 'payu-sandbox', 'razorpay', 'razorpay-sandbox']),
      testMode: z.boolean(),
      webhookConfigured: z.boolean().optional(),
    })
    .nullable(),
  /** Whether the UPI webhook has its secret (payments are confirmed automatically). */
  upiWebhookConfigured: z.boolean(),
});

/** `GET /settings`: every section as stored (`null` text = not set). */
export const storeSettingsSchema = z.object({
  storeInfo: storeInfoSchema.pick({
    storeName: true,
    companyName: true,
    companyAddress: true,
    companyEmail: true,
    companyPhone: true,
    companyLogoUrl: true,
    description: true,
    whatsappNumber: true,
    supportHours: true,
    socialLinks: true,
    sizeChart: true,
    categorySizeCharts: true,
  }),
  /** Listed categories in order with their images. */
  categories: z.array(z.object({ name: z.string(), imageUrl: z.string().nullable() })),
  /** The store's other categories (used by products, not listed). */
  otherCategories: z.array(z.string()),
  gst: z.object({
    legalName: z.string().nullable(),
    legalAddress: z.string().nullable(),
    state: z.string().nullable(),
    gstin: z.string().nullable(),
    invoicePrefix: z.string(),
    gstDefaults: z.array(
      z.object({ category: z.string(), hsn: z.string().nullable(), gstRate: z.number().nullable() }),
    ),
  }),
  synonyms: z.array(z.array(z.string())),
  /** Policy slug → the store's own HTML (absent: the default text). */
  policies: z.record(z.string(), z.string()),
  /** The return settings (docs/returns.md "Settings"), the defaults while the store set none; rupees. */
  returns: returnSettingsSchema,
  payments: paymentSetupSchema,
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
