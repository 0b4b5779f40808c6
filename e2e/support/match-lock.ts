import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { test as playwrightTest } from '@playwright/test';

// Tests that pair two people on the main server search in the same pool (English, B1, adults):
// two of them running at once in the two workers would be matched with each other's people. Each
// holds this lock (a directory: mkdir is atomic) from its first search to its end, so they take
// turns while the other worker runs single-person tests. Tests with a level of their own
// (signInOnboarded's `level`) need no lock.

const LOCK = path.join(tmpdir(), `parlo-e2e-match-lock-${process.env.E2E_PORT ?? 3100}`);
/** A lock older than this was left by a run that died: taken over. */
const STALE_MS = 5 * 60_000;
const POLL_MS = 200;

export async function holdMatchingPool(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true });
      } catch {
        // Released between the two calls: try again at once.
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/**
 * Every test of the file calling this holds the lock for its whole run; the time spent waiting
 * for it is added to the test's timeout.
 */
export function takeTurnsInTheMatchingPool(test: typeof playwrightTest) {
  let release: (() => void) | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from the pattern
  test.beforeEach(async ({}, testInfo) => {
    const waitingSince = Date.now();
    release = await holdMatchingPool();
    testInfo.setTimeout(testInfo.timeout + (Date.now() - waitingSince));
  });
  test.afterEach(() => {
    release?.();
    release = undefined;
  });
}
