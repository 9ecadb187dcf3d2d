/**
 * The shopper's review routes (docs/reviews.md): `GET /products/{id}/reviews` lists a product's published
 * reviews with its figures (anyone); `GET /products/{id}/reviews/mine` says whether the signed-in shopper may
 * review it and gives their review; `POST /products/{id}/reviews` writes it, `PUT /products/{id}/reviews/mine`
 * edits it, `POST /products/{id}/reviews/mine/photos` adds one photo (multipart, read by
 * ../media/upload-parts.ts — the body has no schema by design); `GET /reviews/unsubscribe` is the review
 * request mail's unsubscribe link (a page). Thin handlers: the shared schemas validate and serialise. The first
 * page in the default order is served from the catalogue's response cache ({@link firstReviewsPageKey}); every
 * write announces a catalogue change in its transaction and clears this server's caches after its commit, so
 * every server drops the cached page (docs/reviews.md "Reading reviews").
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { htmlPageSchema } from '@shared/payments/gateway-schemas';
import {
  myReviewSchema,
  reviewBodySchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewProductParamsSchema,
  reviewSchema,
  reviewUnsubscribeQuerySchema,
} from '@shared/reviews/review-schemas';
import { RateLimitedError } from '../../errors';
import { escapeHtml } from '../../html-escape';
import { authenticate, requireAccount } from '../auth/authenticate';
import { mailStoreOf, shopNameOf } from '../mail/shop-sender';
import { readUploadedFiles } from '../media/upload-parts';
import { renderPage, sendPage } from '../payments/html';
import { sendCachedJson } from '../catalog/send-cached-json';
import { reviewedProduct } from './review-eligibility';
import { listReviews } from './review-list';
import { addReviewPhoto } from './review-photos';
import { TOO_MANY_REVIEW_WRITES, type ReviewRateLimiter } from './review-rate-limit';
import { unsubscribeFromReviewRequests } from './review-unsubscribe';
import { createReview, myReview, updateReview } from './review-writes';

export type ReviewRoutesOptions = { rateLimiter: ReviewRateLimiter };

/**
 * The response-cache key of product `productId`'s first page of reviews in the default order (newest first),
 * the page every product page reads: kept until the next catalogue or review write.
 */
export const firstReviewsPageKey = (storeId: number, productId: string) =>
  `${storeId}:reviews:${productId.toLowerCase()}`;

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, options) => {
  await app.register(multipart);
  const errors = { '4xx': errorBodySchema, 503: errorBodySchema };

  /** The signed-in shopper, once the write is within the rate limit. @throws 401, 429. */
  const writer = async (request: FastifyRequest) => {
    const account = await requireAccount(request);
    const verdict = await options.rateLimiter.begin({
      storeId: request.storeId,
      userId: account.accountId,
      address: request.ip,
    });
    if (!verdict.allowed) throw new RateLimitedError(TOO_MANY_REVIEW_WRITES, verdict.retryAfterSeconds);
    return { storeId: request.storeId, userId: account.accountId };
  };

  /** 200 one page of published reviews with the figures; 400 a bad query; 404 'Product not found'. */
  app.get(
    '/products/:id/reviews',
    {
      schema: {
        params: reviewProductParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { storeId, query } = request;
      const { id } = request.params;
      if (query.page !== 1 || query.sort !== 'newest') {
        return reply.send(await listReviews(app.db, storeId, id, query));
      }
      // A refused load (404) is not kept: only a product's answer is cached.
      const json = await app.responseCache.getOrLoad(firstReviewsPageKey(storeId, id), () =>
        listReviews(app.db, storeId, id.toLowerCase(), query),
      );
      return sendCachedJson(reply, json);
    },
  );

  /** 200 whether the shopper may review, the size bought and their review; 401; 404 'Product not found'. */
  app.get(
    '/products/:id/reviews/mine',
    {
      onRequest: authenticate,
      schema: { params: reviewProductParamsSchema, response: { 200: myReviewSchema, ...errors } },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      return reply.send(
        await myReview(app.db, { storeId: request.storeId, userId: account.accountId }, request.params.id),
      );
    },
  );

  /**
   * 201 the review; 400 `{ error, fields }` for a bad body; 401; 403 'Only shoppers who received this item can
   * review it'; 404 'Product not found'; 409 'You have already reviewed this item'; 429 past the limit.
   */
  app.post(
    '/products/:id/reviews',
    {
      onRequest: authenticate,
      schema: {
        params: reviewProductParamsSchema,
        body: reviewBodySchema,
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const written = await createReview(app.db, await writer(request), request.params.id, request.body);
      await app.catalogChanged();
      return reply.code(201).send(written.review);
    },
  );

  /** 200 the edited review; 400; 401; 404 'Product not found' or 'You have not reviewed this item yet'; 429. */
  app.put(
    '/products/:id/reviews/mine',
    {
      onRequest: authenticate,
      schema: {
        params: reviewProductParamsSchema,
        body: reviewBodySchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const written = await updateReview(app.db, await writer(request), request.params.id, request.body);
      await app.catalogChanged();
      return reply.send(written.review);
    },
  );

  /**
   * 201 the shopper's review with the photo added (one JPEG, PNG or WebP of at most 10 MB a request, at most 3
   * a review); 400 a refused file or past the limit; 401; 404 no review yet; 429.
   */
  app.post(
    '/products/:id/reviews/mine/photos',
    {
      onRequest: authenticate,
      schema: { params: reviewProductParamsSchema, response: { 201: myReviewSchema, ...errors } },
    },
    async (request, reply) => {
      const reviewer = await writer(request);
      await reviewedProduct(app.db, reviewer.storeId, request.params.id);
      await addReviewPhoto(app.db, app.mediaStorage, reviewer, request.params.id, () =>
        readUploadedFiles(request),
      );
      await app.catalogChanged();
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await myReview(app.db, reviewer, request.params.id));
    },
  );

  /** 200 a page saying no more review requests will come; 400 a malformed token; 404 an unknown one. */
  app.get(
    '/reviews/unsubscribe',
    { schema: { querystring: reviewUnsubscribeQuerySchema, response: { 200: htmlPageSchema, ...errors } } },
    async (request, reply) => {
      await unsubscribeFromReviewRequests(app.db, request.storeId, request.query.token);
      const store = await mailStoreOf(app.db, request.storeId);
      const shop = store ? shopNameOf(store) : 'the shop';
      const title = 'Unsubscribed';
      const body = `<main><h1>${escapeHtml(title)}</h1><p>You will get no more review requests from ${escapeHtml(shop)}.</p></main>`;
      return sendPage(reply, 200, renderPage({ title, body }));
    },
  );
};
