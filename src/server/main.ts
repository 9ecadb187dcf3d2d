/**
 * `npm start` entry: parse configuration, open and migrate the database, load the demo shop into an empty
 * database, then serve the SPA and `/api/v1` on one port. SIGTERM/SIGINT close gracefully: in-flight
 * requests finish, then the database closes.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { loadDemoShopIfEmpty } from './demo-shop';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  if (config.DEMO_DATA === 'on') {
    const summary = await loadDemoShopIfEmpty(database.db);
    if (summary) console.log(`Loaded the demo shop: ${summary.created} products.`);
  }

  const app = await buildApp(config, { database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`Resham is running at http://${shown}:${config.PORT} (${database.kind} database)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
