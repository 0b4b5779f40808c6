import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

const mainPort = Number(process.env.E2E_PORT ?? 3100);

/** The relay-only server under test and the coturn it relays through (both on loopback). */
export const RELAY = {
  port: mainPort + 1,
  baseURL: `http://127.0.0.1:${mainPort + 1}`,
  turnPort: Number(process.env.E2E_TURN_PORT ?? mainPort + 2378),
  turnSecret: 'parlo-e2e-turn-secret',
};

export const TURNSERVER = '/usr/bin/turnserver';
export const hasTurnServer = () => existsSync(TURNSERVER);

export interface TurnServer {
  /** Everything coturn printed so far. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts Debian's coturn with the shared secret of the relay server (`use-auth-secret`). */
export async function startTurnServer(): Promise<TurnServer> {
  let output = '';
  const child: ChildProcess = spawn(
    TURNSERVER,
    [
      // Only these options: Debian's /etc/turnserver.conf would send the log to syslog.
      '-c',
      '/dev/null',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${RELAY.turnPort}`,
      '--use-auth-secret',
      `--static-auth-secret=${RELAY.turnSecret}`,
      '--realm=parlo.test',
      '--allow-loopback-peers',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--fingerprint',
      '--min-port=49200',
      '--max-port=49400',
      '--log-file=stdout',
      '--verbose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (!/listener opened on|Total General servers/i.test(output)) {
    if (child.exitCode !== null) throw new Error(`turnserver exited: ${output}`);
    if (Date.now() - started > 10_000) throw new Error(`turnserver did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    log: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
