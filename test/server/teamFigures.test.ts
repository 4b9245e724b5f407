// Team figures kept, not recomputed (server/users/teamFigures.ts): user/info and zhiList
// cost the same for an empty team and a 10,000-member one; after random sign-ups,
// purchases and folds the kept figures equal the slow recursive computation and the
// operator's check finds nothing; the check finds what was broken; a database from before
// the kept figures gets them from its tree.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPaths, zhiListDataSchema } from '../../contract/api/user.ts';
import type { AppDatabase } from '../../server/db/database.ts';
import type { UntypedKysely } from '../../server/db/dialect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { createPostgresDialect } from '../../server/db/postgres.ts';
import type { DatabaseSchema } from '../../server/db/schema.ts';
import { createSqliteDialect } from '../../server/db/sqlite.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { recordPerformance } from '../../server/users/performance.ts';
import { teamSummary } from '../../server/users/referrals.ts';
import { findOrRegisterUser } from '../../server/users/registration.ts';
import { checkTeamFigures } from '../../server/users/teamCheck.ts';
import {
  FIGURES_OF_USER,
  foldTeamDeltas,
  recordReferral,
  teamFiguresOfUser,
  unfoldedDeltas,
} from '../../server/users/teamFigures.ts';
import { findUserByAddress } from '../../server/users/users.ts';
import {
  NEVER_SHED,
  createPostgresDatabase,
  register,
  startTestServer,
  testWallet,
  userInfo,
  usesPostgres,
  type Json,
  type TestServer,
} from './harness.ts';
import { dataOf } from './support/money.ts';
import { measuredWithSessionKept } from './support/sessions.ts';
import type { RunStatement } from './support/statements.ts';

const HOUR_MS = 3_600_000;
const NOW = '2030-01-01T00:00:00.000Z';

/** Inserts users under `parents` (one per parent) and writes their referrals as sign-up does. */
async function addMembers(db: AppDatabase, parents: bigint[], label: string): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let start = 0; start < parents.length; start += 1000) {
    const chunk = parents.slice(start, start + 1000);
    const rows = await db.kysely
      .insertInto('users')
      .values(
        chunk.map((parent, index) => ({
          address: `0x${label}-${start + index}`,
          invite_code: `${label}-${start + index}`,
          referrer_id: parent,
          created_at: NOW,
        })),
      )
      .returning(['id', 'invite_code'])
      .execute();
    const byCode = new Map(rows.map((row) => [row.invite_code, row.id]));
    for (const [index, parent] of chunk.entries()) {
      ids.push(byCode.get(`${label}-${start + index}`)!);
      await recordReferral(db, parent);
    }
  }
  return ids;
}

