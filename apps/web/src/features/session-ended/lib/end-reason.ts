import type { LocalEndReason } from '@/lib/session/live-session-store';

export type EndAction = 'start_new' | 'find_new' | 'try_again';

export type EndContent = {
  /** The i18n key under `session-ended:reasons`. */
  key: LocalEndReason | 'default';
  action: EndAction;
  /** Spec §4: continuing with the same partner is offered only after these endings. */
  canContinue: boolean;
};

const CONTENT: Record<LocalEndReason, EndContent> = {
  self_ended: { key: 'self_ended', action: 'start_new', canContinue: true },
  user_ended: { key: 'user_ended', action: 'find_new', canContinue: true },
  time_limit_reached: { key: 'time_limit_reached', action: 'start_new', canContinue: true },
  connection_issue: { key: 'connection_issue', action: 'try_again', canContinue: true },
  system_ended: { key: 'system_ended', action: 'start_new', canContinue: false },
  user_reported: { key: 'user_reported', action: 'find_new', canContinue: false },
};

const DEFAULT_CONTENT: EndContent = { key: 'default', action: 'start_new', canContinue: false };

/** Title, text and main button per end reason; anything unknown gets the plain complete message. */
export function endContent(reason: string): EndContent {
  return Object.hasOwn(CONTENT, reason) ? CONTENT[reason as LocalEndReason] : DEFAULT_CONTENT;
}
