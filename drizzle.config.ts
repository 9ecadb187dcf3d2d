import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations for the tables of src/server/db/schema/ into drizzle/. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './drizzle',
});
