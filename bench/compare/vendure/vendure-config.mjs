// Vendure's configuration for bench/compare-stores.mjs: the settings a Vendure project made by
// `@vendure/create` starts with (its default search, the asset server, the dummy payment handler), on sql.js
// (Vendure's embedded SQLite in WebAssembly) or PostgreSQL, logging only warnings (the store logs one line per
// failed or slow request, so neither side pays for a line per request).
import { AssetServerPlugin } from '@vendure/asset-server-plugin';
import { DefaultLogger, DefaultSearchPlugin, LogLevel, dummyPaymentHandler } from '@vendure/core';

// No usage reports to Vendure's telemetry endpoint: the bench runs without the internet.
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

/**
 * @param {{ port: number, database: string, assetsDir: string }} options `database`: a PostgreSQL URL, or the
 *   path of the sql.js file; `assetsDir`: where the asset server keeps the catalogue's images.
 */
export function vendureConfig({ port, database, assetsDir }) {
  const dbConnectionOptions = database.startsWith('postgres')
    ? postgresOptions(new URL(database))
    : { type: 'sqljs', location: database, autoSave: true, synchronize: true };
  return {
    apiOptions: { port, hostname: '127.0.0.1', adminApiPath: 'admin-api', shopApiPath: 'shop-api' },
    authOptions: {
      tokenMethod: ['bearer', 'cookie'],
      superadminCredentials: { identifier: 'superadmin', password: 'bench-only-superadmin' },
      cookieOptions: { secret: 'bench-only-cookie-secret' },
    },
    dbConnectionOptions,
    paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
    logger: new DefaultLogger({ level: LogLevel.Warn }),
    plugins: [DefaultSearchPlugin, AssetServerPlugin.init({ route: 'assets', assetUploadDir: assetsDir })],
  };
}

function postgresOptions(url) {
  return {
    type: 'postgres',
    host: url.hostname,
    port: Number(url.port || 5432),
    username: decodeURIComponent(url.username),
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: url.pathname.slice(1),
    synchronize: true,
  };
}
