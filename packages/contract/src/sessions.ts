import { z } from 'zod';
import { RECENT_SESSIONS_PAGE_SIZE } from './constants.ts';
import { storableText } from './text.ts';

export const DELETED_USER_NAME = 'Deleted User';

/** The other side (or the caller) of a session; a deleted account has no id and no details. */
export const sessionParticipantSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  country: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type SessionParticipant = z.infer<typeof sessionParticipantSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  languageCode: z.string(),
  user1Id: z.string().nullable(),
  user2Id: z.string().nullable(),
  user1: sessionParticipantSchema,
  user2: sessionParticipantSchema,
  /** True when the caller was user1, the side the match was made for first. */
  initiator: z.boolean(),
  endReason: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const SESSION_LIST_MAX_PAGE_SIZE = 50;

export const sessionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(SESSION_LIST_MAX_PAGE_SIZE)
    .default(RECENT_SESSIONS_PAGE_SIZE),
});
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

export const sessionListSchema = z.object({
  data: z.array(sessionSchema),
  totalPages: z.number().int(),
});
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionParamsSchema = z.object({ id: storableText().max(64) });
