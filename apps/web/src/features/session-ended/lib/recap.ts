/**
 * The recap of a call (issue 22), computed on the device from what it kept of the call. Every
 * input is optional: a part the device did not measure is left out of the recap, not shown as 0.
 */
export interface CallRecapInput {
  /** From the session's technical data (started and ended instants). */
  durationSeconds?: number | null;
  /** Milliseconds each side was heard speaking. */
  talk?: { selfMs: number; partnerMs: number } | null;
  /** Task cards completed. */
  cardsDone?: number | null;
  /** Repair signals ("slower please", "say again") given and received. */
  signals?: { given: number; received: number } | null;
  /** Correction cards exchanged. */
  corrections?: number | null;
  /** Chat lines sent and received. */
  chat?: { sent: number; received: number } | null;
  /** Phrases saved to the pocket during the call. */
  phrasesSaved?: number | null;
}

export interface CallRecap {
  duration: { minutes: number; seconds: number } | null;
  /** Whole percentages that add up to 100; null when nobody was heard. */
  talkShares: { self: number; partner: number } | null;
  cardsDone: number | null;
  signals: { given: number; received: number } | null;
  corrections: number | null;
  chatLines: { sent: number; received: number } | null;
  phrasesSaved: number | null;
  /** Whether anything at all can be shown. */
  empty: boolean;
}

const count = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? null
    : Math.max(0, Math.round(value));

/** Two shares in whole percent, rounded so they always add up to 100. */
export function talkShares(selfMs: number, partnerMs: number) {
  const self = Math.max(0, selfMs);
  const partner = Math.max(0, partnerMs);
  const total = self + partner;
  if (!Number.isFinite(total) || total <= 0) return null;
  const selfShare = Math.round((self / total) * 100);
  return { self: selfShare, partner: 100 - selfShare };
}

export function buildRecap(input: CallRecapInput): CallRecap {
  const seconds = count(input.durationSeconds);
  const pair = (value: { given: number; received: number } | null | undefined) =>
    value ? { given: count(value.given) ?? 0, received: count(value.received) ?? 0 } : null;
  const recap: Omit<CallRecap, 'empty'> = {
    duration:
      seconds === null ? null : { minutes: Math.floor(seconds / 60), seconds: seconds % 60 },
    talkShares: input.talk ? talkShares(input.talk.selfMs, input.talk.partnerMs) : null,
    cardsDone: count(input.cardsDone),
    signals: pair(input.signals),
    corrections: count(input.corrections),
    chatLines: input.chat
      ? { sent: count(input.chat.sent) ?? 0, received: count(input.chat.received) ?? 0 }
      : null,
    phrasesSaved: count(input.phrasesSaved),
  };
  return { ...recap, empty: Object.values(recap).every((value) => value === null) };
}
