import * as afterCall from './tables/after-call.ts';
import * as auth from './tables/auth.ts';
import * as billing from './tables/billing.ts';
import * as catalogue from './tables/catalogue.ts';
import * as moderation from './tables/moderation.ts';
import * as safety from './tables/safety.ts';
import * as sessions from './tables/sessions.ts';
import * as tokens from './tables/tokens.ts';
import * as users from './tables/users.ts';

/**
 * The whole data model (DESIGN §2), one object for drizzle's relational queries. Tables live in
 * tables/ by area; repositories import the tables they use from there directly.
 */
export const schema = {
  ...afterCall,
  ...auth,
  ...billing,
  ...catalogue,
  ...moderation,
  ...safety,
  ...sessions,
  ...tokens,
  ...users,
};
export type Schema = typeof schema;
