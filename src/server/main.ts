/**
 * `npm start` entry: parse configuration, open and migrate the database (the embedded one locks DATA_DIR),
 * load the demo shop into an empty database, start the sweeper of expired rows, then serve the SPA and
 * `/api/v1` on one port. The app itself starts, when ready, the mail outbox sender and the payment window's
 * timer (whose first pass cancels the orders that expired while the server was down) and stops them on close.
 *
 * Start-up problems print one sentence naming the cause and the setting (src/server/start-errors.ts) and exit
 * with code 1. SIGTERM/SIGINT close gracefully: in-flight requests get {@link SHUTDOWN_GRACE_MS} to finish,
 * then their connections are cut and the database closes; whatever happens, the process has ended
 * {@link SHUTDOWN_DEADLINE_MS} after the signal (systemd and Docker wait 10 s before SIGKILL).
 */
import { createServer } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { prepareDataDir } from './db/data-dir';
import type { Database } from './db/database';
import { serializeErrorForLog } from './db/database-errors';
import type { Sweeper } from './modules/maintenance/sweeper';
import { startFailureMessage } from './start-errors';

/** How long in-flight requests may run after SIGTERM before their connections are closed, in ms. */
const SHUTDOWN_GRACE_MS = 5_000;
/** When the process exits after SIGTERM even if closing has not finished, in ms. */
const SHUTDOWN_DEADLINE_MS = 8_000;

/** The start log's line while payments are simulated (the sandbox gateway or the demo UPI ID). */
const TEST_MODE_LINE = 'TEST MODE: payments are simulated';

type Running = { config: AppConfig; database?: Database; app?: FastifyInstance; sweeper?: Sweeper };

/**
 * Standard output and error may be pipes whose reader has gone (`npm start | head`): writing to them fails
 * with EPIPE, reported as an 'error' event that would otherwise crash the process. Lines are dropped instead.
 */
function ignoreBrokenOutput(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}

/** Closes what was opened, in reverse order; never throws. */
async function closeAll(running: Running): Promise<void> {
  await running.sweeper?.stop().catch(() => undefined);
  await running.app?.close().catch(() => undefined);
  await running.database?.close().catch(() => undefined);
}

function installShutdown(running: Required<Running>): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; stopping now.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    setTimeout(() => running.app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    running.app.log.info({ signal }, 'shutting down');
    try {
      await running.sweeper.stop();
      await running.app.close();
      await running.database.close();
      process.exit(0);
    } catch (error) {
      console.error(`Shutdown failed: ${serializeErrorForLog(error).message}`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * From here on V8 sizes its heap for memory rather than speed (`--optimize-for-size`): collects garbage sooner
 * and grows the heap in smaller steps. Under the bench's load this keeps the JavaScript heap near 60 MB
 * instead of 150–210 MB, most of it garbage a full collection would free, for a few per cent of throughput
 * (docs/benchmarks.md "Memory and start"), unless `MEMORY=fast`. Set once the server listens, so start-up's
 * burst of allocations is not slowed by frequent collections.
 */
function keepTheHeapSmall(): void {
  setFlagsFromString('--optimize-for-size');
}

/** Fails fast, before the database opens, when PORT is taken or HOST is not ours (listen would fail later). */
function checkPortFree(config: AppConfig): Promise<void> {
  if (config.PORT === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(config.PORT, config.HOST, () => probe.close(() => resolve()));
  });
}

async function start(running: Running): Promise<void> {
  const { config } = running;
  await checkPortFree(config);
  // The embedded database lives in DATA_DIR; without SMTP_URL, order e-mails are written to DATA_DIR/outbox.
  if (!config.DATABASE_URL || !config.SMTP_URL) prepareDataDir(config.DATA_DIR);
  // The app and its dependencies load only once the settings are known to work: a mistake is reported at once.
  const [{ openDatabase }, { buildApp }, { loadDemoShopIfEmpty }, { startSweeper }, { paymentSettings }] =
    await Promise.all([
      import('./db/database'),
      import('./app'),
      import('./modules/catalog-file/demo-shop'),
      import('./modules/maintenance/sweeper'),
      import('./modules/payments/settings'),
    ]);
  running.database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const database = running.database;
  await database.migrate();
  if (config.DEMO_DATA === 'on') {
    const summary = await loadDemoShopIfEmpty(database.db);
    if (summary) console.log(`Loaded the demo shop: ${summary.created} products.`);
    // The demo shop's owner, for trying the admin at /admin (README "Admin").
    await (await import('./modules/members/demo-owner')).ensureDemoOwner(database.db);
  }

  const app = await buildApp(config, { database });
  running.app = app;
  running.sweeper = startSweeper(database.db, {
    onSwept: (removed) =>
      app.log.info(
        { removed },
        'removed expired sessions, idempotency keys, old sent mails and used reset links',
      ),
    onError: (error) => app.log.warn({ err: error }, 'sweeping expired rows failed'),
  });
  installShutdown(running as Required<Running>);

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.MEMORY === 'small') keepTheHeapSmall();
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`Resham is running at http://${shown}:${config.PORT} (${database.kind} database)`);
  const payments = paymentSettings(config);
  if (payments.gateway?.testMode || payments.upi?.testMode) console.log(TEST_MODE_LINE);
}

async function main(): Promise<void> {
  ignoreBrokenOutput();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : serializeErrorForLog(error).message);
    process.exit(1);
  }
  const running: Running = { config };
  try {
    await start(running);
  } catch (error) {
    console.error(startFailureMessage(error, config));
    await closeAll(running);
    process.exit(1);
  }
}

void main();
