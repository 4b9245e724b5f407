// Posting a transfer: entries that move money between accounts, all or nothing.
//
// Invariants kept here, inside one transaction, and again by the database (migration 0002,
// listed in docs/operations.md):
// - the entries of a transfer sum to zero per asset, so money is never created or lost;
// - no user account (available or held) goes below zero, and no balance leaves the signed
//   64-bit range;
// - a balance changes only through an entry: the database applies each entry to its
//   account and checks the balance after it states;
// - history is append-only (the database refuses UPDATE/DELETE/REPLACE on transfers and
//   entries);
// - the idempotency key makes a retried request harmless: the same key with the same
//   content returns the first result, with different content it is refused. (Requests from
//   users are deduplicated earlier, by moneyOperation.ts; this key is the ledger's own.)
// - every posting tells each user whose account it moves, in realtime (a balance and a
//   record event each, realtime/events.ts): the events are written in this transaction, so
//   a rolled-back posting pushes nothing, and are pushed once it commits. A replay tells
//   no one: nothing moved.
//
// Race safety: on PostgreSQL the accounts are locked (SELECT … FOR NO KEY UPDATE, in id
// order so two transfers cannot deadlock; NO KEY so the entries' foreign-key checks on other
// accounts never wait for it) before balances are read; SQLite runs one write transaction
// at a time.
//
// Round trips on PostgreSQL (each holds those locks a little longer): two, whatever the
// number of legs — the ordered lock that reads the balances, and one statement storing the
// transfer with all its entries. The events go out with the transaction's COMMIT.
import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { isInt64 } from '../../contract/money/amount.ts';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { TransferRow } from '../db/schema.ts';
import { isUniqueViolation } from '../db/sqlErrors.ts';
import { inTransaction } from '../db/transaction.ts';
import { transferEvents } from '../realtime/events.ts';
import { emitEvents } from '../realtime/outbox.ts';
import {
  AmountOutOfRangeError,
  IdempotencyConflictError,
  InsufficientBalanceError,
  InvalidTransferError,
} from './errors.ts';

export interface TransferLeg {
  accountId: bigint;
  /** Units of the account's asset: negative leaves the account, positive arrives. */
  amount: bigint;
}

export interface TransferRequest {
  /** Unique per operation; callers prefix it with their scope (e.g. "admin-credit:"). */
  idempotencyKey: string;
  kind: string;
  memo?: string;
  legs: readonly TransferLeg[];
  now: Date;
  /**
   * The caller claimed the request this key is made from in this same transaction (a money
   * operation's key, see money/moneyOperation.ts), so no transfer can hold it yet: it is not
   * looked up first. The unique key still refuses a duplicate.
   */
  keyIsNew?: boolean;
}

export interface PostedEntry {
  accountId: bigint;
  amount: bigint;
  balanceAfter: bigint;
}

export interface PostedTransfer {
  id: bigint;
  idempotencyKey: string;
  kind: string;
  memo: string;
  createdAt: string;
  entries: PostedEntry[];
  /** True when this is the stored result of an earlier call with the same key. */
  replayed: boolean;
}

export async function postTransfer(
  db: AppDatabase,
  request: TransferRequest,
): Promise<PostedTransfer> {
  const legs = checkLegs(request.legs);
  const requestHash = fingerprint(request.kind, request.memo ?? '', legs);
  try {
    return await inTransaction(db, (trx) => post(trx, request, legs, requestHash));
  } catch (error) {
    // Two concurrent calls with one key: the loser's insert hits the unique key. Its own
    // transaction is gone, so look again from the top, where it now finds the winner's.
    if (db.kysely.isTransaction || !isUniqueViolation(error)) throw error;
    return inTransaction(db, (trx) => post(trx, request, legs, requestHash));
  }
}

