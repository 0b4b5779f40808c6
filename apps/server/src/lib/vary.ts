import type { FastifyReply } from 'fastify';

/**
 * Adds `field` to the reply's Vary header, keeping what is there (the CORS hook's Origin): a
 * header set again replaces the earlier value, and a cache that is told only part of what an
 * answer depends on serves it to the wrong requests.
 */
export function addVary(reply: FastifyReply, field: string): FastifyReply {
  const current = reply.getHeader('vary');
  if (current === undefined) return reply.header('vary', field);
  const fields = String(current)
    .split(',')
    .map((name) => name.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return reply;
  return reply.header('vary', `${String(current)}, ${field}`);
}
