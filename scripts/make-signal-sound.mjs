// Writes apps/web/public/sounds/signal.wav, the cue of a partner's repair signal (issue 21): a
// soft questioning pair of notes (C5 then E5, rising like a question), sine with a quiet octave,
// faded in and out. WAV rather than MP3 because it needs no encoder (scripts/make-sounds.sh needs
// ffmpeg); at 22.05 kHz mono 16-bit it is ~18 KB. Run from the repository root.
import { writeFileSync } from 'node:fs';

const RATE = 22_050;
const LENGTH_S = 0.42;
const notes = [
  { freq: 523.25, start: 0, dur: 0.22 },
  { freq: 659.25, start: 0.12, dur: 0.3 },
];

const samples = new Float32Array(Math.round(RATE * LENGTH_S));
for (const { freq, start, dur } of notes) {
  const from = Math.round(start * RATE);
  const count = Math.round(dur * RATE);
  for (let i = 0; i < count && from + i < samples.length; i += 1) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.01);
    const release = Math.max(0, 1 - t / dur) ** 2;
    const wave = 0.6 * Math.sin(2 * Math.PI * freq * t) + 0.15 * Math.sin(4 * Math.PI * freq * t);
    samples[from + i] += 0.5 * attack * release * wave;
  }
}

const data = Buffer.alloc(samples.length * 2);
samples.forEach((value, i) =>
  data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32_767), i * 2),
);
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVEfmt ', 8);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync('apps/web/public/sounds/signal.wav', Buffer.concat([header, data]));
