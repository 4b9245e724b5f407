// Why the ledger refused a transfer. Nothing is written when any of these is thrown. Each is
// a DomainError naming its catalogue entry, so no caller has to translate them.
import { DomainError } from '../domainError.ts';

/** A user account would go below zero. */
export class InsufficientBalanceError extends DomainError {
  override name = 'InsufficientBalanceError';
  readonly accountId: bigint;

  constructor(accountId: bigint) {
    super('insufficient_balance', { data: { field: 'amount' } });
    this.message = `Account ${accountId} has too little balance for this transfer`;
    this.accountId = accountId;
  }
}

/** The idempotency key was already used for a transfer with different content. */
export class IdempotencyConflictError extends DomainError {
  override name = 'IdempotencyConflictError';
  readonly idempotencyKey: string;

  constructor(idempotencyKey: string) {
    super('idempotency_conflict');
    this.message = `Idempotency key ${JSON.stringify(idempotencyKey)} was used for a different request`;
    this.idempotencyKey = idempotencyKey;
  }
}

/** A programming error in the caller: entries that do not balance, unknown accounts… */
export class InvalidTransferError extends DomainError {
  override name = 'InvalidTransferError';

  constructor(message: string) {
    super('internal');
    this.message = message;
  }
}

/** A balance or amount would leave the signed 64-bit range. */
export class AmountOutOfRangeError extends DomainError {
  override name = 'AmountOutOfRangeError';

  constructor(message: string) {
    super('amount_too_large', { data: { field: 'amount' } });
    this.message = message;
  }
}
