/** The signed-in user of a request that does not need one (track order, its documents). */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { requireUser } from '../users/auth-hook';
import type { SessionUser } from '../users/service';

/** The signed-in user when the request has a valid bearer token; null otherwise (never a 401). */
export async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.headers.authorization) return null;
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') return null;
    throw error;
  }
}
