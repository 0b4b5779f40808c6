import { loadConfigOrExit } from '../config/env.ts';
import { databaseOptionsFrom, openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { seedDatabase } from '../db/seed.ts';
import { ADMIN_USAGE, parseAdminCommand, runAdminCli } from './cli.ts';

// `npm run admin -- <command> ...`: operator commands against the server's own database.
const argv = process.argv.slice(2);
const parsed = parseAdminCommand(argv);
if ('error' in parsed) {
  process.stderr.write(`${parsed.error}\n\n${ADMIN_USAGE}\n`);
  process.exit(2);
}

const config = loadConfigOrExit();
let database;
try {
  database = await openDatabase(databaseOptionsFrom(config));
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

try {
  // A data directory the server never opened still gets its tables and plans.
  await database.migrate();
  await seedDatabase(database.db);
  const result = await runAdminCli(argv, { db: database.db });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
} finally {
  await database.close();
}
