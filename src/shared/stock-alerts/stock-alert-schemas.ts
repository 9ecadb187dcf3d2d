/**
 * Back-in-stock alerts (docs/messages.md "Back-in-stock alerts"): the zod schemas of
 * `POST /api/v1/products/{id}/stock-alerts` and `POST /api/v1/stock-alerts/unsubscribe`, shared by the routes and
 * the product page's 'Notify me' form, and the texts the shopper reads.
 */
import { z } from 'zod';
import { nationalMobileDigits } from '../orders/shipping-address-schema';

/** The texts of the alert form and the unsubscribe page. */
export const stockAlertTexts = {
  created: 'We will let you know as soon as it is back in stock.',
  oneContact: 'Give an e-mail address or a WhatsApp number, not both',
  noContact: 'Give an e-mail address or a WhatsApp number',
  invalidEmail: 'Please enter a valid e-mail address',
  invalidPhone: 'Please enter a 10-digit Indian mobile number',
  inStock: 'This is in stock: you can order it now',
  variantNotFound: 'Size not found',
  chooseSize: 'Please choose a size',
  tooMany: 'Too many alerts. Please try again later.',
  unsubscribed: 'You will get no more alerts for this product.',
  linkInvalid: 'This unsubscribe link is not valid.',
} as const;

/** `{id}` of `POST /products/{id}/stock-alerts`: any text; an unknown id is a 404 'Product not found'. */
export const stockAlertParamsSchema = z.object({ id: z.string() });

/**
 * `POST /products/{id}/stock-alerts`: the size (`variantId`, required for a product with sizes) and exactly one
 * of an e-mail address (trimmed, lower-cased) or an Indian mobile number for WhatsApp (any common spelling,
 * stored as `+91` and 10 digits).
 */
export const stockAlertBodySchema = z
  .object({
    variantId: z.uuid(stockAlertTexts.variantNotFound).optional(),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email(stockAlertTexts.invalidEmail).max(254, stockAlertTexts.invalidEmail))
      .optional(),
    phone: z
      .string()
      .max(20, stockAlertTexts.invalidPhone)
      .transform((value, context) => {
        const digits = nationalMobileDigits(value);
        if (digits === null) {
          context.addIssue({ code: 'custom', message: stockAlertTexts.invalidPhone });
          return z.NEVER;
        }
        return `+91${digits}`;
      })
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.email !== undefined && body.phone !== undefined) {
      context.addIssue({ code: 'custom', path: ['phone'], message: stockAlertTexts.oneContact });
    } else if (body.email === undefined && body.phone === undefined) {
      context.addIssue({ code: 'custom', path: ['email'], message: stockAlertTexts.noContact });
    }
  });
export type StockAlertBody = z.output<typeof stockAlertBodySchema>;
export type StockAlertForm = z.input<typeof stockAlertBodySchema>;

/** The 201 answer: the sentence to show. */
export const stockAlertCreatedSchema = z.object({ message: z.string() });

/** The unsubscribe token of an alert's link: 43 base64url characters (32 random bytes). */
export const stockAlertTokenSchema = z
  .string({ error: stockAlertTexts.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, stockAlertTexts.linkInvalid);

/** `POST /stock-alerts/unsubscribe`: the token of the link. */
export const stockAlertUnsubscribeBodySchema = z.object({ token: stockAlertTokenSchema });

/** The unsubscribe answer: the sentence to show and the product it was about. */
export const stockAlertUnsubscribedSchema = z.object({ message: z.string(), productTitle: z.string() });

/** One alert in the admin's list: what, to whom, and whether it waits, was sent or was ended. */
export const adminStockAlertSchema = z.object({
  id: z.number(),
  productId: z.string(),
  productTitle: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  channel: z.enum(['email', 'whatsapp']),
  recipient: z.string(),
  status: z.enum(['waiting', 'sent', 'unsubscribed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminStockAlert = z.infer<typeof adminStockAlertSchema>;

/** `GET /admin/stock-alerts`: the newest 200 alerts of the store, newest first. */
export const adminStockAlertListSchema = z.object({ alerts: z.array(adminStockAlertSchema) });
