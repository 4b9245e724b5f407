// Ledger accounts: one per (owner, asset, kind). User accounts never go below zero; system
// accounts (no owner) are where money enters and leaves the ledger, so they may.
import type { AssetCode } from '../../contract/api/assets.ts';
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

const systemAccountId = prepared(
  (db, key: { asset: AssetCode; kind: AccountKind; shard: bigint }) =>
    db
      .selectFrom('accounts')
      .select('id')
      .where('asset', '=', key.asset)
      .where('kind', '=', key.kind)
      .where('shard', '=', key.shard)
      .where('user_id', 'is', null),
);

/** Adds the account unless it exists; concurrent callers may race, the unique key settles it. */
async function insertAccount(
  db: AppDatabase,
  owner: { userId: bigint | null; asset: AssetCode; kind: AccountKind; shard: bigint; now: Date },
): Promise<void> {
  await db.kysely
    .insertInto('accounts')
    .values({
      user_id: owner.userId,
      asset: owner.asset,
      kind: owner.kind,
      shard: owner.shard,
      created_at: owner.now.toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export interface UserAccountKey {
  userId: bigint;
  asset: AssetCode;
  kind: typeof ACCOUNT_KIND.user | typeof ACCOUNT_KIND.held;
}

// Every money operation looks its user accounts up first: all of them in one query. User
// accounts are never sharded (shard 0).
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

async function findUserAccounts(
  db: AppDatabase,
  keys: readonly UserAccountKey[],
): Promise<(bigint | undefined)[]> {
  const rows = await userAccountIds(db, {
    userIds: keys.map((key) => key.userId),
    assets: keys.map((key) => key.asset),
    kinds: keys.map((key) => key.kind),
  });
  return keys.map(
    (key) =>
      rows.find(
        (row) => row.user_id === key.userId && row.asset === key.asset && row.kind === key.kind,
      )?.id,
  );
}

/**
 * The ids of these user accounts, in the same order, each created on first use. Safe to call
 * concurrently.
 */
export async function ensureUserAccounts<const Keys extends readonly UserAccountKey[]>(
  db: AppDatabase,
  keys: Keys,
  now: Date,
): Promise<{ [Index in keyof Keys]: bigint }> {
  let ids = await findUserAccounts(db, keys);
  if (ids.includes(undefined)) {
    for (const [index, key] of keys.entries()) {
      if (ids[index] === undefined) await insertAccount(db, { ...key, shard: 0n, now });
    }
    ids = await findUserAccounts(db, keys);
    const missing = keys.find((_key, index) => ids[index] === undefined);
    if (missing) throw new Error(`Could not create the ${missing.kind} ${missing.asset} account`);
  }
  return ids as { [Index in keyof Keys]: bigint };
}

export async function ensureUserAccount(
  db: AppDatabase,
  userId: bigint,
  asset: AssetCode,
  now: Date,
  kind: UserAccountKey['kind'] = ACCOUNT_KIND.user,
): Promise<bigint> {
  const [id] = await ensureUserAccounts(db, [{ userId, asset, kind }], now);
  return id;
}

/** The id of the system account (one shard of it), created on first use. Safe to call
 * concurrently. */
export async function ensureSystemAccount(
  db: AppDatabase,
  asset: AssetCode,
  kind: AccountKind,
  now: Date,
  shard = 0n,
): Promise<bigint> {
  const key = { asset, kind, shard };
  const [existing] = await systemAccountId(db, key);
  if (existing) return existing.id;
  await insertAccount(db, { ...key, userId: null, now });
  const [created] = await systemAccountId(db, key);
  if (!created) throw new Error(`Could not create the ${kind} ${asset} account`);
  return created.id;
}