describe('team figures', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const idOf = async (label: string) =>
    (await findUserByAddress(server.db, testWallet(label).address))!.id;

  beforeAll(async () => {
    // The fold runs only when a test says so.
    server = await startTestServer({ operations: { ...NEVER_SHED, teamFoldMs: HOUR_MS } });
  });
  afterAll(() => server.close());

  it(
    'user/info and zhiList cost the same for an empty team and a 10,000-member team',
    { timeout: 180_000 },
    async () => {
      tokens.top = await register(server, testWallet('top'));
      tokens.big = await register(server, testWallet('big'), tokens.top);
      tokens.lonely = await register(server, testWallet('lonely'), tokens.top);
      const big = await idOf('big');
      // 100 direct referrals with 99 each below them: 10,000 members, written as sign-ups
      // write them; then folded, then a sign-up and purchases the fold has not seen yet.
      await inTransaction(server.db, async (trx) => {
        const direct = await addMembers(trx, Array<bigint>(100).fill(big), 'd');
        await addMembers(
          trx,
          direct.flatMap((id) => Array<bigint>(99).fill(id)),
          'm',
        );
      });
      expect(await server.runJob('team_fold')).toBe('ran');
      expect(await unfoldedDeltas(server.db)).toBe(0);
      // The next fold removes what the last one left dead (PostgreSQL keeps deleted rows
      // until VACUUM): a read then steps over none of the 10,000 sign-ups' deltas.
      expect(await foldTeamDeltas(server.db)).toBe(0);
      tokens.late = await register(server, testWallet('late'), tokens.big);
      const purchase = { source: 'ticket', units: 60_000_000n, now: server.clock.now() };
      const deep = (await findUserByAddress(server.db, '0xm-9899'))!.id;
      await recordPerformance(server.db, { ...purchase, userId: deep, reference: 'deep' });
      await recordPerformance(server.db, {
        ...purchase,
        userId: await idOf('lonely'),
        reference: 'lonely',
      });
      if (usesPostgres) await sql`ANALYZE`.execute(server.db.kysely);

      expect(await userInfo(server, tokens.big)).toMatchObject({
        zhi_num: 101,
        team_num: 10_001,
        me_performance: '0',
        team_performance: '60',
      });
      expect(await userInfo(server, tokens.lonely)).toMatchObject({
        zhi_num: 0,
        team_num: 0,
        me_performance: '60',
        team_performance: '0',
      });

      // Each call measured with its session kept (read once, the cache's listener up to
      // date), as between the calls of a signed-in app: it reads no session.
      const measure = async (token: string, call: () => Promise<unknown>) => {
        await call(); // warm: statements prepared, connections open
        const { statements, before, after } = await measuredWithSessionKept(server, token, call);
        return { statements, queries: after.queries - before.queries };
      };
      const info = (token: string) => () => userInfo(server, token);
      const zhiList = (token: string) => () =>
        server.request('GET', userPaths.zhiList, { token }).then((answer) => {
          expect(answer.status).toBe(200);
          return dataOf(answer, zhiListDataSchema);
        });
      const expectSameCost = (
        empty: { statements: RunStatement[]; queries: number },
        large: { statements: RunStatement[]; queries: number },
      ) => {
        expect(large.queries).toBe(empty.queries);
        // Sorted: on PostgreSQL some run side by side and are answered in either order.
        const sent = (runs: RunStatement[]) => [...runs].sort((a, b) => a.sql.localeCompare(b.sql));
        expect(sent(large.statements).map((run) => run.sql)).toEqual(
          sent(empty.statements).map((run) => run.sql),
        );
        expect(sent(large.statements).map((run) => run.rows)).toEqual(
          sent(empty.statements).map((run) => run.rows),
        );
        for (const run of [...empty.statements, ...large.statements])
          expect(run.sql).not.toMatch(/recursive/i);
      };

      const infoEmpty = await measure(tokens.lonely, info(tokens.lonely));
      const infoLarge = await measure(tokens.big, info(tokens.big));
      expectSameCost(infoEmpty, infoLarge);
      // One statement, one row: the team figures and the balances (the session is kept).
      expect(infoLarge.statements).toEqual([
        {
          sql: expect.stringMatching(/FROM accounts .* FROM team_figures .* FROM team_deltas/),
          rows: 1,
        },
      ]);
      expect(infoLarge.queries).toBe(1);

      // zhiList reads one page (here: none below lonely, a page of 10 below big) and the
      // figures of the user and that page; the same statements with a page of the same size.
      const pageOfOne = (token: string) => () =>
        server.request('GET', `${userPaths.zhiList}?page_size=1`, { token });
      const zhiEmpty = await measure(tokens.lonely, zhiList(tokens.lonely));
      const zhiLarge = await measure(tokens.big, zhiList(tokens.big));
      expect(zhiLarge.queries).toBe(zhiEmpty.queries);
      for (const run of [...zhiEmpty.statements, ...zhiLarge.statements])
        expect(run.sql).not.toMatch(/recursive/i);
      tokens.single = await register(server, testWallet('single'), tokens.lonely);
      expectSameCost(
        await measure(tokens.lonely, pageOfOne(tokens.lonely)),
        await measure(tokens.big, pageOfOne(tokens.big)),
      );
      const page = await zhiList(tokens.big)();
      expect(page.total).toBe(101);
      expect(page.list[0]).toMatchObject({ address: testWallet('late').address, team_num: 0 });
      expect(page.list[1]).toMatchObject({ team_num: 99, performance: '0' });

      // On PostgreSQL, what the statement reads: the same pages (give or take the few
      // unfolded deltas), not the team's.
      if (usesPostgres) {
        const pagesRead = async (userId: bigint) => {
          const { rows } = await server.db.kysely.executeQuery<{ 'QUERY PLAN': Json }>(
            CompiledQuery.raw(
              `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${FIGURES_OF_USER.postgres}`,
              [userId],
            ),
          );
          const plan = rows[0]!['QUERY PLAN'][0].Plan;
          return Number(plan['Shared Hit Blocks']) + Number(plan['Shared Read Blocks']);
        };
        const empty = await pagesRead(await idOf('lonely'));
        const large = await pagesRead(big);
        expect(large, `pages read: empty team ${empty}, large team ${large}`).toBeLessThanOrEqual(
          empty + 4,
        );
      }

      // And the figures themselves: the kept ones are the slow recursive ones.
      expect(await teamFiguresOfUser(server.db, big)).toEqual(await teamSummary(server.db, big));
      expect((await checkTeamFigures(server.db)).mismatches).toEqual([]);

      // What a reader pays, beside the slow way, for the record.
      const timed = async (read: () => Promise<unknown>) => {
        const runs: number[] = [];
        for (let run = 0; run < 7; run++) {
          const started = performance.now();
          await read();
          runs.push(performance.now() - started);
        }
        return runs.sort((a, b) => a - b)[3]!.toFixed(2);
      };
      const lonely = await idOf('lonely');
      console.log(
        `team figures read, median: empty team ${await timed(() => teamFiguresOfUser(server.db, lonely))} ms, ` +
          `10,000-member team ${await timed(() => teamFiguresOfUser(server.db, big))} ms ` +
          `(recursive: ${await timed(() => teamSummary(server.db, big))} ms)`,
      );
    },
  );

  it('keeps figures equal to the recursive computation through random sign-ups, purchases and folds', async () => {
    const root = await register(server, testWallet('property root'), tokens.top);
    const rootId = await idOf('property root');
    const users: bigint[] = [rootId];
    const references: string[] = [];
    let serial = 0;

    type Step =
      | { op: 'signUp'; parent: number }
      | { op: 'purchase'; user: number; units: bigint; repeat: boolean }
      | { op: 'burst'; users: number[]; units: bigint }
      | { op: 'rolledBack'; user: number }
      | { op: 'fold'; batch: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      { weight: 4, arbitrary: fc.record({ op: fc.constant('signUp' as const), parent: fc.nat() }) },
      {
        weight: 4,
        arbitrary: fc.record({
          op: fc.constant('purchase' as const),
          user: fc.nat(),
          units: fc.bigInt({ min: 1n, max: 10n ** 15n }),
          repeat: fc.boolean(),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          op: fc.constant('burst' as const),
          users: fc.array(fc.nat(), { minLength: 2, maxLength: 8 }),
          units: fc.bigInt({ min: 1n, max: 10n ** 9n }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ op: fc.constant('rolledBack' as const), user: fc.nat() }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          op: fc.constant('fold' as const),
          batch: fc.integer({ min: 1, max: 20 }),
        }),
      },
    );

    const purchase = (db: AppDatabase, userId: bigint, units: bigint, reference: string) =>
      recordPerformance(db, {
        userId,
        units,
        source: 'ticket',
        reference,
        now: server.clock.now(),
      });

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const next of steps) {
          const pick = (index: number) => users[index % users.length]!;
          if (next.op === 'signUp') {
            const parent = await server.db.kysely
              .selectFrom('users')
              .select('invite_code')
              .where('id', '=', pick(next.parent))
              .executeTakeFirstOrThrow();
            const user = await inTransaction(server.db, (trx) =>
              findOrRegisterUser(trx, {
                address: `0xproperty-${serial++}`,
                inviteCode: parent.invite_code,
                inviteRequired: true,
                now: server.clock.now(),
              }),
            );
            users.push(user.id);
          } else if (next.op === 'purchase') {
            const again = next.repeat && references.length > 0;
            const reference = again ? references[serial % references.length]! : `p-${serial++}`;
            const counted = await purchase(server.db, pick(next.user), next.units, reference);
            expect(counted).toBe(!again);
            if (!again) references.push(reference);
          } else if (next.op === 'burst') {
            // Concurrent purchases (each in its own transaction) and a fold beside them.
            await Promise.all([
              ...next.users.map((user) =>
                purchase(server.db, pick(user), next.units, `b-${serial++}`),
              ),
              foldTeamDeltas(server.db, 3),
            ]);
          } else if (next.op === 'rolledBack') {
            // A purchase whose transaction fails later leaves nothing behind.
            await expect(
              inTransaction(server.db, async (trx) => {
                await purchase(trx, pick(next.user), 1_000_000n, `r-${serial++}`);
                throw new Error('the purchase failed after its performance entry');
              }),
            ).rejects.toThrow('failed after');
          } else {
            await foldTeamDeltas(server.db, next.batch);
          }
        }
        for (const id of users)
          expect(await teamFiguresOfUser(server.db, id), `user ${id}`).toEqual(
            await teamSummary(server.db, id),
          );
        expect((await checkTeamFigures(server.db)).mismatches).toEqual([]);
      }),
      { numRuns: 12 },
    );
    // What user/info shows is what was kept.
    const figures = await teamSummary(server.db, rootId);
    expect(await userInfo(server, root)).toMatchObject({
      zhi_num: figures.direct,
      team_num: figures.team,
    });
    await foldTeamDeltas(server.db);
    expect(await unfoldedDeltas(server.db)).toBe(0);
    expect((await checkTeamFigures(server.db)).mismatches).toEqual([]);
  }, 180_000);

  it('the check finds kept figures that differ from the tree', async () => {
    await foldTeamDeltas(server.db);
    expect((await checkTeamFigures(server.db)).mismatches).toEqual([]);
    const top = await idOf('top');
    await server.db.kysely
      .updateTable('team_figures')
      .set((eb) => ({ team: eb('team', '+', 1n) }))
      .where('user_id', '=', top)
      .execute();
    await server.db.kysely
      .insertInto('team_deltas')
      .values([
        { user_id: top, direct: 0n, team: 0n, personal_units: 5n, team_units: 0n },
        { user_id: 999_999_999n, direct: 1n, team: 1n, personal_units: 0n, team_units: 0n },
      ])
      .execute();
    const report = await checkTeamFigures(server.db);
    const expected = await teamSummary(server.db, top);
    expect(report.mismatches).toEqual([
      {
        userId: top,
        address: testWallet('top').address,
        figure: 'team',
        stored: BigInt(expected.team + 1),
        recomputed: BigInt(expected.team),
      },
      {
        userId: top,
        address: testWallet('top').address,
        figure: 'personalUnits',
        stored: expected.personalUnits + 5n,
        recomputed: expected.personalUnits,
      },
      { userId: 999_999_999n, address: null, figure: 'direct', stored: 1n, recomputed: 0n },
      { userId: 999_999_999n, address: null, figure: 'team', stored: 1n, recomputed: 0n },
    ]);
    expect(report.unfolded).toBe(2);
  });
});

