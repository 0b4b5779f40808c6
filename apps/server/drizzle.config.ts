import { defineConfig } from 'drizzle-kit';

// Generation only compares the schema with earlier snapshots; it never connects to a database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/tables/*.ts',
  out: './drizzle',
});
