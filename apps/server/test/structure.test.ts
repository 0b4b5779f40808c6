import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 17 item 23: one composition root. The graph of services is built in one place, in a
// fixed order, and modules depend on modules and lib/, never on the HTTP plugins or the
// realtime layer's internals.

const SRC = join(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  name: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

function importsOf(text: string) {
  return [...text.matchAll(/^\s*import[^'"]*from\s+'([^']+)'/gm)].map((match) => match[1]!);
}

describe('the server has one composition root', () => {
  it('builds every service and repository in composition.ts only', () => {
    const builders = /\bcreate[A-Z]\w*(Service|Repo)\(/;
    const elsewhere = files
      .filter(({ name }) => name !== 'composition.ts')
      .filter(({ text }) =>
        text
          .split('\n')
          .some((line) => builders.test(line) && !/export (async )?function/.test(line)),
      )
      .map(({ name }) => name);
    // The admin CLI is a program of its own: it opens the database and uses two repositories.
    expect(elsewhere.filter((name) => !name.startsWith('admin/'))).toEqual([]);
  });

  it('keeps modules off the HTTP plugins and the realtime scheduler', () => {
    const offenders = files
      .filter(({ name }) => name.startsWith('modules/'))
      .flatMap(({ name, text }) =>
        importsOf(text)
          .filter((path) => /plugins\/|realtime\/scheduler/.test(path))
          .map((path) => `${name} → ${path}`),
      );
    expect(offenders).toEqual([]);
  });

  it('has no app-context decorators and no second graph in the live runtime', () => {
    expect(existsSync(join(SRC, 'plugins', 'app-context.ts'))).toBe(false);
    const live = files.find(({ name }) => name === join('realtime', 'live.ts'))!;
    expect(live.text).not.toMatch(/\bcreate[A-Z]\w*(Service|Repo)\(/);
    const app = files.find(({ name }) => name === 'app.ts')!;
    expect(app.text).not.toMatch(/\bcreate[A-Z]\w*(Service|Repo)\(/);
    expect(app.text).toContain('composeServer(');
  });
});
