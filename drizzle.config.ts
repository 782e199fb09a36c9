import { defineConfig } from 'drizzle-kit';

// Migrations are generated from server/db/schema.ts and committed; both drivers
// (PGlite and PostgreSQL) apply the same files with drizzle's migrator at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
