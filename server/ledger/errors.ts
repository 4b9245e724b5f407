// Why the ledger refused a transfer. Nothing is written when any of these is thrown.

export class LedgerError extends Error {
  override name = 'LedgerError';
}

/** A user account would go below zero. */
export class InsufficientBalanceError extends LedgerError {
  override name = 'InsufficientBalanceError';
  readonly accountId: bigint;

  constructor(accountId: bigint) {
    super(`Account ${accountId} has too little balance for this transfer`);
    this.accountId = accountId;
  }
}

/** The idempotency key was already used for a transfer with different content. */
export class IdempotencyConflictError extends LedgerError {
  override name = 'IdempotencyConflictError';
  readonly idempotencyKey: string;

  constructor(idempotencyKey: string) {
    super(`Idempotency key ${JSON.stringify(idempotencyKey)} was used for a different transfer`);
    this.idempotencyKey = idempotencyKey;
  }
}

/** A programming error in the caller: entries that do not balance, unknown accounts… */
export class InvalidTransferError extends LedgerError {
  override name = 'InvalidTransferError';
}

/** A balance or amount would leave the signed 64-bit range. */
export class AmountOutOfRangeError extends LedgerError {
  override name = 'AmountOutOfRangeError';
}
