import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../columns.ts';
import { users } from './users.ts';

/**
 * Refresh tokens are stored only as hashes. A family is one sign-in; rotation creates a new row
 * in the same family, and presenting a rotated token revokes the whole family (but for one
 * reissue within the rotation leeway, which retires the successor it replaces).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    /** The live successor of a rotated token: the one a leeway reissue retires. */
    replacedBy: uuid('replaced_by'),
    /** Set by the one reissue a rotated token may get within the rotation leeway. */
    reissuedAt: timestamptz('reissued_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    unique('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_expires_at_idx').on(t.expiresAt),
  ],
);
