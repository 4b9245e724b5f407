// Team figures kept as the tree and the purchases are written, so reading them costs the
// same for a team of 0 and of 100,000: direct referrals, team size (any depth), personal
// performance and team performance (JU units), for user/info and the zhiList.
//
// Invariants:
// - A user's stored figures are their row in team_figures (none: all zero) plus the sum of
//   their rows in team_deltas. They always equal the figures computed the slow way from
//   users and performance_entries (teamSummary in referrals.ts; `team check`, which
//   compares every user, in teamCheck.ts).
// - Every write that changes a figure adds to them in the same transaction:
//   - a sign-up under referrer P: P's direct +1 and team +1, and team +1 for every
//     ancestor above P;
//   - a new performance entry of user X for u units: X's personal +u, and team
//     performance +u for every ancestor of X.
//   Referrers are set once, at sign-up, to an earlier user, and never change: the tree has
//   no cycles and an addition, once written, stays right.
// - On PostgreSQL writers only INSERT, one team_deltas row per user they change. Nothing
//   they do updates or locks a row another writer needs (team_deltas has no foreign key,
//   whose check would KEY SHARE-lock the user at the top of the chain), so under row locks
//   a purchase deep in a chain never waits for another, however many ancestors they share.
//   Only the fold (the `team_fold` job) removes deltas, and in the same statement adds
//   exactly what it removes to team_figures (DELETE … RETURNING handing the removed rows
//   to the upsert); it is the only writer of team_figures there.
// - On SQLite one write transaction runs at a time and there are no row locks to wait
//   for, so writers add straight to each user's team_figures row (an upsert per user) and
//   team_deltas stays empty (the fold finds nothing): appending deltas and folding them
//   later measured slower there (scripts/bench/team.ts, chain depth 1,000, ancestors
//   scattered among 100,000 users: about 50 purchases/s this way, 25/s with deltas).
// - Either way a write costs one row per ancestor: a purchase at depth 1,000 writes 1,001
//   rows, in one statement that walks up the chain (bounded by the depth).
//
// Reading is one statement over two indexes (team_figures' primary key, team_deltas'
// user_id): the folded row and the user's unfolded deltas, taken in one snapshot so a fold
// committing meanwhile is seen wholly or not at all. How many deltas it meets depends on
// how much was written in the user's team since the last fold (TEAM_FOLD_SECONDS), and on
// PostgreSQL in the interval before, whose folded rows wait for the next fold's VACUUM;
// never on the team's size. No recursive query runs on the read path; the writers' walk up the chain
// and the operator's check are the only recursive ones.
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import type { SqlDialectName } from '../db/dialect.ts';
import { inTransaction } from '../db/transaction.ts';

export interface TeamFigures {
  direct: number;
  team: number;
  /** JU units. */
  personalUnits: bigint;
  /** JU units: the personal performance of everyone in the team (not the user's own). */
  teamUnits: bigint;
}

export const NO_TEAM_FIGURES: TeamFigures = {
  direct: 0,
  team: 0,
  personalUnits: 0n,
  teamUnits: 0n,
};

export interface FigureSums {
  direct: bigint | string | number;
  team: bigint | string | number;
  personal_units: bigint | string | number;
  team_units: bigint | string | number;
}

/** The figures of a row of sums (FIGURES_OF_USER's, or a statement built on it). */
export function figuresOf(row: FigureSums | undefined): TeamFigures {
  if (!row) return NO_TEAM_FIGURES;
  return {
    direct: Number(row.direct),
    team: Number(row.team),
    personalUnits: BigInt(row.personal_units),
    teamUnits: BigInt(row.team_units),
  };
}

const COLUMNS = 'direct, team, personal_units, team_units';

/** PostgreSQL sums bigints as numeric; the figures fit a bigint, as their columns do. */
function sums(dialect: SqlDialectName): string {
  const sum = (column: string) =>
    dialect === 'postgres'
      ? `CAST(COALESCE(SUM(${column}), 0) AS bigint) AS ${column}`
      : `COALESCE(SUM(${column}), 0) AS ${column}`;
  return ['direct', 'team', 'personal_units', 'team_units'].map(sum).join(', ');
}

/** The first parameter of a raw statement, which may appear more than once in it. */
export const FIRST_PARAMETER: Record<SqlDialectName, string> = { postgres: '$1', sqlite: '?1' };

/**
 * The read path's statement, written out once per database: one row, whatever the team.
 * Its one parameter is the user's id.
 */
