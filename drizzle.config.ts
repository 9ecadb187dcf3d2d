import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations for src/server/db/schema.ts into drizzle/. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
