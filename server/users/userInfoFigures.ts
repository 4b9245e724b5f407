// What user/info shows beside the user: the team figures, the spendable balances, and the
// user's level and activation time (the two things about a user that change after sign-up:
// read here, not from the session's kept copy of the user, sessionCache.ts), in one
// statement (one round trip on PostgreSQL) that returns one row whatever the size of the
// team and whichever accounts the user has opened: the figures' read (teamFigures.ts) and
// one primary-key-sized lookup per asset.
import { CompiledQuery } from 'kysely';
import { ASSET_CODES, type AssetCode } from '../../contract/api/assets.ts';
import type { AppDatabase } from '../db/database.ts';
import type { SqlDialectName } from '../db/dialect.ts';
import type { AssetBalances } from '../ledger/balances.ts';
import { ACCOUNT_KIND } from '../ledger/accounts.ts';
import {
  FIGURES_OF_USER,
  FIRST_PARAMETER,
  figuresOf,
  type FigureSums,
  type TeamFigures,
} from './teamFigures.ts';

/** Its one parameter is the user's id. Asset codes and the kind are the code's own words. */
export const INFO_FIGURES_OF_USER = Object.fromEntries(
  (['sqlite', 'postgres'] as const).map((dialect) => {
    const balances = ASSET_CODES.map(
      (asset) =>
        `(SELECT balance FROM accounts WHERE user_id = ${FIRST_PARAMETER[dialect]}
           AND asset = '${asset}' AND kind = '${ACCOUNT_KIND.user}') AS "balance_${asset}"`,
    );
    const changing = `(SELECT level FROM users WHERE id = ${FIRST_PARAMETER[dialect]}) AS "level",
      (SELECT activated_at FROM users WHERE id = ${FIRST_PARAMETER[dialect]}) AS "activated_at"`;
    return [
      dialect,
      `SELECT figures.*, ${balances.join(', ')}, ${changing} FROM (${FIGURES_OF_USER[dialect]}) AS figures`,
    ];
  }),
) as Record<SqlDialectName, string>;

type InfoRow = FigureSums &
  Record<`balance_${AssetCode}`, bigint | string | number | null> & {
    level: bigint | string | number;
    activated_at: string | null;
  };

export async function infoFiguresOfUser(
  db: AppDatabase,
  userId: bigint,
): Promise<{
  team: TeamFigures;
  balances: AssetBalances;
  level: number;
  activatedAt: string | null;
}> {
  const { rows } = await db.kysely.executeQuery<InfoRow>(
    CompiledQuery.raw(INFO_FIGURES_OF_USER[db.dialect], [userId]),
  );
  const row = rows[0]!;
  const balances = Object.fromEntries(
    ASSET_CODES.map((asset) => [asset, BigInt(row[`balance_${asset}`] ?? 0)]),
  ) as AssetBalances;
  return {
    team: figuresOf(row),
    balances,
    level: Number(row.level),
    activatedAt: row.activated_at,
  };
}
