// The ledger audit behind `ledger check`: per-asset totals and every invariant, read from
// the database as it is. Each broken invariant is one line in `problems`.
import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { sumUnits, unitsFromSum } from '../db/sumUnits.ts';
import { ACCOUNT_KIND } from './accounts.ts';

export interface AssetTotals {
  asset: string;
  /** Sum of every account of the asset: always 0 in a healthy ledger. */
  total: bigint;
  /** Balance sums by account kind (user, held, deposits, withdrawn, fees). */
  byKind: Record<string, bigint>;
}

export interface LedgerReport {
  assets: AssetTotals[];
  accounts: number;
  transfers: number;
  problems: string[];
}

export async function checkLedger(db: AppDatabase): Promise<LedgerReport> {
  const problems: string[] = [];
  const { kysely, dialect } = db;

  const byKind = await kysely
    .selectFrom('accounts')
    .select(['asset', 'kind', sumUnits(dialect, 'balance').as('sum')])
    .groupBy(['asset', 'kind'])
    .orderBy('asset')
    .orderBy('kind')
    .execute();
  const assets = new Map<string, AssetTotals>();
  for (const row of byKind) {
    const totals = assets.get(row.asset) ?? { asset: row.asset, total: 0n, byKind: {} };
    const units = unitsFromSum(row.sum);
    totals.byKind[row.kind] = units;
    totals.total += units;
    assets.set(row.asset, totals);
  }
  for (const totals of assets.values()) {
    if (totals.total !== 0n)
      problems.push(`${totals.asset}: accounts sum to ${totals.total}, not 0`);
  }

  // Every balance equals the sum of its entries.
  const entrySums = await kysely
    .selectFrom('accounts')
    .leftJoin('entries', 'entries.account_id', 'accounts.id')
    .select(['accounts.id', 'accounts.balance', sumUnits(dialect, 'entries.amount').as('sum')])
    .groupBy(['accounts.id', 'accounts.balance'])
    .execute();
  for (const row of entrySums) {
    const sum = unitsFromSum(row.sum);
    if (sum !== row.balance)
      problems.push(`account ${row.id}: balance ${row.balance} but its entries sum to ${sum}`);
  }

  const negative = await kysely
    .selectFrom('accounts')
    .select(['id', 'balance'])
    .where('user_id', 'is not', null)
    .where('balance', '<', 0n)
    .execute();
  for (const row of negative) problems.push(`user account ${row.id} is below zero: ${row.balance}`);

  // The pools pay only what they hold (cycle returns, released dividends).
  const overdrawnPools = await kysely
    .selectFrom('accounts')
    .select(['id', 'kind', 'balance'])
    .where('kind', 'in', [ACCOUNT_KIND.cycle_pool, ACCOUNT_KIND.release_pool])
    .where('balance', '<', 0n)
    .execute();
  for (const row of overdrawnPools)
    problems.push(`${row.kind} account ${row.id} is below zero: ${row.balance}`);

  // Every transfer has its stated number of entries, balanced per asset.
  const incomplete = await kysely
    .selectFrom('transfers')
    .leftJoin('entries', 'entries.transfer_id', 'transfers.id')
    .select([
      'transfers.id',
      'transfers.entry_count',
      (eb) => eb.fn.count<bigint>('entries.id').as('count'),
    ])
    .groupBy(['transfers.id', 'transfers.entry_count'])
    .having((eb) => eb(eb.fn.count('entries.id'), '<>', eb.ref('transfers.entry_count')))
    .execute();
  for (const row of incomplete)
    problems.push(`transfer ${row.id}: ${row.count} entries, not ${row.entry_count}`);
  const unbalanced = await kysely
    .selectFrom('entries')
    .innerJoin('accounts', 'accounts.id', 'entries.account_id')
    .select([
      'entries.transfer_id',
      'accounts.asset',
      sumUnits(dialect, 'entries.amount').as('sum'),
    ])
    .groupBy(['entries.transfer_id', 'accounts.asset'])
    .execute();
  for (const row of unbalanced) {
    const sum = unitsFromSum(row.sum);
    if (sum !== 0n)
      problems.push(`transfer ${row.transfer_id}: ${row.asset} entries sum to ${sum}, not 0`);
  }

  // Held funds are exactly the amount plus fee of the withdrawals still processing.
  const held = await kysely
    .selectFrom('accounts')
    .select(['user_id', 'asset', 'balance'])
    .where('kind', '=', ACCOUNT_KIND.held)
    .execute();
  const pending = await kysely
    .selectFrom('withdrawals')
    .select([
      'user_id',
      'asset',
      sumUnits(dialect, 'amount').as('amount'),
      sumUnits(dialect, 'fee').as('fee'),
    ])
    .where('status', 'in', ['processing', 'unknown'])
    .groupBy(['user_id', 'asset'])
    .execute();
  const pendingBy = new Map(
    pending.map((row) => [
      `${row.user_id}:${row.asset}`,
      unitsFromSum(row.amount) + unitsFromSum(row.fee),
    ]),
  );
  for (const account of held) {
    const expected = pendingBy.get(`${account.user_id}:${account.asset}`) ?? 0n;
    if (account.balance !== expected) {
      problems.push(
        `user ${account.user_id} holds ${account.balance} ${account.asset} for withdrawals of ${expected}`,
      );
    }
    pendingBy.delete(`${account.user_id}:${account.asset}`);
  }
  for (const [owner, expected] of pendingBy)
    if (expected !== 0n) problems.push(`withdrawals of ${owner} (${expected}) have no hold`);

  const unfinished = await kysely
    .selectFrom('withdrawals')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['completed', 'failed']), eb('finish_transfer_id', 'is', null)]),
        eb.and([
          eb('status', 'in', ['processing', 'unknown']),
          eb('finish_transfer_id', 'is not', null),
        ]),
      ]),
    )
    .execute();
  for (const row of unfinished)
    problems.push(`withdrawal ${row.id}: status and its settling transfer disagree`);

  const counts = await kysely
    .selectNoFrom([
      sql<bigint>`(SELECT COUNT(*) FROM accounts)`.as('accounts'),
      sql<bigint>`(SELECT COUNT(*) FROM transfers)`.as('transfers'),
    ])
    .executeTakeFirstOrThrow();
  return {
    assets: [...assets.values()],
    accounts: Number(counts.accounts),
    transfers: Number(counts.transfers),
    problems,
  };
}
