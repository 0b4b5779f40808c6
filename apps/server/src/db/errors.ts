/** PostgreSQL's SQLSTATE for unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Data exceptions (class 22) that a value sent by a client causes: text PostgreSQL cannot store
 * (22021 NUL, 22P05 untranslatable), a malformed uuid or number (22P02), a string too long (22001),
 * a number or date out of range (22003, 22007, 22008). Not 22012 (division by zero) and the like,
 * which only a bug of ours causes.
 */
const REFUSED_VALUE_SQLSTATES = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
]);

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * The driver error behind a failed query. drizzle wraps driver errors (DrizzleQueryError), and
 * `pg` and PGlite both expose the SQLSTATE as `code`, so the cause chain is walked.
 */
function findPgError(error: unknown): PgErrorFields | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return undefined;
}

/**
 * True when the error is a unique-constraint clash, optionally on one named constraint. Decided
 * by SQLSTATE, never by message text, which differs between drivers, versions and locales.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = findPgError(error);
  if (pgError?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || pgError.constraint === constraint;
}

/** The SQLSTATE when PostgreSQL refused a value a request carried (see above), else undefined. */
export function refusedValueSqlstate(error: unknown): string | undefined {
  const code = findPgError(error)?.code;
  return typeof code === 'string' && REFUSED_VALUE_SQLSTATES.has(code) ? code : undefined;
}

/**
 * True when PostgreSQL refused a row for its values: a data exception (class 22) or an integrity
 * rule (class 23: a key that names nothing, a clash, a check). One input of a batched write can
 * cause it; a timeout, a full pool or PostgreSQL gone cannot be one input's doing.
 */
export function isRefusedRow(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