export const FIGURES_OF_USER = Object.fromEntries(
  (['sqlite', 'postgres'] as const).map((dialect) => {
    const id = FIRST_PARAMETER[dialect];
    return [
      dialect,
      `SELECT ${sums(dialect)} FROM (
         SELECT ${COLUMNS} FROM team_figures WHERE user_id = ${id}
         UNION ALL
         SELECT ${COLUMNS} FROM team_deltas WHERE user_id = ${id}
       ) AS figures`,
    ];
  }),
) as Record<SqlDialectName, string>;

/** The user's team figures: one indexed statement, one row, whatever the team's size. */
export async function teamFiguresOfUser(db: AppDatabase, userId: bigint): Promise<TeamFigures> {
  const { rows } = await db.kysely.executeQuery<FigureSums>(
    CompiledQuery.raw(FIGURES_OF_USER[db.dialect], [userId]),
  );
  return figuresOf(rows[0]);
}

/** The team figures of several users at once (one statement), all zero where none. */
export async function teamFiguresOfUsers(
  db: AppDatabase,
  userIds: readonly bigint[],
): Promise<Map<bigint, TeamFigures>> {
  const figures = new Map<bigint, TeamFigures>(userIds.map((id) => [id, NO_TEAM_FIGURES]));
  if (userIds.length === 0) return figures;
  const ids = sql.join([...new Set(userIds)]);
  const { rows } = await sql<FigureSums & { user_id: bigint }>`
    SELECT user_id, ${sql.raw(sums(db.dialect))} FROM (
      SELECT user_id, ${sql.raw(COLUMNS)} FROM team_figures WHERE user_id IN (${ids})
      UNION ALL
      SELECT user_id, ${sql.raw(COLUMNS)} FROM team_deltas WHERE user_id IN (${ids})
    ) AS figures
    GROUP BY user_id`.execute(db.kysely);
  for (const row of rows) figures.set(BigInt(row.user_id), figuresOf(row));
  return figures;
}

/**
 * The recursive step up the chain: from each `up` row, its user's referrer, one level
 * higher. On PostgreSQL a LATERAL lookup fenced with OFFSET 0 keeps the planner on one
 * primary-key lookup per level (as referrals.ts does downwards); SQLite does that already.
 */
function levelAbove(dialect: SqlDialectName): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`SELECT above.referrer_id, up.depth + 1 FROM up
          CROSS JOIN LATERAL (SELECT referrer_id FROM users WHERE id = up.id OFFSET 0) AS above
          WHERE above.referrer_id IS NOT NULL`
    : sql`SELECT users.referrer_id, up.depth + 1 FROM up JOIN users ON users.id = up.id
          WHERE users.referrer_id IS NOT NULL`;
}

const UPSERT_SUMS = `ON CONFLICT (user_id) DO UPDATE SET
  direct = team_figures.direct + excluded.direct,
  team = team_figures.team + excluded.team,
  personal_units = team_figures.personal_units + excluded.personal_units,
  team_units = team_figures.team_units + excluded.team_units`;

/**
 * Where a write adds its rows, as `(user_id, direct, team, personal_units, team_units)`
 * rows of a SELECT: appended to team_deltas on PostgreSQL, added to team_figures on SQLite
 * (see the invariants above). The SELECT must end with a WHERE clause (SQLite's upsert
 * after a SELECT needs one to parse).
 */
function addFigures(dialect: SqlDialectName, rows: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`INSERT INTO team_deltas (user_id, ${sql.raw(COLUMNS)}) ${rows}`
    : sql`INSERT INTO team_figures (user_id, ${sql.raw(COLUMNS)}) ${rows} ${sql.raw(UPSERT_SUMS)}`;
}

/**
 * A new user joined under `referrerId`: one more direct referral for the referrer, one more
 * team member for it and every user above it. Call in the sign-up's transaction.
 */
export async function recordReferral(db: AppDatabase, referrerId: bigint): Promise<void> {
  await sql`
    WITH RECURSIVE up (id, depth) AS (
      SELECT CAST(${referrerId} AS bigint), 1
      UNION ALL
      ${levelAbove(db.dialect)}
    )
    ${addFigures(
      db.dialect,
      sql`SELECT id, CASE WHEN depth = 1 THEN 1 ELSE 0 END, 1, 0, 0 FROM up WHERE true`,
    )}`.execute(db.kysely);
}

/**
 * A new performance entry of `units` for `userId`: their personal performance, and the team
 * performance of every user above them. Call in the entry's transaction.
 */
