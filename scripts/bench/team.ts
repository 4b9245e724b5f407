// The referral tree's cost, straight on the database. Part of `npm run bench`; also runs
// alone (SQLite; PostgreSQL too when TEST_DATABASE_URL is set):
//
//   WITH_POSTGRES_DURABLE=1 bash scripts/with-postgres.sh npx node scripts/bench/team.ts
//
// - Reading: user/info's team-figure statement (server/users/teamFigures.ts) for a user with
//   a 10,000-member team, 100 levels deep, beside a user with an empty team, and the
//   recursive computation the route made before (referrals.ts teamSummary) for the large
//   team.
// - Writing, per second, at chain depth 1,000 (each write walks 1,000 referrers up and
//   writes a row per ancestor) with 20 concurrent writers and with one, and at depth 1: a
//   sign-up (the registration transaction) and a ticket purchase's performance entry (in
//   its own transaction), while the deltas are folded at the team_fold job's default
//   interval. The chain's users are scattered among 100,000 others, as ancestors are in a
//   real tree. On PostgreSQL also: the fold's own rate, and for comparison the purchase
//   written as the design avoids there, a counter row updated on every ancestor (what
//   SQLite does, one transaction at a time anyway), which every purchase in the chain waits
//   for. BENCH_TEAM_SECONDS (default 3) per figure.
//
// The deep chain is written without its own figures and the comparison changes counters,
// so `team check` on a bench database finds figures wrong: use a throwaway database (as
// with-postgres.sh makes).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { readSettings } from '../../server/settings.ts';
import { openDatabase, type AppDatabase } from '../../server/db/database.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { recordPerformance } from '../../server/users/performance.ts';
import { teamSummary } from '../../server/users/referrals.ts';
import { findOrRegisterUser } from '../../server/users/registration.ts';
import {
  foldTeamDeltas,
  recordReferral,
  teamFiguresOfUser,
  unfoldedDeltas,
} from '../../server/users/teamFigures.ts';

const CHAINS = 100;
const DEPTH = 100;
const RUNS = 50;
const CHAIN_DEPTH = 1_000;
/** Other users between two members of the deep chain. */
const SCATTER = 100;
const WRITERS = 20;
const SECONDS = Number(process.env.BENCH_TEAM_SECONDS ?? 3);
/** The team_fold job's default interval (TEAM_FOLD_SECONDS). */
const FOLD_MS = readSettings({}).operations.teamFoldMs;

/** Median and slowest of RUNS calls, after a warm-up, in ms. */
async function timed(read: () => Promise<unknown>): Promise<string> {
  for (let warm = 0; warm < 5; warm++) await read();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `median ${times[Math.floor(RUNS / 2)]!.toFixed(2)} ms, slowest ${times[RUNS - 1]!.toFixed(2)} ms`;
}

/**
 * Completed calls per second with `writers` loops calling `write` for SECONDS, while the
 * deltas are folded every FOLD_MS as the server's job does. Each loop lets the event loop
 * turn between calls, as requests do (on SQLite a call never waits for I/O otherwise, and
 * the fold's timer would never fire).
 */
async function perSecond(
  db: AppDatabase,
  writers: number,
  write: (writer: number) => Promise<unknown>,
): Promise<string> {
  let done = 0;
  let failed = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const folding = (async () => {
    while (performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, FOLD_MS));
      await foldTeamDeltas(db);
    }
  })();
  await Promise.all([
    folding,
    ...Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < until) {
        try {
          await write(writer);
          done++;
        } catch {
          failed++;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  ]);
  const rate = (done / ((performance.now() - started) / 1000)).toFixed(0);
  return failed ? `${rate}/s (${failed} failed)` : `${rate}/s`;
}

interface NewUser {
  address: string;
  invite_code: string;
  referrer_id: bigint | null;
  created_at: string;
}

/** Inserts users (a plain insert: no team figures) and answers their ids by invite code. */
async function insertUsers(db: AppDatabase, users: NewUser[]): Promise<Map<string, bigint>> {
  const ids = new Map<string, bigint>();
  for (let start = 0; start < users.length; start += 1000) {
    const rows = await db.kysely
      .insertInto('users')
      .values(users.slice(start, start + 1000))
      .returning(['id', 'invite_code'])
      .execute();
    for (const row of rows) ids.set(row.invite_code, row.id);
  }
  return ids;
}

