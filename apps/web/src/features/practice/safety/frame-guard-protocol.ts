import { z } from 'zod';

/**
 * What the page and the frame guard's worker say to each other. Pixels cross as a transferred
 * ArrayBuffer and never leave the browser; what comes back is five numbers and a brightness.
 */

export const GUARD_SIDES = ['incoming', 'outgoing'] as const;
export type GuardSide = (typeof GUARD_SIDES)[number];

const probability = z.number().min(0).max(1);

export const workerRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('init'), modelUrl: z.string().min(1) }),
  z.object({
    type: z.literal('frame'),
    id: z.number().int().nonnegative(),
    side: z.enum(GUARD_SIDES),
    width: z.number().int().positive().max(1024),
    height: z.number().int().positive().max(1024),
    pixels: z.instanceof(ArrayBuffer),
  }),
]);
export type WorkerRequest = z.infer<typeof workerRequestSchema>;

export const workerReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), backend: z.string(), loadMs: z.number().nonnegative() }),
  z.object({
    type: z.literal('verdict'),
    id: z.number().int().nonnegative(),
    side: z.enum(GUARD_SIDES),
    scores: z.object({
      drawing: probability,
      hentai: probability,
      neutral: probability,
      porn: probability,
      sexy: probability,
    }),
    luminance: z.object({ mean: z.number().min(0).max(255), stdDev: z.number().min(0) }),
    /** Time the classification took in the worker. */
    ms: z.number().nonnegative(),
  }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type WorkerReply = z.infer<typeof workerReplySchema>;
