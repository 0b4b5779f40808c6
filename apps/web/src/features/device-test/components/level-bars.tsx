import { useEffect, useRef } from 'react';

const BAR_COUNT = 12;

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/**
 * The microphone's level as bars, from an AnalyserNode. The bars are drawn straight into the DOM
 * on each animation frame, so the level never re-renders React.
 */
export function LevelBars({ stream, label }: { stream: MediaStream | null; label: string }) {
  const barsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const Context = audioContextClass();
    const container = barsRef.current;
    if (!stream || stream.getAudioTracks().length === 0 || !Context || !container) return;
    const context = new Context();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    source.connect(analyser);
    const data = new Uint8Array(analyser.frequencyBinCount);
    const bars = Array.from(container.children) as HTMLElement[];
    let frame = 0;

    const draw = () => {
      analyser.getByteFrequencyData(data);
      const step = Math.floor(data.length / 2 / BAR_COUNT) || 1;
      bars.forEach((bar, index) => {
        let sum = 0;
        for (let offset = 0; offset < step; offset += 1) sum += data[index * step + offset] ?? 0;
        const level = Math.min(1, sum / step / 180);
        bar.style.transform = `scaleY(${Math.max(0.08, level)})`;
      });
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);

    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close().catch(() => {});
      for (const bar of bars) bar.style.transform = '';
    };
  }, [stream]);

  return (
    <div
      ref={barsRef}
      role="img"
      aria-label={label}
      className="flex h-10 items-end gap-1"
      data-testid="level-bars"
    >
      {Array.from({ length: BAR_COUNT }, (_, index) => (
        <span
          key={index}
          className="h-full w-1.5 origin-bottom scale-y-[0.08] rounded-full bg-brand-500 transition-transform duration-75"
        />
      ))}
    </div>
  );
}
