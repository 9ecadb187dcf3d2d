// The yardstick of bench/fast-path.mjs: this project's own Fastify with one route and nothing else (no logger,
// no hooks, no plugins), started in its own process beside the store's server, so both are measured under the
// same machine load; prints its port.
//
// `node bench/bare-fastify.mjs` answers `GET /` with `{"status":"ok"}`, as `/api/v1/health/live` does.
// `node bench/bare-fastify.mjs <file> <content-type> [content-encoding]` answers `GET /` with the bytes of
// `<file>` (read once) and those headers: the same answer a store target sends, so that a large answer (a
// page of 20–100 KB) costs the load generator as much on both sides (autocannon decodes every body it reads,
// which caps it near 2,000 answers a second for 25 KB on this project's machines).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [bodyFile, contentType, contentEncoding] = process.argv.slice(2);
const app = Fastify({ logger: false });
if (bodyFile) {
  const body = readFileSync(bodyFile);
  app.get('/', (request, reply) => {
    reply.type(contentType);
    if (contentEncoding) reply.header('content-encoding', contentEncoding);
    return reply.send(body);
  });
} else {
  app.get('/', async () => ({ status: 'ok' }));
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
