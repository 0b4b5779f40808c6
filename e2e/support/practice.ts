import { expect, type Page } from '@playwright/test';
import pg from 'pg';

/** Opens /search and presses Find, once the button is enabled. */
export async function findSession(page: Page) {
  await page.goto('/search');
  const find = page.getByRole('button', { name: 'Find Session • 7 min' });
  await expect(find).toBeEnabled();
  await find.click();
}

/**
 * Runs `work` with a client of the run's own PostgreSQL database (E2E_DATABASE_URL), to set up
 * states no screen creates; the tests that need it skip without that database.
 */
export async function withRunDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Marks the free plan's three daily tokens as used today (the UTC day), as three calls would. */
export async function spendTodaysTokens(username: string) {
  await withRunDatabase(async (client) => {
    const result = await client.query(
      `insert into usages (user_id, feature_code, day, count)
         select id, 'tokens', (now() at time zone 'utc')::date, 3 from users where username = $1`,
      [username],
    );
    expect(result.rowCount).toBe(1);
  });
}
