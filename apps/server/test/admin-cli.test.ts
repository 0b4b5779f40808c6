import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runAdminCli } from '../src/admin/cli.ts';
import { users } from '../src/db/tables/users.ts';
import { useClockedApp } from './helpers/accounts.ts';
import { drivers } from './helpers/test-app.ts';

describe.each(drivers)('admin CLI (%s)', (driver) => {
  const ctx = useClockedApp(driver);
  const run = (...argv: string[]) => runAdminCli(argv, { db: ctx.db, clock: ctx.clock });

  it('grants premium for some days, then extends it', async () => {
    const user = await ctx.account();
    const now = ctx.clock.now().getTime();
    const granted = await run('grant-premium', user.username.toUpperCase(), '30');
    const until = new Date(now + 30 * 86_400_000).toISOString();
    expect(granted).toEqual({
      code: 0,
      stdout: `${user.username}: premium until ${until}\n`,
      stderr: '',
    });
    const active = await ctx.call(user.id, 'GET', '/subscriptions/user/active');
    expect(active.json()).toMatchObject({ endsAt: until, plan: { code: 'premium' } });

    const extended = await run('grant-premium', user.username, '10');
    const later = new Date(now + 40 * 86_400_000).toISOString();
    expect(extended.stdout).toBe(`${user.username}: premium until ${later}\n`);
    expect((await ctx.call(user.id, 'GET', '/subscriptions/user/active')).json()).toMatchObject({
      id: active.json<{ id: string }>().id,
      endsAt: later,
    });
  });

  it('grants and shows bonus tokens', async () => {
    const user = await ctx.account();
    expect((await run('grant-tokens', user.username, '7')).stdout).toBe(
      `${user.username}: +7 bonus tokens, bonus balance 7\n`,
    );
    const shown = await run('show-tokens', user.username);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('plan: free\navailable: 10\nbonus: 7\n');
    const count = await ctx.call(user.id, 'GET', '/bonus-tokens/count');
    expect(count.json()).toEqual({ count: 7 });
  });

  it('refuses bad arguments with the usage (exit 2) and unknown accounts (exit 1)', async () => {
    const user = await ctx.account();
    for (const argv of [
      [],
      ['grant-premium'],
      ['grant-premium', user.username],
      ['grant-premium', user.username, '0'],
      ['grant-premium', user.username, '3651'],
      ['grant-premium', user.username, '1.5'],
      ['grant-premium', user.username, '30', 'extra'],
      ['grant-tokens', user.username, '101'],
      ['grant-tokens', user.username, '-1'],
      ['make-admin', user.username],
      ['grant-moderator'],
      ['grant-moderator', user.username, 'extra'],
      ['revoke-moderator'],
    ]) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: npm run admin');
    }
    const unknown = await run('grant-premium', 'nobody@example.com', '30');
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No live account with username or email nobody@example.com\n',
    });
  });

  it('grants and revokes the moderator role, which opens and closes the console', async () => {
    const user = await ctx.account();
    const access = () => ctx.call(user.id, 'GET', '/moderation/access');
    expect((await access()).statusCode).toBe(403);

    expect(await run('grant-moderator', user.username.toUpperCase())).toEqual({
      code: 0,
      stdout: `${user.username}: role moderator\n`,
      stderr: '',
    });
    expect((await access()).json()).toEqual({ role: 'moderator' });
    expect((await run('grant-moderator', user.username)).stdout).toBe(
      `${user.username}: role moderator (unchanged)\n`,
    );

    expect((await run('revoke-moderator', user.username)).stdout).toBe(
      `${user.username}: role user\n`,
    );
    expect((await access()).statusCode).toBe(403);
  });

  it('leaves an admin alone and refuses unknown accounts', async () => {
    const admin = await ctx.account();
    await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    for (const command of ['grant-moderator', 'revoke-moderator']) {
      expect(await run(command, admin.username)).toEqual({
        code: 1,
        stdout: '',
        stderr: `${admin.username} is an admin; role unchanged\n`,
      });
    }
    expect((await ctx.call(admin.id, 'GET', '/moderation/access')).json()).toEqual({
      role: 'admin',
    });
    expect((await run('grant-moderator', 'nobody@example.com')).code).toBe(1);
  });
});
