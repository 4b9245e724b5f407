// The one way a money request changes anything. In one transaction, always in this order:
//   1. lock the user (PostgreSQL: the user's row FOR NO KEY UPDATE; SQLite: BEGIN
//      IMMEDIATE already made this the only writer), so one user's operations run one at
//      a time. NO KEY UPDATE, not UPDATE: rows that merely reference the user (a transfer
//      to them) take KEY SHARE, which FOR UPDATE would block — two users paying each
//      other at once would then deadlock;
//   2. claim the idempotency key: the same key with the same canonical request returns the
//      stored answer and moves nothing; with another request it is refused (409). On
//      PostgreSQL the lock, the claim and the transaction's BEGIN go out together: one
//      round trip (db/pipeline.ts);
//   3. `run`: check the rules, write the domain row, post ONE ledger transfer (fees are
//      legs of it);
//   4. store the answer under the key; on PostgreSQL it goes out with the COMMIT.
// A refusal anywhere rolls all of it back, the claim included, so a corrected retry with
// the same key is judged afresh. On SQLite, operations arriving together share one commit
// (db/groupCommit.ts), each in its own savepoint; an answer waits for that commit.
// PostgreSQL conflicts (40001, 40P01) and lost unique-key races run the whole transaction
// again, a bounded number of times; the retry then finds the winner's stored answer.
import { createHash } from 'node:crypto';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { isRetryableConflict, isUniqueViolation } from '../db/sqlErrors.ts';
import { inGroupTransaction } from '../db/groupCommit.ts';
import { DomainError } from '../domainError.ts';
import { IdempotencyConflictError } from './errors.ts';
import { moneyOperations, type MoneyOutcome } from '../metrics/processMetrics.ts';

/** owner_id of operator requests, which belong to no user. */
export const OPERATOR_OWNER_ID = 0n;

const MAX_ATTEMPTS = 5;

export interface MoneyOperation<TAnswer> {
  /** The user the key belongs to (OPERATOR_OWNER_ID for the operator). */
  ownerId: bigint;
  /** What kind of request: keys of different scopes never meet. */
  scope: string;
  key: string;
  /** The request as parsed (units, checksummed addresses): what makes two requests equal. */
  request: Record<string, string | bigint | number | boolean | null>;
  /** Whose money moves: locked before the rules are checked. */
  lockUserId: bigint;
  now: Date;
  /** Checks, writes and posts; returns the answer's data (plain JSON). */
  run(trx: AppDatabase): Promise<TAnswer>;
}

export interface MoneyOperationResult<TAnswer> {
  answer: TAnswer;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export async function runMoneyOperation<TAnswer>(
  db: AppDatabase,
  operation: MoneyOperation<TAnswer>,
): Promise<MoneyOperationResult<TAnswer>> {
  try {
    const result = await runWithRetries(db, operation);
    moneyOperations.inc({
      kind: operation.scope,
      outcome: result.replayed ? 'replayed' : 'posted',
    });
    return result;
  } catch (error) {
    moneyOperations.inc({ kind: operation.scope, outcome: outcomeOfFailure(error) });
    throw error;
  }
}

function outcomeOfFailure(error: unknown): MoneyOutcome {
  return error instanceof DomainError && error.definition.status < 500 ? 'refused' : 'failed';
}

async function runWithRetries<TAnswer>(
  db: AppDatabase,
  operation: MoneyOperation<TAnswer>,
): Promise<MoneyOperationResult<TAnswer>> {
  const requestHash = hashRequest(operation.scope, operation.request);
  for (let attempt = 1; ; attempt++) {
    try {
      return await inGroupTransaction(db, (trx) => attemptOperation(trx, operation, requestHash));
    } catch (error) {
      const retryable = isRetryableConflict(error) || isUniqueViolation(error);
      if (db.kysely.isTransaction || attempt >= MAX_ATTEMPTS || !retryable) throw error;
    }
  }
}

async function attemptOperation<TAnswer>(
  trx: AppDatabase,
  operation: MoneyOperation<TAnswer>,
  requestHash: string,
): Promise<MoneyOperationResult<TAnswer>> {
  const identity = { owner_id: operation.ownerId, scope: operation.scope, key: operation.key };
  if (trx.dialect === 'postgres') await lockUser.pipelined(trx, { id: operation.lockUserId });
  const [claimed] = await claimKey(trx, {
    ...identity,
    request_hash: requestHash,
    created_at: operation.now.toISOString(),
  });
  if (!claimed) {
    const earlier = await storedAnswer<TAnswer>(trx, identity, requestHash);
    // Claimed and not answered within this transaction: another request's, still running.
    if (earlier === null) throw new IdempotencyConflictError(operation.key);
    return { answer: earlier, replayed: true };
  }

  const answer = await operation.run(trx);
  await storeAnswer.pipelined(trx, { ...identity, answer_body: JSON.stringify(answer) });
  return { answer, replayed: false };
}

/**
 * The stored answer of an earlier request with this key, without running anything: for
 * operations that must ask something outside the database (the chain) before they run, so a
 * retry gets the first answer without asking again. Null when the key is new; the same key
 * with another request is refused (409), as runMoneyOperation refuses it.
 */
export function findStoredAnswer<TAnswer>(
  db: AppDatabase,
  operation: Pick<MoneyOperation<TAnswer>, 'ownerId' | 'scope' | 'key' | 'request'>,
): Promise<TAnswer | null> {
  return storedAnswer(
    db,
    { owner_id: operation.ownerId, scope: operation.scope, key: operation.key },
    hashRequest(operation.scope, operation.request),
  );
}

/** The answer stored under a key, if any; a key used for another request is refused. */
async function storedAnswer<TAnswer>(
  db: AppDatabase,
  identity: KeyIdentity,
  requestHash: string,
): Promise<TAnswer | null> {
  const earlier = await db.kysely
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'answer_body'])
    .where('owner_id', '=', identity.owner_id)
    .where('scope', '=', identity.scope)
    .where('key', '=', identity.key)
    .executeTakeFirst();
  if (!earlier) return null;
  if (earlier.request_hash !== requestHash) throw new IdempotencyConflictError(identity.key);
  return earlier.answer_body === null ? null : (JSON.parse(earlier.answer_body) as TAnswer);
}

interface KeyIdentity {
  owner_id: bigint;
  scope: string;
  key: string;
}

const lockUser = prepared((db, { id }: { id: bigint }) =>
  db.selectFrom('users').select('id').where('id', '=', id).forNoKeyUpdate(),
);

const claimKey = prepared((db, claim: KeyIdentity & { request_hash: string; created_at: string }) =>
  db
    .insertInto('idempotency_keys')
    .values({
      owner_id: claim.owner_id,
      scope: claim.scope,
      key: claim.key,
      request_hash: claim.request_hash,
      created_at: claim.created_at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('owner_id'),
);

const storeAnswer = prepared((db, stored: KeyIdentity & { answer_body: string }) =>
  db
    .updateTable('idempotency_keys')
    .set({ answer_status: 200, answer_body: stored.answer_body })
    .where('owner_id', '=', stored.owner_id)
    .where('scope', '=', stored.scope)
    .where('key', '=', stored.key),
);

/** SHA-256 of the scope and the request with its keys sorted (bigints as decimal text). */
function hashRequest(scope: string, request: MoneyOperation<unknown>['request']): string {
  const canonical = JSON.stringify([
    scope,
    Object.keys(request)
      .sort()
      .map((name) => [
        name,
        typeof request[name] === 'bigint' ? String(request[name]) : request[name],
      ]),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