async function post(
  db: AppDatabase,
  request: TransferRequest,
  legs: readonly TransferLeg[],
  requestHash: string,
): Promise<PostedTransfer> {
  const accounts = await lockAccounts(db, legs);
  const earlier = request.keyIsNew ? undefined : await findTransfer(db, request.idempotencyKey);
  if (earlier) {
    if (earlier.request_hash !== requestHash)
      throw new IdempotencyConflictError(request.idempotencyKey);
    return { ...(await loadPosted(db, earlier)), replayed: true };
  }

  const entries = legs.map(({ accountId, amount }): PostedEntry => {
    const account = accounts.get(accountId)!;
    const balanceAfter = account.balance + amount;
    if (!isInt64(balanceAfter))
      throw new AmountOutOfRangeError(`Account ${accountId} balance would overflow`);
    if (account.user_id !== null && balanceAfter < 0n)
      throw new InsufficientBalanceError(accountId);
    return { accountId, amount, balanceAfter };
  });
  checkBalanced(legs, accounts);

  // The database applies each entry to its account's balance (a trigger), and refuses an
  // entry whose balance_after is not that balance.
  const transferId = await insertTransferAndEntries(
    db,
    {
      idempotency_key: request.idempotencyKey,
      request_hash: requestHash,
      kind: request.kind,
      memo: request.memo ?? '',
      entry_count: BigInt(entries.length),
      created_at: request.now.toISOString(),
    },
    {
      accountIds: entries.map((entry) => entry.accountId),
      amounts: entries.map((entry) => entry.amount),
      balancesAfter: entries.map((entry) => entry.balanceAfter),
    },
  );
  await emitEvents(
    db,
    transferEvents(
      request.kind,
      legs.map(({ accountId, amount }) => {
        const account = accounts.get(accountId)!;
        return { userId: account.user_id, asset: account.asset, amount };
      }),
    ),
    request.now,
  );
  return {
    id: transferId,
    idempotencyKey: request.idempotencyKey,
    kind: request.kind,
    memo: request.memo ?? '',
    createdAt: request.now.toISOString(),
    entries,
    replayed: false,
  };
}

/** Legs in account-id order (the locking order), each account once, each amount non-zero. */
function checkLegs(legs: readonly TransferLeg[]): TransferLeg[] {
  if (legs.length < 2) throw new InvalidTransferError('A transfer needs at least two entries');
  const sorted = [...legs].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  sorted.forEach((leg, index) => {
    if (leg.amount === 0n) throw new InvalidTransferError('An entry amount cannot be zero');
    if (!isInt64(leg.amount)) throw new AmountOutOfRangeError('An entry amount is out of range');
    if (index > 0 && sorted[index - 1]!.accountId === leg.accountId) {
      throw new InvalidTransferError(`Account ${leg.accountId} appears twice in one transfer`);
    }
  });
  return sorted;
}

type LockedAccount = { id: bigint; user_id: bigint | null; asset: string; balance: bigint };

const accountsForPosting = prepared((db, { ids }: { ids: bigint[] }, dialect) => {
  const query = db
    .selectFrom('accounts')
    .select(['id', 'user_id', 'asset', 'balance'])
    .where('id', 'in', ids)
    .orderBy('id');
  return dialect === 'postgres' ? query.forNoKeyUpdate() : query;
});

async function lockAccounts(
  db: AppDatabase,
  legs: readonly TransferLeg[],
): Promise<Map<bigint, LockedAccount>> {
  const rows = await accountsForPosting(db, { ids: legs.map((leg) => leg.accountId) });
  const accounts = new Map(rows.map((row) => [row.id, row]));
  for (const leg of legs) {
    if (!accounts.has(leg.accountId))
      throw new InvalidTransferError(`Account ${leg.accountId} does not exist`);
  }
  return accounts;
}

