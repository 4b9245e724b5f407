// Ticket transfers between users (spec §2, §5): the sender's available tickets go straight
// to the recipient's; a transfer settles at once.
import {
  TRANSFER_COIN,
  type TransferDirection,
  type TransferRow,
} from '../../contract/api/transfer.ts';
import type { Expression } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import { prepared } from '../db/prepared.ts';
import { DomainError } from '../domainError.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { ACCOUNT_KIND, ensureUserAccounts } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/postTransfer.ts';
import { runMoneyOperation } from '../ledger/moneyOperation.ts';

export const TICKET_TRANSFER_KIND = 'ticket_transfer';

export interface TicketTransferRequest {
  senderId: bigint;
  /** EIP-55 checksummed. */
  recipientAddress: string;
  units: bigint;
  remark: string;
  idempotencyKey: string;
  now: Date;
}

const insertTicketTransfer = prepared(
  (
    db,
    row: {
      transferId: bigint;
      senderId: bigint;
      recipientId: bigint;
      units: bigint;
      remark: string;
      createdAt: string;
    },
  ) =>
    db
      .insertInto('ticket_transfers')
      .values({
        transfer_id: row.transferId,
        sender_id: row.senderId,
        recipient_id: row.recipientId,
        asset: TRANSFER_COIN,
        amount: row.units,
        remark: row.remark,
        created_at: row.createdAt,
      })
      .returning('id'),
);

/**
 * The recipient by address, with the sender's and the recipient's ticket accounts (null
 * where not opened yet): one statement, one round trip on PostgreSQL.
 */
const recipientAndAccounts = async (
  db: AppDatabase,
  parties: { address: string; senderId: bigint },
) => (await recipientWithAccounts(db, parties))[0];

const recipientWithAccounts = prepared((db, parties: { address: string; senderId: bigint }) => {
  const ticketAccount = (userId: Expression<bigint>) =>
    db
      .selectFrom('accounts')
      .select('accounts.id')
      .where('accounts.user_id', '=', userId)
      .where('accounts.asset', '=', TRANSFER_COIN)
      .where('accounts.kind', '=', ACCOUNT_KIND.user)
      // User accounts are never sharded (ledger/accounts.ts).
      .where('accounts.shard', '=', 0n);
  return db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => [
      ticketAccount(eb.val(parties.senderId)).as('from_account'),
      ticketAccount(eb.ref('users.id')).as('to_account'),
    ])
    .where('users.address', '=', parties.address);
});

export async function transferTickets(
  db: AppDatabase,
  request: TicketTransferRequest,
): Promise<TransferRow> {
  const { answer } = await runMoneyOperation(db, {
    ownerId: request.senderId,
    scope: 'ticket-transfer',
    key: request.idempotencyKey,
    request: {
      address: request.recipientAddress,
      units: request.units,
      remark: request.remark,
    },
    lockUserId: request.senderId,
    now: request.now,
    async run(trx): Promise<TransferRow> {
      const found = await recipientAndAccounts(trx, {
        address: request.recipientAddress,
        senderId: request.senderId,
      });
      if (!found) throw new DomainError('recipient_not_found', { data: { field: 'address' } });
      const { from_account: knownFrom, to_account: knownTo, ...recipient } = found;
      if (recipient.id === request.senderId)
        throw new DomainError('transfer_to_self', { data: { field: 'address' } });
      // A user's first transfer (or first ticket received) opens the account.
      const [from, to] =
        knownFrom !== null && knownTo !== null
          ? [knownFrom, knownTo]
          : await ensureUserAccounts(
              trx,
              [
                { userId: request.senderId, asset: TRANSFER_COIN, kind: ACCOUNT_KIND.user },
                { userId: recipient.id, asset: TRANSFER_COIN, kind: ACCOUNT_KIND.user },
              ],
              request.now,
            );
      const transfer = await postTransfer(trx, {
        idempotencyKey: `ticket-transfer:${request.senderId}:${request.idempotencyKey}`,
        keyIsNew: true,
        kind: TICKET_TRANSFER_KIND,
        memo: request.remark,
        legs: [
          { accountId: from, amount: -request.units },
          { accountId: to, amount: request.units },
        ],
        now: request.now,
      });
      // The domain row points at its ledger transfer, so it follows it within the
      // transaction; an insufficient balance has already refused both.
      const [row] = await insertTicketTransfer(trx, {
        transferId: transfer.id,
        senderId: request.senderId,
        recipientId: recipient.id,
        units: request.units,
        remark: request.remark,
        createdAt: transfer.createdAt,
      });
      if (!row) throw new Error('The ticket transfer was not stored');
      return {
        id: String(row.id),
        direction: 'out',
        coin: TRANSFER_COIN,
        counterparty: recipient.address,
        amount: wireAmount(TRANSFER_COIN, request.units),
        remark: request.remark,
        status: 'success',
        created_at: transfer.createdAt,
      };
    },
  });
  return answer;
}

export async function listTicketTransfers(
  db: AppDatabase,
  userId: bigint,
  query: { direction: TransferDirection; page: number; pageSize: number },
): Promise<{ list: TransferRow[]; total: number }> {
  const own = query.direction === 'out' ? 'sender_id' : 'recipient_id';
  const other = query.direction === 'out' ? 'recipient_id' : 'sender_id';
  const { rows, total } = await readPage(
    db.kysely.selectFrom('ticket_transfers').where(`ticket_transfers.${own}`, '=', userId),
    (q) =>
      q
        .innerJoin('users', 'users.id', `ticket_transfers.${other}`)
        .select([
          'ticket_transfers.id',
          'ticket_transfers.amount',
          'ticket_transfers.remark',
          'ticket_transfers.created_at',
          'users.address',
        ])
        .orderBy('ticket_transfers.id', 'desc'),
    query,
  );
  return {
    total,
    list: rows.map((row) => ({
      id: String(row.id),
      direction: query.direction,
      coin: TRANSFER_COIN,
      counterparty: row.address,
      amount: wireAmount(TRANSFER_COIN, row.amount),
      remark: row.remark,
      status: 'success',
      created_at: row.created_at,
    })),
  };
}
