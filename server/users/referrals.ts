// The referral tree, from the referrer link set at sign-in: the user's direct referrals
// (zhiList), read with the team figures kept in teamFigures.ts; and teamSummary, the same
// figures computed the slow way (one recursive query over the users_referrer_id index),
// which the kept figures are tested against. Referrers are set once to an earlier user, so
// the tree has no cycles and recursion ends.
import { sql, type RawBuilder } from 'kysely';
import type { Referral } from '../../contract/api/user.ts';
import type { AppDatabase } from '../db/database.ts';
import { pageOffset } from '../db/pages.ts';
import { sumUnits, unitsFromSum } from '../db/sumUnits.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { PERFORMANCE_ASSET } from './performance.ts';
import { NO_TEAM_FIGURES, teamFiguresOfUsers } from './teamFigures.ts';

export interface TeamSummary {
  direct: number;
  team: number;
  /** JU units. */
  personalUnits: bigint;
  /** JU units: the personal performance of everyone in the team (not the user's own). */
  teamUnits: bigint;
}

/**
 * The recursive step: each member one level below `team`, with `carried` alongside. On
 * PostgreSQL the planner, guessing 1,000 rows per level, merge-joins the whole users index at
 * every level (76 ms for a 100-deep, 10,000-member team); a LATERAL subquery fenced with
 * OFFSET 0 keeps it on one index lookup per member (17 ms). SQLite already does that.
 */
function levelBelow(db: AppDatabase, carried: RawBuilder<unknown>) {
  return db.dialect === 'postgres'
    ? sql`SELECT ${carried}, below.id FROM team
          CROSS JOIN LATERAL (SELECT id FROM users WHERE referrer_id = team.id OFFSET 0) AS below`
    : sql`SELECT ${carried}, users.id FROM users JOIN team ON users.referrer_id = team.id`;
}

/** The user's team figures the slow way: recursive, its cost grows with the team. */
export async function teamSummary(db: AppDatabase, userId: bigint): Promise<TeamSummary> {
  const { rows } = await sql<{
    team: bigint | number;
    direct: bigint | number;
    team_units: string | null;
    own_units: string | null;
  }>`
    WITH RECURSIVE team (depth, id) AS (
      SELECT 1, id FROM users WHERE referrer_id = ${userId}
      UNION ALL
      ${levelBelow(db, sql`team.depth + 1`)}
    )
    SELECT
      (SELECT count(*) FROM team) AS team,
      (SELECT count(*) FROM team WHERE depth = 1) AS direct,
      (SELECT ${sumUnits(db.dialect, 'p.units')}
         FROM performance_entries p JOIN team ON p.user_id = team.id) AS team_units,
      (SELECT ${sumUnits(db.dialect, 'units')}
         FROM performance_entries WHERE user_id = ${userId}) AS own_units`.execute(db.kysely);
  const row = rows[0];
  return {
    direct: Number(row?.direct ?? 0),
    team: Number(row?.team ?? 0),
    personalUnits: unitsFromSum(row?.own_units),
    teamUnits: unitsFromSum(row?.team_units),
  };
}

/**
 * The user's direct referrals, newest first, each with their performance and team size:
 * two statements whatever the team (the page, then the stored figures of the user and of
 * the page's users; the user's direct count is the total).
 */
export async function directReferrals(
  db: AppDatabase,
  input: { userId: bigint; page: number; pageSize: number },
): Promise<{ list: Referral[]; total: number }> {
  const rows = await db.kysely
    .selectFrom('users')
    .where('referrer_id', '=', input.userId)
    .select(['id', 'address', 'level', 'created_at', 'activated_at'])
    .orderBy('id', 'desc')
    .limit(input.pageSize)
    .offset(pageOffset(input))
    .execute();
  const figures = await teamFiguresOfUsers(db, [input.userId, ...rows.map((row) => row.id)]);
  return {
    total: (figures.get(input.userId) ?? NO_TEAM_FIGURES).direct,
    list: rows.map((row) => {
      const referral = figures.get(row.id) ?? NO_TEAM_FIGURES;
      return {
        address: row.address,
        created_at: row.created_at,
        activated_at: row.activated_at,
        level: Number(row.level),
        performance: wireAmount(PERFORMANCE_ASSET, referral.personalUnits),
        team_num: referral.team,
      };
    }),
  };
}
