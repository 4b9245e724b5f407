// Table types of the stored team figures (migration 0013; users/teamFigures.ts explains them).
import type { Generated } from 'kysely';

/** What one change adds to one user's figures; the sum of the rows below is what changed. */
interface TeamFigureColumns {
  /** Direct referrals. */
  direct: bigint;
  /** Users below, at any depth. */
  team: bigint;
  /** JU units of the user's own performance entries. */
  personal_units: bigint;
  /** JU units of the personal performance of everyone below. */
  team_units: bigint;
}

/** Each user's figures as of the last fold (absent: all zero). Written by the fold only. */
export interface TeamFiguresTable extends TeamFigureColumns {
  user_id: bigint;
}

/** What sign-ups and purchases added since the last fold: appended, then folded and deleted. */
export interface TeamDeltasTable extends TeamFigureColumns {
  id: Generated<bigint>;
  user_id: bigint;
}
