import { isContinuableEnd, type LocalEndReason } from '@parlo/contract/constants';

export type EndAction = 'start_new' | 'find_new' | 'try_again';

export type EndContent = {
  /** The i18n key under `session-ended:reasons`. */
  key: LocalEndReason | 'default';
  action: EndAction;
  /** Spec §4: continuing with the same partner is offered only after some endings. */
  canContinue: boolean;
};

type EndLook = Omit<EndContent, 'canContinue'>;

const CONTENT: Record<LocalEndReason, EndLook> = {
  self_ended: { key: 'self_ended', action: 'start_new' },
  user_ended: { key: 'user_ended', action: 'find_new' },
  time_limit_reached: { key: 'time_limit_reached', action: 'start_new' },
  connection_issue: { key: 'connection_issue', action: 'try_again' },
  system_ended: { key: 'system_ended', action: 'start_new' },
  user_reported: { key: 'user_reported', action: 'find_new' },
};

const DEFAULT_CONTENT: EndContent = { key: 'default', action: 'start_new', canContinue: false };

/** Title, text and main button per end reason; anything unknown gets the plain complete message. */
export function endContent(reason: string): EndContent {
  if (!Object.hasOwn(CONTENT, reason)) return DEFAULT_CONTENT;
  return { ...CONTENT[reason as LocalEndReason], canContinue: isContinuableEnd(reason) };
}
