/**
 * Hooks every request passes through ([decision 035](../../docs/decisions/035-fast-path.md)): the promotion
 * turnover (a promise only when a boundary is due) and, for `/api/v1`, the request's store,
 * `Cache-Control: no-cache` and the NUL check. Each is synchronous on the common path: a request that needs no
 * work from a hook does not wait for a promise. (The security headers and the request log: ./security-headers.ts
 * and ./request-log.ts.)
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { refuseNulCharacters } from './refuse-nul';

/** The promotion schedule as the turnover hook uses it (modules/promotions/promotion-schedule.ts). */
export type PriceTurnover = {
  isDue(now: Date): boolean;
  turnOverIfDue(now: Date): Promise<void>;
};

/**
 * Adds the `onRequest` hook that turns cached answers over at a promotion's boundary, before any answer that
 * could hold a price; it waits only when a boundary is due (or its look-up runs).
 */
export function registerPriceTurnover(
  app: FastifyInstance,
  schedule: PriceTurnover,
  clock: () => Date,
): void {
  const turnOverPrices: onRequestHookHandler = (request, _reply, done) => {
    const now = clock();
    if (!schedule.isDue(now)) return done();
    // A failed look-up is tried again on the next request; the answer itself does not depend on it.
    schedule
      .turnOverIfDue(now)
      .catch((error: unknown) => request.log.warn({ err: error }, 'promotion schedule look-up failed'))
      .finally(() => done());
  };
  app.addHook('onRequest', turnOverPrices);
}

/**
 * Adds the hooks of the `/api/v1` scope: the request's store (`request.storeId`, from `storeIdOf`),
 * `Cache-Control: no-cache` (a route may set its own) and the NUL check of every input (./refuse-nul.ts).
 */
export function registerApiHooks(api: FastifyInstance, storeIdOf: (request: FastifyRequest) => number): void {
  const storeAndCaching: onRequestHookHandler = (request, reply, done) => {
    request.storeId = storeIdOf(request);
    reply.header('cache-control', 'no-cache');
    done();
  };
  api.addHook('onRequest', storeAndCaching);
  api.addHook('preValidation', refuseNulCharacters);
}
