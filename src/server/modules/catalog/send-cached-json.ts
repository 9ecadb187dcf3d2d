/**
 * Sends ready JSON bytes from the response cache. The route still declares its response schema (the shared
 * contract), but Fastify does not run the serializer on a Buffer: the bytes were produced by
 * `JSON.stringify` of the service's typed answer, and a test parses them with the shared schemas.
 */
import type { FastifyReply } from 'fastify';

/** Answers 200 with `json` as `application/json; charset=utf-8`, unchanged. */
export function sendCachedJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
