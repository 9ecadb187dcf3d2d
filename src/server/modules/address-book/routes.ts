/**
 * Address book routes for the signed-in shopper (docs/product.md §2.9): `GET /account/addresses`,
 * `POST /account/addresses` and `DELETE /account/addresses/{addressId}`. Every route needs a session of the
 * request's store and answers the book as it is now (`{ addresses }`, oldest first). Thin handlers: the shared
 * schemas validate and serialise, the service does the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressBookBodySchema,
  addressBookParamsSchema,
  addressBookSchema,
} from '@shared/accounts/address-book-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { authenticate, requireAccount } from '../auth/authenticate';
import { addAddress, deleteAddress, listAddresses } from './address-book-service';

const answers = {
  200: addressBookSchema,
  201: addressBookSchema,
  '4xx': errorBodySchema,
  503: errorBodySchema,
};

export const addressBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOf = async (request: Parameters<typeof requireAccount>[0]) => ({
    storeId: request.storeId,
    userId: (await requireAccount(request)).accountId,
  });

  /** 200 the book; 401 without a session. */
  app.get(
    '/account/addresses',
    { onRequest: authenticate, schema: { response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await listAddresses(app.db, await ownerOf(request)));
    },
  );

  /**
   * Saves an address. 201 the book (200 when it already held the address); 400 `{ error, fields }` for an
   * address the checkout would refuse; 409 'You can keep up to 5 addresses. …' when the book is full.
   */
  app.post(
    '/account/addresses',
    { onRequest: authenticate, schema: { body: addressBookBodySchema, response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { book, created } = await addAddress(app.db, await ownerOf(request), request.body);
      return reply.code(created ? 201 : 200).send(book);
    },
  );

  /** Deletes an address. 200 the book; 400 for an id that is not a number; 404 'Address not found'. */
  app.delete(
    '/account/addresses/:addressId',
    { onRequest: authenticate, schema: { params: addressBookParamsSchema, response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await deleteAddress(app.db, await ownerOf(request), request.params.addressId));
    },
  );
};
