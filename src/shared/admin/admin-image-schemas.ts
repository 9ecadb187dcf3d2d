/**
 * The admin's images contract (docs/admin.md "Images"): a product's images in display order (uploaded ones
 * with their `srcset` and pixel size), its colours with the image shown when a shopper picks each, and the
 * bodies of reorder and colour choice; the store logo's answer. Uploads themselves are `multipart/form-data`
 * (JPEG, PNG or WebP, at most 10 MB a file), read by the server, not described here.
 */
import { z } from 'zod';

/** `…/products/:productId/images` path. */
export const productImagesParamsSchema = z.object({ productId: z.string().max(64) });
/** `…/products/:productId/images/:imageId` path. */
export const productImageParamsSchema = z.object({
  productId: z.string().max(64),
  imageId: z.coerce
    .number({ error: 'must be an image id' })
    .int('must be an image id')
    .positive('must be an image id'),
});

/**
 * One image of a product. `srcset` (`url 320w, url 640w, …`), `width` and `height` (pixels of the widest
 * file) are set for images uploaded in the admin and null for images named by URL in the catalogue file.
 */
export const adminProductImageSchema = z.object({
  id: z.number(),
  url: z.string(),
  srcset: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;

/**
 * A colour of the product's variants and the image shown when a shopper picks it: `imageId` one of the
 * product's images, else null; `url` the image its variants show (null: the product's main image; set with a
 * null `imageId` for a variant image from the catalogue file that is not among the product's images).
 */
export const adminColourImageSchema = z.object({
  colour: z.string(),
  imageId: z.number().nullable(),
  url: z.string().nullable(),
});

/** `GET`/`POST …/images`, and the answer of every change: the product's images as they are now. */
export const adminProductImagesSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  title: z.string(),
  images: z.array(adminProductImageSchema),
  colours: z.array(adminColourImageSchema),
});
export type AdminProductImages = z.infer<typeof adminProductImagesSchema>;

/** `PUT …/images/order`: every image id of the product once, in the new order (the first is the main image). */
export const reorderProductImagesBodySchema = z.object({
  imageIds: z
    .array(z.number({ error: 'must be image ids' }).int('must be image ids').positive('must be image ids'))
    .max(500, 'must list at most 500 images'),
});

/** `PUT …/images/colours`: the image shown for one colour (`imageId` null: none of its own). */
export const colourImageBodySchema = z.object({
  colour: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  imageId: z.number({ error: 'must be an image id or null' }).int().positive().nullable(),
});

/** `POST /api/v1/admin/settings/logo` answer: the store's new logo. */
export const storeLogoSchema = z.object({
  companyLogoUrl: z.string(),
  srcset: z.string().nullable(),
  width: z.number(),
  height: z.number(),
});
export type StoreLogo = z.infer<typeof storeLogoSchema>;