export async function recordPerformanceFigures(
  db: AppDatabase,
  input: { userId: bigint; units: bigint },
): Promise<void> {
  const units = sql`CAST(${input.units} AS bigint)`;
  await sql`
    WITH RECURSIVE up (id, depth) AS (
      SELECT referrer_id, 1 FROM users WHERE id = ${input.userId} AND referrer_id IS NOT NULL
      UNION ALL
      ${levelAbove(db.dialect)}
    )
    ${addFigures(
      db.dialect,
      sql`SELECT CAST(${input.userId} AS bigint), 0, 0, ${units}, 0
          UNION ALL
          SELECT id, 0, 0, 0, ${units} FROM up WHERE true`,
    )}`.execute(db.kysely);
}

/** Deltas folded per transaction, so a backlog never makes one long transaction. */
export const FOLD_BATCH = 10_000;

/**
 * Folds the deltas written before it starts into team_figures, oldest first, in batches;
 * returns how many it folded (on SQLite, where writers add to team_figures directly, only
 * rows someone else put there). Deltas written meanwhile wait for the next run, so a fold
 * never chases the writers. The `team_fold` job runs it; concurrent folds are harmless (a
 * row is folded by the one that deletes it).
 */
export async function foldTeamDeltas(db: AppDatabase, batch = FOLD_BATCH): Promise<number> {
  // On PostgreSQL a folded delta stays in the table as a dead row until VACUUM removes it,
  // and a read's index scan steps over the dead rows of its user: the previous runs' are
  // removed here first. (This run's cannot be yet: the job's claim, an open transaction,
  // keeps them visible to itself until the run ends.) So a read meets at most one fold
  // interval of dead rows besides its unfolded ones. VACUUM cannot run in a transaction.
  if (db.dialect === 'postgres' && !db.kysely.isTransaction)
    await sql`VACUUM team_deltas`.execute(db.kysely);
  const newest = await db.kysely
    .selectFrom('team_deltas')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const bound = newest?.id ?? null;
  if (bound === null) return 0;
  let folded = 0;
  for (;;) {
    const rows = await foldBatch(db, bound, batch);
    folded += rows;
    if (rows < batch) return folded;
  }
}

async function foldBatch(db: AppDatabase, bound: bigint, batch: number): Promise<number> {
  if (db.dialect === 'postgres') {
    // One statement: the rows this DELETE removes (those committed when it starts; a row
    // another fold removed first is skipped, one still uncommitted waits for the next
    // run) are exactly the rows the upsert adds.
    const { rows } = await sql<{ folded: bigint }>`
      WITH removed AS (
        DELETE FROM team_deltas
         WHERE id IN (SELECT id FROM team_deltas WHERE id <= ${bound} ORDER BY id LIMIT ${batch})
        RETURNING user_id, ${sql.raw(COLUMNS)}
      ), added AS (
        INSERT INTO team_figures (user_id, ${sql.raw(COLUMNS)})
        SELECT user_id, SUM(direct), SUM(team), SUM(personal_units), SUM(team_units)
          FROM removed GROUP BY user_id
        ${sql.raw(UPSERT_SUMS)}
        RETURNING user_id
      )
      SELECT (SELECT COUNT(*) FROM removed) AS folded, (SELECT COUNT(*) FROM added) AS users`.execute(
      db.kysely,
    );
    return Number(rows[0]?.folded ?? 0);
  }
  // SQLite runs one write transaction at a time: the rows up to `last` are what is added
  // and removed.
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<{ last: bigint | null; folded: bigint }>`
      SELECT MAX(id) AS last, COUNT(*) AS folded
        FROM (SELECT id FROM team_deltas WHERE id <= ${bound} ORDER BY id LIMIT ${batch}) AS oldest`.execute(
      trx.kysely,
    );
    const last = rows[0]?.last;
    if (last === null || last === undefined) return 0;
    await sql`
      INSERT INTO team_figures (user_id, ${sql.raw(COLUMNS)})
      SELECT user_id, SUM(direct), SUM(team), SUM(personal_units), SUM(team_units)
        FROM team_deltas WHERE id <= ${last} GROUP BY user_id
      ${sql.raw(UPSERT_SUMS)}`.execute(trx.kysely);
    await sql`DELETE FROM team_deltas WHERE id <= ${last}`.execute(trx.kysely);
    return Number(rows[0]!.folded);
  });
}

/** Deltas not folded yet (the check reports it; a growing number means the fold stopped). */
export async function unfoldedDeltas(db: AppDatabase): Promise<number> {
  const row = await db.kysely
    .selectFrom('team_deltas')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
