import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const JWT_SECRET_MIN_LENGTH = 32;

/** Supplies the JWT secret outside production when JWT_SECRET is not set. */
export interface DevSecretStore {
  readOrCreate(dataDir: string): string;
}

/**
 * Keeps a generated secret in DATA_DIR/jwt-secret, so development sign-ins survive restarts
 * without anyone having to invent a secret. Created with `wx` so two processes starting at
 * once cannot overwrite each other's secret.
 */
export const fileDevSecretStore: DevSecretStore = {
  readOrCreate(dataDir) {
    const file = join(dataDir, 'jwt-secret');
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < JWT_SECRET_MIN_LENGTH) {
      throw new Error(`${file} holds fewer than ${JWT_SECRET_MIN_LENGTH} characters`);
    }
    return secret;
  },
};