function checkBalanced(legs: readonly TransferLeg[], accounts: Map<bigint, LockedAccount>): void {
  const sums = new Map<string, bigint>();
  for (const leg of legs) {
    const asset = accounts.get(leg.accountId)!.asset;
    sums.set(asset, (sums.get(asset) ?? 0n) + leg.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new InvalidTransferError(`The ${asset} entries sum to ${sum}, not 0`);
  }
}

type NewTransferRow = Omit<TransferRow, 'id'>;

/** Entries as parallel lists, one item per leg. */
interface NewEntries {
  accountIds: bigint[];
  amounts: bigint[];
  balancesAfter: bigint[];
}

/**
 * Stores the transfer and its entries; answers the transfer's id. PostgreSQL: one statement
 * (the entries' triggers see the transfer row its first part inserts). SQLite, where a
 * statement costs no round trip and a WITH clause cannot insert: the transfer, then its
 * entries.
 */
async function insertTransferAndEntries(
  db: AppDatabase,
  transfer: NewTransferRow,
  entries: NewEntries,
): Promise<bigint> {
  if (db.dialect === 'postgres') {
    const { rows } = await db.kysely.executeQuery<{ transfer_id: bigint }>(
      CompiledQuery.raw(INSERT_TRANSFER_AND_ENTRIES, [
        transfer.idempotency_key,
        transfer.request_hash,
        transfer.kind,
        transfer.memo,
        transfer.entry_count,
        transfer.created_at,
        entries.accountIds,
        entries.amounts,
        entries.balancesAfter,
      ]),
    );
    if (!rows[0]) throw new Error('The transfer was not stored');
    return rows[0].transfer_id;
  }
  const [stored] = await insertTransfer(db, transfer);
  if (!stored) throw new Error('The transfer was not stored');
  await insertEntries(db, { transferId: stored.id, ...entries });
  return stored.id;
}

const INSERT_TRANSFER_AND_ENTRIES = `
  WITH transfer AS (
    INSERT INTO transfers (idempotency_key, request_hash, kind, memo, entry_count, created_at)
    VALUES ($1, $2, $3, $4, $5, $6)
    RETURNING id
  )
  INSERT INTO entries (transfer_id, account_id, amount, balance_after)
  SELECT transfer.id, entry.account_id, entry.amount, entry.balance_after
    FROM transfer
   CROSS JOIN unnest($7::bigint[], $8::bigint[], $9::bigint[])
              WITH ORDINALITY AS entry (account_id, amount, balance_after, position)
   ORDER BY entry.position
  RETURNING transfer_id`;

const insertTransfer = prepared((db, row: NewTransferRow) =>
  db
    .insertInto('transfers')
    .values({
      idempotency_key: row.idempotency_key,
      request_hash: row.request_hash,
      kind: row.kind,
      memo: row.memo,
      entry_count: row.entry_count,
      created_at: row.created_at,
    })
    .returning('id'),
);

/** One row per entry. */
const insertEntries = prepared((db, rows: NewEntries & { transferId: bigint }) =>
  db.insertInto('entries').values(
    rows.accountIds.map((accountId, index) => ({
      transfer_id: rows.transferId,
      account_id: accountId,
      amount: rows.amounts[index]!,
      balance_after: rows.balancesAfter[index]!,
    })),
  ),
);

const transferByKey = prepared((db, { key }: { key: string }) =>
  db.selectFrom('transfers').selectAll().where('idempotency_key', '=', key),
);

async function findTransfer(db: AppDatabase, idempotencyKey: string) {
  return (await transferByKey(db, { key: idempotencyKey }))[0];
}

async function loadPosted(
  db: AppDatabase,
  transfer: NonNullable<Awaited<ReturnType<typeof findTransfer>>>,
): Promise<Omit<PostedTransfer, 'replayed'>> {
  const rows = await db.kysely
    .selectFrom('entries')
    .select(['account_id', 'amount', 'balance_after'])
    .where('transfer_id', '=', transfer.id)
    .orderBy('account_id')
    .execute();
  return {
    id: transfer.id,
    idempotencyKey: transfer.idempotency_key,
    kind: transfer.kind,
    memo: transfer.memo,
    createdAt: transfer.created_at,
    entries: rows.map((row) => ({
      accountId: row.account_id,
      amount: row.amount,
      balanceAfter: row.balance_after,
    })),
  };
}

/** What makes two requests "the same": kind, memo and the legs, not the time. */
function fingerprint(kind: string, memo: string, legs: readonly TransferLeg[]): string {
  const canonical = JSON.stringify([
    kind,
    memo,
    legs.map((leg) => [String(leg.accountId), String(leg.amount)]),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
