// The audit behind `team check`: every user's team figures computed the slow way (one
// recursive pass over the whole referral tree and the performance entries), compared with
// the figures kept in team_figures and team_deltas (teamFigures.ts). Both sides are read by
// one statement, so they come from one snapshot and a sign-up or purchase committing during
// the check cannot show up as a difference. Its cost grows with the tree (the sum of every
// user's depth); it is an operator's check, never on a user's path.
import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { unfoldedDeltas, type TeamFigures } from './teamFigures.ts';

export type TeamFigureName = keyof TeamFigures;

export interface TeamMismatch {
  userId: bigint;
  /** Null for figures kept for a user id that does not exist. */
  address: string | null;
  figure: TeamFigureName;
  stored: bigint;
  recomputed: bigint;
}

export interface TeamCheckReport {
  users: number;
  /** Deltas not folded yet, for the operator: a number that keeps growing means no fold. */
  unfolded: number;
  mismatches: TeamMismatch[];
}

const FIGURES: [TeamFigureName, string][] = [
  ['direct', 'direct'],
  ['team', 'team'],
  ['personalUnits', 'personal_units'],
  ['teamUnits', 'team_units'],
];

type Sum = bigint | number | string | null;

interface ComparedRow {
  user_id: Sum;
  address: string | null;
  stored_direct: Sum;
  stored_team: Sum;
  stored_personal_units: Sum;
  stored_team_units: Sum;
  recomputed_direct: Sum;
  recomputed_team: Sum;
  recomputed_personal_units: Sum;
  recomputed_team_units: Sum;
}

const units = (value: Sum): bigint => (value === null ? 0n : BigInt(value));

export async function checkTeamFigures(db: AppDatabase): Promise<TeamCheckReport> {
  const zero = (column: string) => sql.raw(`COALESCE(stored.${column}, 0)`);
  const differs = sql.join(
    FIGURES.map(([, column]) => sql`${zero(column)} <> ${sql.ref(`recomputed.${column}`)}`),
    sql` OR `,
  );
  const { rows } = await sql<ComparedRow>`
    WITH RECURSIVE up (member, ancestor, depth) AS (
      SELECT id, referrer_id, 1 FROM users WHERE referrer_id IS NOT NULL
      UNION ALL
      SELECT up.member, users.referrer_id, up.depth + 1
        FROM up JOIN users ON users.id = up.ancestor
        WHERE users.referrer_id IS NOT NULL
    ),
    own (user_id, units) AS (
      SELECT user_id, SUM(units) FROM performance_entries GROUP BY user_id
    ),
    below (user_id, direct, team, team_units) AS (
      SELECT up.ancestor, SUM(CASE WHEN up.depth = 1 THEN 1 ELSE 0 END), COUNT(*),
             COALESCE(SUM(own.units), 0)
        FROM up LEFT JOIN own ON own.user_id = up.member
        GROUP BY up.ancestor
    ),
    recomputed (user_id, address, direct, team, personal_units, team_units) AS (
      SELECT users.id, users.address, COALESCE(below.direct, 0), COALESCE(below.team, 0),
             COALESCE(own.units, 0), COALESCE(below.team_units, 0)
        FROM users
        LEFT JOIN below ON below.user_id = users.id
        LEFT JOIN own ON own.user_id = users.id
    ),
    stored (user_id, direct, team, personal_units, team_units) AS (
      SELECT user_id, SUM(direct), SUM(team), SUM(personal_units), SUM(team_units)
        FROM (
          SELECT user_id, direct, team, personal_units, team_units FROM team_figures
          UNION ALL
          SELECT user_id, direct, team, personal_units, team_units FROM team_deltas
        ) AS kept
        GROUP BY user_id
    )
    SELECT recomputed.user_id, recomputed.address,
           ${zero('direct')} AS stored_direct, ${zero('team')} AS stored_team,
           ${zero('personal_units')} AS stored_personal_units,
           ${zero('team_units')} AS stored_team_units,
           recomputed.direct AS recomputed_direct, recomputed.team AS recomputed_team,
           recomputed.personal_units AS recomputed_personal_units,
           recomputed.team_units AS recomputed_team_units
      FROM recomputed LEFT JOIN stored ON stored.user_id = recomputed.user_id
      WHERE ${differs}
    UNION ALL
    SELECT stored.user_id, NULL, stored.direct, stored.team, stored.personal_units,
           stored.team_units, 0, 0, 0, 0
      FROM stored
      WHERE NOT EXISTS (SELECT 1 FROM users WHERE users.id = stored.user_id)`.execute(db.kysely);

  const mismatches: TeamMismatch[] = [];
  for (const row of rows) {
    for (const [figure, column] of FIGURES) {
      const stored = units(row[`stored_${column}` as keyof ComparedRow]);
      const recomputed = units(row[`recomputed_${column}` as keyof ComparedRow]);
      if (stored !== recomputed)
        mismatches.push({
          userId: units(row.user_id),
          address: row.address,
          figure,
          stored,
          recomputed,
        });
    }
  }
  mismatches.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const counted = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return { users: Number(counted.count), unfolded: await unfoldedDeltas(db), mismatches };
}
