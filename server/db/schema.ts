// Table types for Kysely. Every integer column is a 64-bit integer and reads back as a
// bigint on both databases (see sqlite.ts and postgres.ts), so the types say bigint.
// Times are ISO 8601 UTC strings of fixed width (Date#toISOString), which sort correctly as
// text on both databases.
import type { Generated, Insertable, Selectable } from 'kysely';
import type * as team from './schemaTeam.ts';
import type { CardTables } from './schemaCard.ts';
import type { ChainTables } from './schemaChain.ts';
import type { SharedTables } from './schemaShared.ts';
import type * as content from './schemaContent.ts';
import type { RealtimeTables } from './schemaRealtime.ts';
import type { EnvelopeTables } from './schemaEnvelope.ts';

export interface UsersTable {
  id: Generated<bigint>;
  /** EIP-55 checksummed. */
  address: string;
  invite_code: string;
  referrer_id: bigint | null;
  level: Generated<bigint>;
  created_at: string;
  activated_at: string | null;
}

export interface LoginNoncesTable {
  nonce: string;
  /** The checksummed address the nonce was issued to; only that address may use it. */
  address: string;
  created_at: string;
  expires_at: string;
}

export interface SessionsTable {
  id: Generated<bigint>;
  /** Hex SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: bigint;
  created_at: string;
  expires_at: string;
  /** The app's per-browser id (not secret); a new sign-in from it ends its older sessions. */
  device_id: string | null;
  /** The User-Agent it signed in with, cut short; only ever shown back to its user. */
  user_agent: string | null;
}

export interface AccountsTable {
  id: Generated<bigint>;
  /** Null for system accounts (e.g. 'deposits'), which may go negative. */
  user_id: bigint | null;
  asset: string;
  kind: string;
  /** Units of the asset; always equals the sum of this account's entries. */
  balance: Generated<bigint>;
  /** System accounts are split in shards so no single row serialises every transfer. */
  shard: Generated<bigint>;
  created_at: string;
}

export interface TransfersTable {
  id: Generated<bigint>;
  idempotency_key: string;
  /** SHA-256 of the transfer's content, to tell a replay from a conflicting reuse of a key. */
  request_hash: string;
  kind: string;
  memo: string;
  /** How many entries the transfer has; the database checks they arrive and balance. */
  entry_count: bigint;
  created_at: string;
}

export interface EntriesTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  account_id: bigint;
  /** Signed units: negative leaves the account, positive arrives. */
  amount: bigint;
  balance_after: bigint;
}

export interface IdempotencyKeysTable {
  /** The user, or 0 for the operator. */
  owner_id: bigint;
  scope: string;
  key: string;
  /** SHA-256 of the canonical request: the same key with another request is refused. */
  request_hash: string;
  answer_status: number | null;
  /** The answer's `data`, as JSON. */
  answer_body: string | null;
  created_at: string;
}

export interface TicketTransfersTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  sender_id: bigint;
  recipient_id: bigint;
  asset: string;
  amount: bigint;
  remark: string;
  created_at: string;
}

export type WithdrawalStatus = 'processing' | 'completed' | 'failed' | 'unknown';

export interface WithdrawalsTable {
  id: Generated<bigint>;
  user_id: bigint;
  asset: string;
  network: string;
  address: string;
  /** Units that arrive at the address; the fee is held and taken on top. */
  amount: bigint;
  fee: bigint;
  status: WithdrawalStatus;
  txid: string | null;
  failure_reason: string | null;
  reserve_transfer_id: bigint;
  finish_transfer_id: bigint | null;
  created_at: string;
  finished_at: string | null;
  /** The JU fee's payment on chain (JU withdrawals paid that way). */
  fee_payment_id: bigint | null;
}

export interface DatabaseSchema
  extends ChainTables, CardTables, SharedTables, RealtimeTables, EnvelopeTables {
  users: UsersTable;
  login_nonces: LoginNoncesTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  transfers: TransfersTable;
  entries: EntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  ticket_transfers: TicketTransfersTable;
  withdrawals: WithdrawalsTable;
  content_blocks: content.ContentBlocksTable;
  notices: content.NoticesTable;
  notice_texts: content.NoticeTextsTable;
  notice_reads: content.NoticeReadsTable;
  mall_orders: content.MallOrdersTable;
  performance_entries: content.PerformanceEntriesTable;
  team_figures: team.TeamFiguresTable;
  team_deltas: team.TeamDeltasTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type TransferRow = Selectable<TransfersTable>;
export type EntryRow = Selectable<EntriesTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
