import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (or `npm run db:generate -w @parley/server`) writes SQL migrations to ./drizzle.
// The same folder runs on PGlite and PostgreSQL 15, so keep every change PG15-safe (no uuidv7()).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
