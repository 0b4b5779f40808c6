import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

export const PG_BIN = '/usr/lib/postgresql/15/bin';
/** The fault tests need the server binaries, not just a client; they are skipped without them. */
export const postgresBinariesFound = ['initdb', 'pg_ctl'].every((name) =>
  existsSync(join(PG_BIN, name)),
);

export type PrivatePostgres = Awaited<ReturnType<typeof privatePostgres>>;

/**
 * A PostgreSQL cluster of one test alone, in a temporary directory on a free port, so stopping
 * or freezing it touches nothing else on the machine. PostgreSQL refuses to run as root, so
 * under root its commands run as the `postgres` OS user, who owns the directory.
 */
export async function privatePostgres() {
  const dir = mkdtempSync(join(tmpdir(), 'parlo-pg-'));
  const asRoot = process.getuid?.() === 0;
  const asPostgres = async (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args])
      : run(join(PG_BIN, command), args);
  if (asRoot) {
    const [uid, gid] = await Promise.all(
      ['-u', '-g'].map(async (flag) => Number((await run('id', [flag, 'postgres'])).stdout)),
    );
    chownSync(dir, uid!, gid!);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', data, ...args]);

  /** The postmaster and every process it started (backends, writers). */
  async function processes(): Promise<number[]> {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const { stdout } = await run('pgrep', ['-P', String(postmaster)]).catch(() => ({
      stdout: '',
    }));
    return [postmaster, ...stdout.split('\n').filter(Boolean).map(Number)];
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl('start', '-w', '-t', '30', '-l', join(dir, 'log'), '-o', serverOptions),
    /** Fast shutdown: sessions are cut at once and their open transactions rolled back. */
    stop: () => pgCtl('stop', '-w', '-m', 'fast'),
    /**
     * Every process of the cluster stopped where it stands (SIGSTOP): connections stay open and
     * new ones are accepted by the kernel, but nothing is answered, as with a frozen host.
     */
    async freeze() {
      for (const pid of await processes()) process.kill(pid, 'SIGSTOP');
    },
    async thaw() {
      for (const pid of await processes()) process.kill(pid, 'SIGCONT');
    },
    async destroy() {
      await this.thaw().catch(() => {});
      await pgCtl('stop', '-m', 'immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