describe('team figures of a database from before them', () => {
  it('are built from its referral tree and performance entries', async () => {
    const { db, cleanup } = await emptyDatabase();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0012_shared_limits_job_runs')).error).toBeUndefined();
      // A root, a chain of 30 under it and three users beside the chain at every level.
      const user = async (label: string, referrer: bigint | null) =>
        (
          await db
            .insertInto('users')
            .values({
              address: `0x${label}`,
              invite_code: label,
              referrer_id: referrer,
              level: 0,
              created_at: NOW,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id as bigint;
      const ids = [await user('root', null)];
      let parent = ids[0]!;
      for (let depth = 0; depth < 30; depth++) {
        parent = await user(`chain${depth}`, parent);
        ids.push(parent);
        for (let side = 0; side < 3; side++) ids.push(await user(`side${depth}-${side}`, parent));
      }
      for (const [index, id] of ids.entries())
        if (index % 4 !== 1)
          await db
            .insertInto('performance_entries')
            .values({
              user_id: id,
              units: 1_000_000 * (index + 1),
              source: 'ticket',
              reference: `t${index}`,
              created_at: NOW,
            })
            .execute();

      await migrateToLatest(db);

      const app: AppDatabase = {
        kysely: db as Kysely<DatabaseSchema>,
        dialect: usesPostgres ? 'postgres' : 'sqlite',
      };
      expect(await unfoldedDeltas(app)).toBe(0);
      for (const id of ids)
        expect(await teamFiguresOfUser(app, id)).toEqual(await teamSummary(app, id));
      expect(await teamFiguresOfUser(app, ids[0]!)).toMatchObject({ direct: 1, team: 120 });
      expect((await checkTeamFigures(app)).mismatches).toEqual([]);
    } finally {
      await cleanup();
    }
  });
});

async function emptyDatabase(): Promise<{ db: UntypedKysely; cleanup: () => Promise<void> }> {
  if (usesPostgres) {
    const database = await createPostgresDatabase({ migrated: false });
    const db: UntypedKysely = new Kysely({ dialect: createPostgresDialect(database.url) });
    return {
      db,
      cleanup: async () => {
        await db.destroy();
        await database.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ju-team-migration-'));
  const db: UntypedKysely = new Kysely({
    dialect: createSqliteDialect(path.join(dir, 'db.sqlite')),
  });
  return {
    db,
    cleanup: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
