/**
 * The admin's product image routes (owner and staff, docs/admin.md "Images"), behind the admin role hook:
 * list, upload (`multipart/form-data`, one or more JPEG, PNG or WebP files of at most 10 MB, read by
 * ../media/upload-parts.ts — the body has no schema by design), reorder, delete and the image per colour.
 * Every change answers the product's images as they are now; another store's product is a 404.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductImagesSchema,
  colourImageBodySchema,
  productImageParamsSchema,
  productImagesParamsSchema,
  reorderProductImagesBodySchema,
} from '@shared/admin/admin-image-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { actorOf, requireMember } from '../auth/role-hook';
import { processAll, saveUploads } from '../media/save-uploads';
import { removeMediaFiles } from '../media/unused-images';
import { readUploadedFiles } from '../media/upload-parts';
import { changeCatalog } from '../stores/catalog-version';
import {
  addProductImages,
  deleteProductImage,
  imageProductOf,
  productImagesView,
  reorderProductImages,
  setColourImage,
} from './product-images';

export const productImageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const answers = { 200: adminProductImagesSchema, '4xx': errorBodySchema };

  /** 200 the product's images and colours; 404 for a product not of this store. */
  app.get(
    '/products/:productId/images',
    { schema: { params: productImagesParamsSchema, response: answers } },
    async (request, reply) => {
      const product = await imageProductOf(app.db, request.storeId, request.params.productId);
      return reply.send(await productImagesView(app.db, request.storeId, product));
    },
  );

  /** 201 after adding the uploaded images at the end; 400 `{ error }` naming the first refused file. */
  app.post(
    '/products/:productId/images',
    {
      schema: {
        params: productImagesParamsSchema,
        response: { 201: adminProductImagesSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { storeId } = request;
      const actor = actorOf(await requireMember(request));
      await imageProductOf(app.db, storeId, request.params.productId);
      const images = await processAll(await readUploadedFiles(request));
      const product = await saveUploads(app, storeId, images, async (tx, stored) => {
        const locked = await imageProductOf(tx, storeId, request.params.productId, true);
        await addProductImages(
          tx,
          storeId,
          actor,
          locked,
          stored.map((image) => image.url),
        );
        return locked;
      });
      return reply.code(201).send(await productImagesView(app.db, storeId, product));
    },
  );

  /** 200 after putting the images in the order given (every image id once); 400 otherwise. */
  app.put(
    '/products/:productId/images/order',
    {
      schema: { params: productImagesParamsSchema, body: reorderProductImagesBodySchema, response: answers },
    },
    async (request, reply) => {
      const { storeId } = request;
      const actor = actorOf(await requireMember(request));
      const product = await changeCatalog(app, storeId, async (tx) => {
        const locked = await imageProductOf(tx, storeId, request.params.productId, true);
        await reorderProductImages(tx, storeId, actor, locked, request.body.imageIds);
        return locked;
      });
      return reply.send(await productImagesView(app.db, storeId, product));
    },
  );

  /** 200 after choosing the image of one colour's variants; 400 for an unknown colour or image. */
  app.put(
    '/products/:productId/images/colours',
    { schema: { params: productImagesParamsSchema, body: colourImageBodySchema, response: answers } },
    async (request, reply) => {
      const { storeId } = request;
      const actor = actorOf(await requireMember(request));
      const product = await changeCatalog(app, storeId, async (tx) => {
        const locked = await imageProductOf(tx, storeId, request.params.productId, true);
        await setColourImage(tx, storeId, actor, locked, request.body);
        return locked;
      });
      return reply.send(await productImagesView(app.db, storeId, product));
    },
  );

  /**
   * 200 after removing one image from the product (its files go once nothing names them:
   * ../media/unused-images.ts); 404 for an image it does not have.
   */
  app.delete(
    '/products/:productId/images/:imageId',
    { schema: { params: productImageParamsSchema, response: answers } },
    async (request, reply) => {
      const { storeId } = request;
      const actor = actorOf(await requireMember(request));
      const { product, unused } = await changeCatalog(app, storeId, async (tx) => {
        const locked = await imageProductOf(tx, storeId, request.params.productId, true);
        const keys = await deleteProductImage(tx, storeId, actor, locked, request.params.imageId);
        return { product: locked, unused: keys };
      });
      await removeMediaFiles(app.mediaStorage, unused, request.log);
      return reply.send(await productImagesView(app.db, storeId, product));
    },
  );
};
