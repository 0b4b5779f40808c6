import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify';
import { ValidationError } from './errors.ts';

/**
 * A route's `schemaErrorFormatter` that answers a refused request with the route's own message
 * (spec §8: 'Invalid profile data', 'Invalid language data') and, per top-level field, the
 * message of the first rule it broke — an i18n key where the contract's schema sets one.
 */
type SchemaErrorFormatter = NonNullable<FastifyServerOptions['schemaErrorFormatter']>;

export function refuseWith(message: string): SchemaErrorFormatter {
  return (errors: FastifySchemaValidationError[]) => new ValidationError(message, fieldsOf(errors));
}

function fieldsOf(errors: FastifySchemaValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const field = error.instancePath.split('/')[1];
    if (field && !(field in fields) && error.message) fields[field] = error.message;
  }
  return fields;
}
