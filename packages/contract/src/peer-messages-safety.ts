import { z } from 'zod';

/**
 * What the frame guard (issue 18) says to the partner's browser over the `chat` data channel.
 * No image, no score and no verdict about the partner ever crosses it: only the sender's own
 * reveal state and neutral notes about the sender's own camera, so a fake or covered feed is not
 * mistaken for a person.
 */

/**
 * "Reveal together": each side says whether it tapped Reveal, and whether it wants the call to
 * start blurred (`required`: its account setting, or 16–17); one side wanting it blurs both. `minor`
 * is true when the sender is 16–17. Both flags only make the call stricter, so a partner claiming
 * them is safe to believe.
 */
export const peerRevealMessageSchema = z.object({
  type: z.literal('guard_reveal'),
  revealed: z.boolean(),
  required: z.boolean(),
  minor: z.boolean(),
});
export type PeerRevealMessage = z.infer<typeof peerRevealMessageSchema>;

/** Why the sender's camera shows no real person; `none` clears an earlier note. */
export const CAMERA_NOTES = ['none', 'covered', 'virtual'] as const;
export type CameraNote = (typeof CAMERA_NOTES)[number];

/** A neutral note about the sender's own camera ("camera looks covered" / "virtual camera"). */
export const peerCameraNoteMessageSchema = z.object({
  type: z.literal('guard_camera_note'),
  note: z.enum(CAMERA_NOTES),
});
export type PeerCameraNoteMessage = z.infer<typeof peerCameraNoteMessageSchema>;