/** A 10,000-member team, 100 chains of 100, written as sign-ups write it, then folded. */
async function largeTeam(db: AppDatabase, prefix: string, at: string): Promise<bigint> {
  const topCode = `T${prefix}`.toUpperCase();
  const top = (
    await insertUsers(db, [
      { address: `0xteam${prefix}`, invite_code: topCode, referrer_id: null, created_at: at },
    ])
  ).get(topCode)!;
  await growTeam(db, top, prefix, at);
  return top;
}

/** The number of members growTeam adds. */
export const LARGE_TEAM = CHAINS * DEPTH;

/**
 * Adds a LARGE_TEAM-member team below `top` (a user, possibly signed in: the HTTP bench's
 * user/info row), 100 chains of 100, written as sign-ups write it, then folded. `prefix`
 * keeps the members' addresses and codes apart from any other's.
 */
export async function growTeam(
  db: AppDatabase,
  top: bigint,
  prefix: string,
  at: string,
): Promise<void> {
  let parents = Array.from({ length: CHAINS }, () => top);
  for (let depth = 0; depth < DEPTH; depth++) {
    const code = (chain: number) => `T${prefix}-${chain}-${depth}`.toUpperCase();
    const ids = await insertUsers(
      db,
      parents.map((parent, chain) => ({
        address: `0xteam${prefix}-${chain}-${depth}`,
        invite_code: code(chain),
        referrer_id: parent,
        created_at: at,
      })),
    );
    await inTransaction(db, async (trx) => {
      for (const parent of parents) await recordReferral(trx, parent);
    });
    parents = parents.map((_, chain) => ids.get(code(chain))!);
  }
  // Folded as the server's job folds, which may run meanwhile (a fold that meets another
  // may stop early): until none is left, then once more, whose VACUUM removes the folded
  // rows a read would otherwise step over.
  while ((await unfoldedDeltas(db)) > 0) await foldTeamDeltas(db);
  await foldTeamDeltas(db);
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely);
}

/**
 * A chain CHAIN_DEPTH long, its members SCATTER users apart, with WRITERS users at its
 * bottom; every one of them with a team_figures row, as users with a team have.
 */
async function deepChain(db: AppDatabase, prefix: string, at: string) {
  const codeAt = (depth: number) => `C${prefix}-${depth}`.toUpperCase();
  let parent: bigint | null = null;
  const chain: bigint[] = [];
  for (let depth = 0; depth < CHAIN_DEPTH; depth++) {
    const others = Array.from({ length: SCATTER }, (_, other) => ({
      address: `0xother${prefix}-${depth}-${other}`,
      invite_code: `O${prefix}-${depth}-${other}`.toUpperCase(),
      referrer_id: null,
      created_at: at,
    }));
    const ids = await insertUsers(db, [
      {
        address: `0xchain${prefix}-${depth}`,
        invite_code: codeAt(depth),
        referrer_id: parent,
        created_at: at,
      },
      ...others,
    ]);
    parent = ids.get(codeAt(depth))!;
    chain.push(parent);
  }
  const leafCode = (writer: number) => `L${prefix}-${writer}`.toUpperCase();
  const leaves = await insertUsers(
    db,
    Array.from({ length: WRITERS }, (_, writer) => ({
      address: `0xleaf${prefix}-${writer}`,
      invite_code: leafCode(writer),
      referrer_id: parent,
      created_at: at,
    })),
  );
  await sql`
    INSERT INTO team_figures (user_id, direct, team, personal_units, team_units)
    SELECT id, 0, 0, 0, 0 FROM users
     WHERE id >= ${chain[0]} AND NOT EXISTS (SELECT 1 FROM team_figures WHERE user_id = users.id)`.execute(
    db.kysely,
  );
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely);
  const leafIds = Array.from({ length: WRITERS }, (_, writer) => leaves.get(leafCode(writer))!);
  return { leafIds, leafCode, shallowCode: codeAt(0), shallowId: chain[1]! };
}

/** The design avoided on PostgreSQL: the purchase adds to a counter row of every ancestor. */
async function purchaseWithCounters(db: AppDatabase, userId: bigint, reference: string) {
  await inTransaction(db, async (trx) => {
    await trx.kysely
      .insertInto('performance_entries')
      .values({
        user_id: userId,
        units: 60_000_000n,
        source: 'bench',
        reference,
        created_at: new Date().toISOString(),
      })
      .execute();
    await sql`
      WITH RECURSIVE up (id) AS (
        SELECT referrer_id FROM users WHERE id = ${userId}
        UNION ALL
        SELECT above.referrer_id FROM up
         CROSS JOIN LATERAL (SELECT referrer_id FROM users WHERE id = up.id OFFSET 0) AS above
         WHERE above.referrer_id IS NOT NULL
      )
      UPDATE team_figures SET team_units = team_units + 60000000
       WHERE user_id IN (SELECT id FROM up)`.execute(trx.kysely);
  });
}

