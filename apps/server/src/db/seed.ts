import type { FeatureCode, LanguageCode, PlanCode } from '@parlo/contract/constants';
import { SESSION_TOKEN_COST, UNLIMITED } from '@parlo/contract/constants';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { languages, planFeatures, plans } from './tables/catalogue.ts';

/** Spec §3: the catalogue, in the spec's order, with each language's own name for itself. */
const LANGUAGE_CATALOGUE: readonly { code: LanguageCode; nativeName: string }[] = [
  { code: 'en', nativeName: 'English' },
  { code: 'fr', nativeName: 'Français' },
  { code: 'es', nativeName: 'Español' },
  { code: 'de', nativeName: 'Deutsch' },
  { code: 'it', nativeName: 'Italiano' },
  { code: 'pt', nativeName: 'Português' },
  { code: 'zh', nativeName: '中文' },
  { code: 'ja', nativeName: '日本語' },
  { code: 'ko', nativeName: '한국어' },
  { code: 'ar', nativeName: 'العربية' },
  { code: 'hi', nativeName: 'हिन्दी' },
  { code: 'uk', nativeName: 'Українська' },
];
/** Spec §1: only English is open for practice today. */
const INITIALLY_AVAILABLE: readonly LanguageCode[] = ['en'];

type PlanSeed = { code: PlanCode; name: string; features: Record<FeatureCode, [number, number]> };

/** [value per day, cost per use]; the reasoning is in docs/decisions.md ("Plan numbers"). */
const PLANS: readonly PlanSeed[] = [
  {
    code: 'free',
    name: 'Free',
    features: {
      tokens: [3, SESSION_TOKEN_COST],
      session_limit: [10, 0],
      ads: [1, 0],
      video_ad_rewards: [5, 0],
    },
  },
  {
    code: 'premium',
    name: 'Premium',
    features: {
      tokens: [UNLIMITED, SESSION_TOKEN_COST],
      session_limit: [UNLIMITED, 0],
      ads: [0, 0],
      video_ad_rewards: [5, 0],
    },
  },
];

/**
 * Idempotent reference data, run on every start after migrations. Native names follow the code;
 * availability, plans and plan features are only inserted when missing, so an operator's change
 * in the database survives restarts (changes shipped with the code go in a migration).
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(languages)
      .values(
        LANGUAGE_CATALOGUE.map((language, index) => ({
          ...language,
          available: INITIALLY_AVAILABLE.includes(language.code),
          sortOrder: index,
        })),
      )
      .onConflictDoUpdate({
        target: languages.code,
        set: { nativeName: sql`excluded.native_name`, sortOrder: sql`excluded.sort_order` },
      });

    await tx
      .insert(plans)
      .values(PLANS.map(({ code, name }) => ({ code, name })))
      .onConflictDoNothing();

    await tx
      .insert(planFeatures)
      .values(
        PLANS.flatMap(({ code, features }) =>
          Object.entries(features).map(([featureCode, [value, cost]]) => ({
            planCode: code,
            featureCode: featureCode as FeatureCode,
            value,
            cost,
          })),
        ),
      )
      .onConflictDoNothing();
  });
}
