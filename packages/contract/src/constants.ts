/** Business constants of the product specification (§9). Both sides read them from here. */

export const SESSION_LENGTH_SECONDS = 420;
export const SESSION_TIMER_EMPHASIS_SECONDS = 30;
export const SESSION_TOKEN_COST = 1;
export const SEARCH_TIMEOUT_MS = 60_000;
export const STATS_POLL_INTERVAL_MS = 5_000;
export const RECENT_SESSIONS_PAGE_SIZE = 10;
export const INFINITE_SCROLL_THRESHOLD_PX = 50;

export const MIN_AGE = 16;
export const MAX_AGE = 120;
export const NAME_MAX_LENGTH = 50;

export const CHAT_MAX_LENGTH = 1000;
export const CHAT_COUNTER_FROM = 800;
export const UNREAD_BADGE_CAP = 9;
export const RECORDING_AUTO_STOP_MS = 10_000;

export const REPORTS_PER_DAY = 3;
export const REPORT_COMMENT_MAX_LENGTH = 1000;
/** How long the report modal shows its thanks before it closes. */
export const REPORT_SUCCESS_VIEW_MS = 1_000;
export const VIDEO_AD_SECONDS = 15;
export const VIDEO_AD_REWARDS_PER_DAY = 5;
export const VIDEO_AD_BONUS_TOKENS = 1;
export const COPIED_CONFIRMATION_MS = 2_000;
export const AD_PROGRESS_POLL_MS = 250;

export const SUCCESS_NOTICE_MS = 3_000;
export const COOKIE_RESET_NOTICE_MS = 5_000;
export const COOKIE_BANNER_DELAY_MS = 1_500;
export const SOUND_VOLUME = 0.5;

export const API_TIMEOUT_MS = 15_000;
export const TOKEN_REFRESH_MIN_GAP_MS = 1_000;

export const SOCKET_RECONNECT_MAX_ATTEMPTS = 3;
export const SOCKET_RECONNECT_BASE_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_MAX_DELAY_MS = 10_000;
export const PEER_CONNECTION_TIMEOUT_MS = 7_000;

export const UNLIMITED = -1;
export const UNLIMITED_TOKENS_AS = 999;

export const INTERFACE_LANGUAGES = ['en', 'es', 'pt', 'ko', 'ja'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const FALLBACK_INTERFACE_LANGUAGE: InterfaceLanguage = 'en';

export const PROVIDERS = ['google', 'kakao', 'line'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PROFICIENCY_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number];
export const ONBOARDING_DEFAULT_LEVEL: ProficiencyLevel = 'B1';
export const SETTINGS_DEFAULT_LEVEL: ProficiencyLevel = 'A1';

/** The language catalogue of spec §3; only English is open for practice today. */
export const LANGUAGE_CODES = [
  'en',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'zh',
  'ja',
  'ko',
  'ar',
  'hi',
  'uk',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const LEGAL_LAST_UPDATED = '2026-11-26';
export const API_KEY_HEADER = 'x-api-key';

/** Roles; account statuses and genders live with the user schemas in `users.ts`. */
export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Plan features of spec §3; a value of UNLIMITED means no cap. */
export const FEATURE_CODES = ['tokens', 'session_limit', 'ads', 'video_ad_rewards'] as const;
export type FeatureCode = (typeof FEATURE_CODES)[number];
export const PLAN_CODES = ['free', 'premium'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

/** End reasons the server records; `self_ended` exists only in the browser of the side that ended. */
export const SESSION_END_REASONS = [
  'user_ended',
  'time_limit_reached',
  'connection_issue',
  'system_ended',
  'user_reported',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
/** How the browser that ended a call records it; the server hears `user_ended`. */
export const SELF_ENDED = 'self_ended';
export type LocalEndReason = SessionEndReason | typeof SELF_ENDED;
/** The endings after which continuing with the same partner is offered and accepted (spec §4). */
export const CONTINUABLE_END_REASONS: readonly LocalEndReason[] = [
  SELF_ENDED,
  'user_ended',
  'time_limit_reached',
  'connection_issue',
];
export function isContinuableEnd(reason: string | null | undefined): boolean {
  return CONTINUABLE_END_REASONS.some((continuable) => continuable === reason);
}
export const CONNECTION_TYPES = ['direct', 'turn', 'unknown'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
/**
 * A call that ends with `connection_issue` before it connected, or within this long of
 * connecting, gives both sides their token back (docs/decisions.md, Hardening (issue 17)).
 */
export const SESSION_REFUND_WINDOW_SECONDS = 60;

export const OFFER_TYPES = ['continuation'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const OFFER_STATUSES = ['pending', 'declined', 'cancelled', 'error', 'failed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Why a pending offer closed without an answer: withdrawn by its sender, or its time ran out. */
export const OFFER_CLOSE_REASONS = ['cancelled', 'expired'] as const;
export type OfferCloseReason = (typeof OFFER_CLOSE_REASONS)[number];

export const REPORT_REASONS = ['nudity', 'harassment', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The realtime socket (DESIGN §2 Realtime): path, token subprotocol, frame limit, close codes. */
export const SOCKET_PATH = '/ws';
/** The subprotocol that carries the access token: `["bearer", "<token>"]`. */
export const SOCKET_BEARER_PROTOCOL = 'bearer';
export const SOCKET_MAX_MESSAGE_BYTES = 64 * 1024;
export const SOCKET_CLOSE_CODES = {
  normal: 1000,
  authenticationFailed: 4001,
  /** A moderator blocked the account: final, the client shows the blocked page (no retry). */
  accountRestricted: 4003,
  duplicateConnection: 4999,
  /**
   * The instance is shutting down (deploy, scale-in): the client reconnects at once, through the
   * load balancer to another instance, and a call in progress goes on.
   */
  serviceRestart: 1012,
} as const;
/**
 * Times a client sends a socket message again that failed with `unavailable` (a Redis or
 * PostgreSQL outage), waiting the server's `retryAfterMs` times the attempt before each.
 */
export const SOCKET_UNAVAILABLE_RETRIES = 4;
/** The spread of the immediate reconnects after a 1012, so a whole instance's tabs do not return together. */
export const SOCKET_RESTART_JITTER_MS = 500;
