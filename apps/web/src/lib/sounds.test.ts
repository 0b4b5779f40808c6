import { afterEach, describe, expect, it, vi } from 'vitest';
import { playSound } from '@/lib/sounds';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('playSound', () => {
  it('plays the file at volume 0.5', () => {
    const created: { src: string; volume: number }[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        volume = 1;
        constructor(readonly src: string) {
          created.push(this);
        }
        play() {
          return Promise.resolve();
        }
      },
    );
    playSound('match');
    expect(created).toEqual([expect.objectContaining({ src: '/sounds/match.mp3', volume: 0.5 })]);
  });

  it('never throws, whether play is refused or Audio is missing', async () => {
    vi.stubGlobal(
      'Audio',
      class {
        volume = 1;
        play() {
          return Promise.reject(new DOMException('no', 'NotAllowedError'));
        }
      },
    );
    expect(() => playSound('message')).not.toThrow();
    await Promise.resolve();
    vi.stubGlobal('Audio', undefined);
    expect(() => playSound('ending')).not.toThrow();
  });
});