/** The report's lines for one database. */
export async function benchTeam(label: string, databaseUrl: string | null): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-bench-team-'));
  const db = await openDatabase({ dataDir, databaseUrl });
  const lines: string[] = [];
  try {
    // A fresh prefix: a PostgreSQL bench database may be reused between runs.
    const prefix = randomUUID().slice(0, 8);
    const at = new Date().toISOString();
    const top = await largeTeam(db, prefix, at);
    const emptyCode = `A${prefix}`.toUpperCase();
    const empty = (
      await insertUsers(db, [
        { address: `0xalone${prefix}`, invite_code: emptyCode, referrer_id: null, created_at: at },
      ])
    ).get(emptyCode)!;
    if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely);
    const figures = await teamFiguresOfUser(db, top);
    if (figures.team !== CHAINS * DEPTH) throw new Error(`team of ${figures.team}`);
    const members = (CHAINS * DEPTH).toLocaleString('en');
    lines.push(
      `${label}: user/info's team figures (one statement): empty team ${await timed(() => teamFiguresOfUser(db, empty))}; ` +
        `${members}-member team, ${DEPTH} deep: ${await timed(() => teamFiguresOfUser(db, top))}`,
      `${label}: the same computed recursively (before): ${members}-member team ${await timed(() => teamSummary(db, top))}`,
    );

    const { leafIds, leafCode, shallowCode, shallowId } = await deepChain(db, prefix, at);
    let serial = 0;
    const signUp = (code: string) => () =>
      inTransaction(db, (trx) =>
        findOrRegisterUser(trx, {
          address: `0xnew${prefix}-${serial++}`,
          inviteCode: code,
          inviteRequired: true,
          now: new Date(),
        }),
      );
    const purchase = (userId: bigint) => () =>
      recordPerformance(db, {
        userId,
        units: 60_000_000n,
        source: 'ticket',
        reference: `${prefix}-${serial++}`,
        now: new Date(),
      });
    const rates = async (write: (writer: number) => () => Promise<unknown>) =>
      `${await perSecond(db, WRITERS, (writer) => write(writer)())} ` +
      `(one writer: ${await perSecond(db, 1, () => write(0)())})`;
    const deep = `depth ${CHAIN_DEPTH.toLocaleString('en')}`;
    lines.push(
      `${label}: at ${deep}, ${WRITERS} concurrent writers: ` +
        `sign-up ${await rates((writer) => signUp(leafCode(writer)))}, ` +
        `ticket purchase's performance entry ${await rates((writer) => purchase(leafIds[writer]!))}`,
      `${label}: at depth 1, ${WRITERS} concurrent writers: sign-up ${await perSecond(db, WRITERS, () => signUp(shallowCode)())}, ` +
        `purchase's performance entry ${await perSecond(db, WRITERS, () => purchase(shallowId)())}`,
    );

    if (db.dialect === 'postgres') {
      // The fold's own rate, on a backlog of purchases at depth 1,000.
      await foldTeamDeltas(db);
      for (let index = 0; index < 200; index++) await purchase(leafIds[index % WRITERS]!)();
      const backlog = await unfoldedDeltas(db);
      const started = performance.now();
      await foldTeamDeltas(db);
      const rowsPerSecond = backlog / ((performance.now() - started) / 1000);
      lines.push(
        `${label}: the fold: ${rowsPerSecond.toFixed(0)} deltas/s, the deltas of ` +
          `${(rowsPerSecond / (CHAIN_DEPTH + 1)).toFixed(0)} purchases at ${deep} per second`,
        `${label}: for comparison, the purchase with a counter row updated on every ancestor, at ${deep}, ` +
          `${WRITERS} concurrent writers: ${await rates((writer) => () => purchaseWithCounters(db, leafIds[writer]!, `${prefix}-c${serial++}`))}`,
      );
    }
    await foldTeamDeltas(db);
    return lines.join('\n');
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log(await benchTeam('SQLite', null));
  const url = process.env.TEST_DATABASE_SOCKET_URL || process.env.TEST_DATABASE_URL;
  if (url) console.log(await benchTeam('PostgreSQL', url));
}
