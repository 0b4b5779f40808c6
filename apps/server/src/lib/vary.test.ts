import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addVary } from './vary.ts';

async function varyAfter(existing: string | undefined, field: string) {
  const app = Fastify();
  app.get('/', (_request, reply) => {
    if (existing !== undefined) reply.header('vary', existing);
    addVary(reply, field);
    return 'ok';
  });
  const res = await app.inject({ url: '/' });
  await app.close();
  return res.headers.vary;
}

describe('addVary', () => {
  it('sets the header, adds to it, and adds nothing twice', async () => {
    expect(await varyAfter(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(await varyAfter('Origin', 'Accept-Encoding')).toBe('Origin, Accept-Encoding');
    expect(await varyAfter('Origin, accept-encoding', 'Accept-Encoding')).toBe(
      'Origin, accept-encoding',
    );
    expect(await varyAfter('*', 'Accept-Encoding')).toBe('*');
  });
});
