/**
 * A product's images in the admin: the read (TanStack `queryOptions()`) and the changes (reorder, delete,
 * image per colour), each answering the images as they are now (src/shared/admin/admin-image-schemas.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { adminProductImagesSchema } from '@shared/admin/admin-image-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

const base = (productId: string) => `/admin/products/${encodeURIComponent(productId)}/images`;

/** `GET …/products/:productId/images`. */
export const productImagesQuery = (productId: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'product-images', productId],
    queryFn: () => apiRequest(base(productId), { schema: adminProductImagesSchema }),
  });

/** The path the upload posts each file to. */
export const productImagesPath = base;

/** Puts the images in the order of `imageIds` (the first becomes the product's main image). */
export const reorderImages = (productId: string, imageIds: number[]) =>
  apiRequest(`${base(productId)}/order`, {
    method: 'PUT',
    body: { imageIds },
    schema: adminProductImagesSchema,
  });

/** Removes one image from the product. */
export const deleteImage = (productId: string, imageId: number) =>
  apiRequest(`${base(productId)}/${imageId}`, { method: 'DELETE', schema: adminProductImagesSchema });

/** Shows `imageId` (null: the product's main image) when a shopper picks `colour`. */
export const chooseColourImage = (productId: string, colour: string, imageId: number | null) =>
  apiRequest(`${base(productId)}/colours`, {
    method: 'PUT',
    body: { colour, imageId },
    schema: adminProductImagesSchema,
  });
