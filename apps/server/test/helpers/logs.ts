import { Writable } from 'node:stream';
import { createLogger } from '../../src/lib/logger.ts';

/** Collects the JSON log lines of an app, for assertions on what gets logged. */
export function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, logger: createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, stream) };
}
