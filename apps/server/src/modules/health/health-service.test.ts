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
});
