// Medusa's configuration for bench/compare-stores.mjs: a Medusa 2 application as its starter configures one
// (PostgreSQL from DATABASE_URL, no Redis: Medusa's in-memory event bus, cache and workflow engine), with the
// admin dashboard off since the bench reads only the store API.
const { defineConfig } = require('@medusajs/framework/utils');

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: 'http://localhost',
      adminCors: 'http://localhost',
      authCors: 'http://localhost',
      jwtSecret: 'bench-only-jwt-secret',
      cookieSecret: 'bench-only-cookie-secret',
    },
  },
  admin: { disable: true },
});
