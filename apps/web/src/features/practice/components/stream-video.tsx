import { useEffect, useRef } from 'react';

type StreamVideoProps = {
  stream: MediaStream | null;
  muted?: boolean;
  label: string;
  className?: string;
  testId?: string;
};

/** A <video> playing a MediaStream; the element stays the same while the stream changes. */
export function StreamVideo({
  stream,
  muted = false,
  label,
  className = '',
  testId,
}: StreamVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-testid={testId}
      className={className}
    />
  );
}
