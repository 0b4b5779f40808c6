import { describe, expect, it, vi } from 'vitest';
import { createHealthService } from './health-service.ts';

describe('health service', () => {
  it('reports ok when the database answers', async () => {
    const log = { warn: vi.fn() };
    const service = createHealthService({ healthRepo: { ping: () => Promise.resolve() }, log });
    expect(await service.checkDatabase()).toBe('ok');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('reports down, and logs why, when the database fails', async () => {
    const log = { warn: vi.fn() };
    const service = createHealthService({
      healthRepo: { ping: () => Promise.reject(new Error('connection refused')) },
      log,
    });
    expect(await service.checkDatabase()).toBe('down');
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('reports down when the database does not answer in time', async () => {
    const service = createHealthService({
      healthRepo: { ping: () => new Promise(() => {}) },
      log: { warn: () => {} },
      timeoutMs: 20,
    });
    expect(await service.checkDatabase()).toBe('down');
  });

  it('reports no Redis when the broker is in memory', async () => {
    const service = createHealthService({
      healthRepo: { ping: () => Promise.resolve() },
      log: { warn: () => {} },
    });
    expect(await service.checkRedis()).toBeUndefined();
  });

  it('reports Redis ok, or down when it fails or does not answer in time', async () => {
    const check = (ping: () => Promise<void>) =>
      createHealthService({
        healthRepo: { ping: () => Promise.resolve() },
        redis: { ping },
        log: { warn: () => {} },
        timeoutMs: 20,
      }).checkRedis();
    expect(await check(() => Promise.resolve())).toBe('ok');
    expect(await check(() => Promise.reject(new Error('ECONNREFUSED')))).toBe('down');
    expect(await check(() => new Promise(() => {}))).toBe('down');
  });
});
