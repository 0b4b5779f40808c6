import { describe, expect, it } from 'vitest';
import { CATALOGUE_TTL_MS, createLanguagesService } from './languages-service.ts';

const rows = [
  { code: 'en', nativeName: 'English', available: true },
  { code: 'nl', nativeName: 'Nederlands', available: true },
  { code: 'ko', nativeName: '한국어', available: false },
];

function setup(listAll: () => Promise<typeof rows>) {
  let now = Date.parse('2026-01-01T00:00:00Z');
  let reads = 0;
  const service = createLanguagesService({
    languagesRepo: {
      listAll: () => {
        reads += 1;
        return listAll();
      },
    },
    clock: { now: () => new Date(now) },
  });
  return {
    service,
    reads: () => reads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('languages service', () => {
  it('returns the catalogue in repository order and hides codes the product does not know', async () => {
    const { service } = setup(() => Promise.resolve(rows));
    expect(await service.listLanguages()).toEqual([
      { code: 'en', nativeName: 'English', available: true },
      { code: 'ko', nativeName: '한국어', available: false },
    ]);
  });

  it('reads the database once per time-to-live, then again after it', async () => {
    const { service, reads, advance } = setup(() => Promise.resolve(rows));
    await Promise.all([service.listLanguages(), service.listLanguages()]);
    advance(CATALOGUE_TTL_MS - 1);
    await service.listLanguages();
    expect(reads()).toBe(1);
    advance(1);
    await service.listLanguages();
    expect(reads()).toBe(2);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const { service, reads } = setup(() =>
      fail ? Promise.reject(new Error('db down')) : Promise.resolve(rows),
    );
    await expect(service.listLanguages()).rejects.toThrow('db down');
    fail = false;
    await expect(service.listLanguages()).resolves.toHaveLength(2);
    expect(reads()).toBe(2);
  });
});
