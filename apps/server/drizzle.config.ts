import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts and applied by the server at start-up
// (src/platform/db/database.ts); `npx drizzle-kit generate` only needs the schema, no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
