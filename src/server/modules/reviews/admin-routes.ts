/**
 * The shop's review routes under `/api/v1/admin` (docs/admin.md "Reviews", docs/reviews.md "Moderation"),
 * behind the admin role hook (owner and staff): the list by status, publish, hide with a reason, reply, and
 * the store's setting to hold new reviews for approval. Thin handlers: validate → service → reply; every step
 * announces a catalogue change in its transaction and clears this server's caches after its commit (the
 * product's cached first page of reviews, docs/reviews.md). Every change is audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  adminReviewListQuerySchema,
  adminReviewListSchema,
  adminReviewParamsSchema,
  adminReviewSchema,
  hideReviewBodySchema,
  replyReviewBodySchema,
  reviewSettingsSchema,
} from '@shared/reviews/review-schemas';
import { actorOf, requireMember } from '../auth/role-hook';
import { changeReview, listAdminReviews } from './admin-reviews';
import { readReviewSettings, saveReviewSettings } from './review-settings';

export const reviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = { 200: adminReviewSchema, '4xx': errorBodySchema };

  /** 200 one page of the store's reviews (20, newest first), of one status or all; 400 a bad query. */
  app.get(
    '/reviews',
    {
      schema: {
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => reply.send(await listAdminReviews(app.db, request.storeId, request.query)),
  );

  /** 200 the setting (hold new reviews for approval; default false). */
  app.get(
    '/reviews/settings',
    { schema: { response: { 200: reviewSettingsSchema, '4xx': errorBodySchema } } },
    async (request, reply) => reply.send(await readReviewSettings(app.db, request.storeId)),
  );

  /** 200 the setting saved (audited); 400 a bad body; 403 for staff (owner only, as every store setting). */
  app.put(
    '/reviews/settings',
    {
      config: { ownerOnly: true },
      schema: { body: reviewSettingsSchema, response: { 200: reviewSettingsSchema, '4xx': errorBodySchema } },
    },
    async (request, reply) => {
      const actor = actorOf(await requireMember(request));
      const saved = await saveReviewSettings(app.db, request.storeId, actor, request.body);
      await app.catalogChanged();
      return reply.send(saved);
    },
  );

  const step = async (
    request: Parameters<typeof requireMember>[0] & { params: { reviewId: string } },
    change: Parameters<typeof changeReview>[3],
  ) => {
    const context = { storeId: request.storeId, actor: actorOf(await requireMember(request)) };
    const changed = await changeReview(app.db, context, request.params.reviewId, change);
    await app.catalogChanged();
    return changed.review;
  };

  /** 200 the review, published (shown on the product page); 404 'Review not found'. */
  app.post(
    '/reviews/:reviewId/publish',
    { schema: { params: adminReviewParamsSchema, response: answers } },
    async (request, reply) => reply.send(await step(request, { action: 'publish' })),
  );

  /** 200 the review, hidden with the reason kept; 400 no reason; 404 'Review not found'. */
  app.post(
    '/reviews/:reviewId/hide',
    { schema: { params: adminReviewParamsSchema, body: hideReviewBodySchema, response: answers } },
    async (request, reply) =>
      reply.send(await step(request, { action: 'hide', reason: request.body.reason })),
  );

  /** 200 the review with the shop's reply (empty text removes it); 400 a bad body; 404 'Review not found'. */
  app.put(
    '/reviews/:reviewId/reply',
    { schema: { params: adminReviewParamsSchema, body: replyReviewBodySchema, response: answers } },
    async (request, reply) => reply.send(await step(request, { action: 'reply', text: request.body.text })),
  );
};
