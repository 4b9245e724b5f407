// Ledger accounts: one per (owner, asset, kind). User accounts never go below zero; system
// accounts (no owner) are where money enters and leaves the ledger, so they may.
import type { AssetCode } from '../../src/api/assets.ts';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';

export const ACCOUNT_KIND = {
  /** A user's spendable (available) balance. */
  user: 'user',
  /** A user's frozen balance: held for withdrawals in progress. Never below zero either. */
  held: 'held',
  /** The other side of operator-credited deposits: its balance is minus all deposits. */
  deposits: 'deposits',
  /** Where completed withdrawals leave the ledger (sent on chain). */
  withdrawn: 'withdrawn',
  /** Fees collected from withdrawals and card services. */
  fees: 'fees',
  /** JU paid to the treasury on chain, entering the ledger: minus all such payments. */
  chain_received: 'chain_received',
  /** The mutual-aid pool that pays cycle returns; never spent below zero. */
  cycle_pool: 'cycle_pool',
  /** The pool that pays released ticket dividends; never spent below zero. */
  release_pool: 'release_pool',
  /** JU users paid for nodes from their balance. */
  node_sales: 'node_sales',
  /** Where card recharges leave the ledger (paid to the card issuer). */
  cardFunding: 'card_funding',
} as const;

/**
 * System accounts are split in this many shards, picked by user, so concurrent operations
 * of different users rarely wait for the same row. Their sum is the system account's total.
 */
export const SYSTEM_ACCOUNT_SHARDS = 8n;

export function shardFor(userId: bigint): bigint {
  return userId % SYSTEM_ACCOUNT_SHARDS;
}

export type AccountKind = (typeof ACCOUNT_KIND)[keyof typeof ACCOUNT_KIND];

interface AccountKey {
  asset: AssetCode;
  kind: AccountKind;
  shard: bigint;
}

// Every money operation looks its accounts up first.
const userAccountId = prepared((db, key: AccountKey & { userId: bigint }) =>
  db
    .selectFrom('accounts')
    .select('id')
    .where('asset', '=', key.asset)
    .where('kind', '=', key.kind)
    .where('shard', '=', key.shard)
    .where('user_id', '=', key.userId),
);

const systemAccountId = prepared((db, key: AccountKey) =>
  db
    .selectFrom('accounts')
    .select('id')
    .where('asset', '=', key.asset)
    .where('kind', '=', key.kind)
    .where('shard', '=', key.shard)
    .where('user_id', 'is', null),
);

/** The id of the account, created on first use. Safe to call concurrently. */
export async function ensureAccount(
  db: AppDatabase,
  owner: { userId: bigint | null; asset: AssetCode; kind: AccountKind; now: Date; shard?: bigint },
): Promise<bigint> {
  const shard = owner.shard ?? 0n;
  const find = async () => {
    const key = { asset: owner.asset, kind: owner.kind, shard };
    const [found] =
      owner.userId === null
        ? await systemAccountId(db, key)
        : await userAccountId(db, { ...key, userId: owner.userId });
    return found;
  };
  const existing = await find();
  if (existing) return existing.id;
  await db.kysely
    .insertInto('accounts')
    .values({
      user_id: owner.userId,
      asset: owner.asset,
      kind: owner.kind,
      shard,
      created_at: owner.now.toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const created = await find();
  if (!created) throw new Error(`Could not create the ${owner.kind} ${owner.asset} account`);
  return created.id;
}

export function ensureUserAccount(
  db: AppDatabase,
  userId: bigint,
  asset: AssetCode,
  now: Date,
  kind: typeof ACCOUNT_KIND.user | typeof ACCOUNT_KIND.held = ACCOUNT_KIND.user,
): Promise<bigint> {
  return ensureAccount(db, { userId, asset, kind, now });
}

export interface UserAccountKey {
  userId: bigint;
  asset: AssetCode;
  kind: typeof ACCOUNT_KIND.user | typeof ACCOUNT_KIND.held;
}

// A money operation's user accounts in one query rather than one each.
const userAccountIds = prepared(
  (db, keys: { userIds: bigint[]; assets: AssetCode[]; kinds: AccountKind[] }) =>
    db
      .selectFrom('accounts')
      .select(['id', 'user_id', 'asset', 'kind'])
      .where('shard', '=', 0n)
      .where((eb) =>
        eb.or(
          keys.userIds.map((userId, index) =>
            eb.and([
              eb('user_id', '=', userId),
              eb('asset', '=', keys.assets[index]!),
              eb('kind', '=', keys.kinds[index]!),
            ]),
          ),
        ),
      ),
);

/** The ids of these user accounts, in the same order, each created on first use. */
export async function ensureUserAccounts<const Keys extends readonly UserAccountKey[]>(
  db: AppDatabase,
  keys: Keys,
  now: Date,
): Promise<{ [Index in keyof Keys]: bigint }> {
  const rows = await userAccountIds(db, {
    userIds: keys.map((key) => key.userId),
    assets: keys.map((key) => key.asset),
    kinds: keys.map((key) => key.kind),
  });
  const ids: bigint[] = [];
  for (const key of keys) {
    const found = rows.find(
      (row) => row.user_id === key.userId && row.asset === key.asset && row.kind === key.kind,
    );
    ids.push(found?.id ?? (await ensureUserAccount(db, key.userId, key.asset, now, key.kind)));
  }
  return ids as { [Index in keyof Keys]: bigint };
}

export function ensureSystemAccount(
  db: AppDatabase,
  asset: AssetCode,
  kind: AccountKind,
  now: Date,
  shard = 0n,
): Promise<bigint> {
  return ensureAccount(db, { userId: null, asset, kind, now, shard });
}
