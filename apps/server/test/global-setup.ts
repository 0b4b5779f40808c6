import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteHandle } from '../src/db/client.ts';
import { dropDatabasesWithPrefix } from './helpers/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar), so each test app skips initdb and migrations. */
    pgliteImagePath: string;
    /** Prefix of every PostgreSQL database this run creates; empty without TEST_DATABASE_URL. */
    pgDatabasePrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'parlo-server-tests-'));
  const imagePath = join(workDir, 'pglite-migrated.tar');
  const client = await PGlite.create();
  const template = pgliteHandle(client);
  await template.migrate();
  const image = await client.dumpDataDir('none');
  writeFileSync(imagePath, Buffer.from(await image.arrayBuffer()));
  await template.close();
  project.provide('pgliteImagePath', imagePath);

  // With TEST_DATABASE_URL, each test app gets a fresh database named after this run; the
  // teardown drops whatever a crashed or interrupted test file left behind.
  const adminUrl = process.env.TEST_DATABASE_URL;
  const prefix = adminUrl ? `parlo_test_${randomBytes(4).toString('hex')}` : '';
  project.provide('pgDatabasePrefix', prefix);

  return async () => {
    rmSync(workDir, { recursive: true, force: true });
    if (adminUrl) await dropDatabasesWithPrefix(adminUrl, prefix);
  };
}
