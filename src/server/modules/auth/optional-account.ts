/** The signed-in account of a request that does not need one (track order, its documents). */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { requireAccount } from './authenticate';
import type { SessionAccount } from './sessions';

/** The signed-in account when the request has a valid bearer token; null otherwise (never a 401). */
export async function optionalAccount(request: FastifyRequest): Promise<SessionAccount | null> {
  if (!request.headers.authorization) return null;
  try {
    return await requireAccount(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') return null;
    throw error;
  }
}
