import { tokenDay } from '@parlo/contract/tokens';
import type { Database } from '../db/client.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { createModerationRepo } from '../modules/moderation/moderation-repo.ts';
import { available } from '../modules/tokens/token-rules.ts';
import { createTokensRepo } from '../modules/tokens/tokens-repo.ts';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-premium <email> <days>   Premium for <days> days (1..3650); extends a live premium plan
                                 (a plan paid through Stripe is managed in Stripe instead)
  grant-tokens <email> <n>       Add <n> bonus tokens (1..100)
  show-tokens <email>            Plan, today's usage and the bonus balance
  grant-moderator <email>        Opens the moderation console to the account
  revoke-moderator <email>       Makes a moderator an ordinary user again

<email> is the account's username or email, in any case. The database is the server's:
DATABASE_URL, else PGlite in DATA_DIR (stop the server first: PGlite allows one process).`;

export type AdminCommand =
  | { name: 'grant-premium'; login: string; days: number }
  | { name: 'grant-tokens'; login: string; amount: number }
  | { name: 'show-tokens'; login: string }
  | { name: 'grant-moderator'; login: string }
  | { name: 'revoke-moderator'; login: string };

const COMMANDS = [
  'grant-premium',
  'grant-tokens',
  'show-tokens',
  'grant-moderator',
  'revoke-moderator',
] as const;
const ONE_ARGUMENT: readonly string[] = ['show-tokens', 'grant-moderator', 'revoke-moderator'];

export interface AdminResult {
  /** 0 done, 1 refused (unknown account), 2 bad arguments. */
  code: number;
  stdout: string;
  stderr: string;
}

function wholeNumber(text: string | undefined, min: number, max: number): number | undefined {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** The command, or why the arguments are wrong. */
export function parseAdminCommand(argv: readonly string[]): AdminCommand | { error: string } {
  const [name, login, count, ...extra] = argv;
  if (!name) return { error: 'A command is required.' };
  const expected = ONE_ARGUMENT.includes(name) ? 1 : 2;
  if (!login?.trim() || argv.length - 1 !== expected || extra.length > 0) {
    if (!(COMMANDS as readonly string[]).includes(name)) {
      return { error: `Unknown command: ${name}` };
    }
    return { error: `${name} takes ${expected === 1 ? '<email>' : '<email> and a number'}.` };
  }
  switch (name) {
    case 'grant-premium': {
      const days = wholeNumber(count, 1, 3650);
      if (days === undefined) return { error: 'days must be a whole number from 1 to 3650.' };
      return { name, login, days };
    }
    case 'grant-tokens': {
      const amount = wholeNumber(count, 1, 100);
      if (amount === undefined) return { error: 'n must be a whole number from 1 to 100.' };
      return { name, login, amount };
    }
    case 'show-tokens':
    case 'grant-moderator':
    case 'revoke-moderator':
      return { name, login };
    default:
      return { error: `Unknown command: ${name}` };
  }
}

/** Runs one admin command against `db`; the process entry (main.ts) only adds I/O and exit. */
export async function runAdminCli(
  argv: readonly string[],
  deps: { db: Database; clock?: Clock },
): Promise<AdminResult> {
  const command = parseAdminCommand(argv);
  if ('error' in command) {
    return { code: 2, stdout: '', stderr: `${command.error}\n\n${ADMIN_USAGE}\n` };
  }
  const repo = createTokensRepo(deps.db);
  const now = (deps.clock ?? systemClock).now();
  const user = await repo.findLiveUserByLogin(command.login);
  if (!user) {
    return {
      code: 1,
      stdout: '',
      stderr: `No live account with username or email ${command.login}\n`,
    };
  }

  switch (command.name) {
    case 'grant-premium': {
      const subscription = await repo.grantPremium(user.id, command.days, now);
      if (subscription.billingSubscriptionId) {
        const paidUntil = subscription.endsAt?.toISOString() ?? 'no end date';
        const note = `${user.username} pays for Premium (Stripe subscription ${subscription.billingSubscriptionId}, until ${paidUntil}); manage it in the Stripe Dashboard\n`;
        return { code: 1, stdout: '', stderr: note };
      }
      const until = subscription.endsAt?.toISOString() ?? 'no end date';
      return { code: 0, stdout: `${user.username}: premium until ${until}\n`, stderr: '' };
    }
    case 'grant-tokens': {
      const bonus = await repo.grantBonusTokens(user.id, command.amount, now);
      const line = `${user.username}: +${command.amount} bonus tokens, bonus balance ${bonus}\n`;
      return { code: 0, stdout: line, stderr: '' };
    }
    case 'show-tokens': {
      const state = await repo.tokenState(user.id, now);
      const active = await repo.activeSubscription(user.id, now);
      const ends = active?.subscription.endsAt?.toISOString();
      const usage = Object.entries(state.usage)
        .map(([code, count]) => `${code}=${count}`)
        .join(' ');
      const lines = [
        `${user.username} (${user.id})`,
        `plan: ${state.plan.code}${ends ? ` until ${ends}` : ''}`,
        `available: ${available(state)}`,
        `bonus: ${state.bonus}`,
        `usage on ${tokenDay(now)} (UTC): ${usage}`,
      ];
      return { code: 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
    }
    case 'grant-moderator':
    case 'revoke-moderator':
      return setModerator(deps.db, user, command.name === 'grant-moderator');
  }
}

/**
 * Roles change only here, never through the API. An admin stays an admin: these commands
 * neither demote one to moderator nor to user.
 */
async function setModerator(
  db: Database,
  user: { id: string; username: string },
  moderator: boolean,
): Promise<AdminResult> {
  const repo = createModerationRepo(db);
  const role = await repo.findRole(user.id);
  if (role === 'admin') {
    return { code: 1, stdout: '', stderr: `${user.username} is an admin; role unchanged\n` };
  }
  const wanted = moderator ? 'moderator' : 'user';
  if (role !== wanted) await repo.setRole(user.id, wanted);
  const note = role === wanted ? ' (unchanged)' : '';
  return { code: 0, stdout: `${user.username}: role ${wanted}${note}\n`, stderr: '' };
}
