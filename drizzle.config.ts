import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (drizzle-kit generate) diffs server/db/schema.ts against the committed migrations and
// writes the next SQL migration; the server applies pending migrations at start (server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
